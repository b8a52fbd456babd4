// `SmartCrop.suggest`: the suggestion on the salient object for a ratio or a size, on the picture as shown (orientation, turns).

import CropKit
import Foundation
import Imaging
import Testing

@Suite struct SmartCropTests {
    /// A `width`×`height` picture of grey noise with a saturated red disc of `radius` centred at (x, y).
    private func scene(
        _ folder: TempFolder, _ name: String, width: Int, height: Int, disc: (x: Int, y: Int), radius: Int
    ) throws -> String {
        let path = folder.file(name)
        try Tool.run([
            "convert", "-size", "\(width)x\(height)", "xc:gray50", "-attenuate", "0.6", "+noise", "Gaussian", "-colorspace",
            "gray",
            "-colorspace", "sRGB", "-fill", "rgb(230,20,30)", "-draw", "circle \(disc.x),\(disc.y) \(disc.x + radius),\(disc.y)",
            path,
        ])
        return path
    }

    /// Whether `rect` holds the whole disc.
    private func holds(_ rect: PixelRect, _ disc: (x: Int, y: Int), radius: Int) -> Bool {
        rect.x <= disc.x - radius && rect.y <= disc.y - radius && rect.x + rect.width >= disc.x + radius + 1
            && rect.y + rect.height >= disc.y + radius + 1
    }

    @Test func aGivenSizeIsKeptAndPlacedOnTheObject() throws {
        let folder = TempFolder("smartcrop")
        defer { folder.remove() }
        let path = try scene(folder, "scene.png", width: 900, height: 600, disc: (120, 470), radius: 30)
        let rect = try SmartCrop.suggest(path: path, target: .size(PixelSize(width: 300, height: 200)))
        #expect(rect.width == 300 && rect.height == 200)
        #expect(holds(rect, (120, 470), radius: 30), "\(rect)")
        // Larger than the picture: the whole picture.
        #expect(
            try SmartCrop.suggest(path: path, target: .size(PixelSize(width: 5000, height: 5000)))
                == PixelRect(x: 0, y: 0, width: 900, height: 600))
    }

    @Test func theSuggestionIsOnThePictureAsShownTurnedAndMirrored() throws {
        let folder = TempFolder("smartcrop")
        defer { folder.remove() }
        let disc = (x: 700, y: 90), radius = 28
        let path = try scene(folder, "scene.png", width: 800, height: 500, disc: disc, radius: radius)
        for orientation in ImageOrientation.allCases {
            let rect = try SmartCrop.suggest(path: path, transform: orientation, target: .ratio(1))
            let shown = orientation.displayedSize(storedWidth: 800, storedHeight: 500)
            #expect(rect.width == 500 && rect.height == 500)
            // The disc's box on the picture as shown, carried by the orientation's own map.
            let box = CropRect(
                pixelRect: PixelRect(x: disc.x - radius, y: disc.y - radius, width: 2 * radius + 1, height: 2 * radius + 1),
                imageWidth: 800, imageHeight: 500)
            let shownBox = orientation.displayedRect(fromStored: box).pixelRect(
                imageWidth: shown.width, imageHeight: shown.height)
            #expect(
                rect.x <= shownBox.x && rect.y <= shownBox.y && rect.x + rect.width >= shownBox.x + shownBox.width
                    && rect.y + rect.height >= shownBox.y + shownBox.height, "\(orientation): \(rect) misses \(shownBox)")
        }
    }

    @Test func theExifOrientationIsAppliedFirst() throws {
        let folder = TempFolder("smartcrop")
        defer { folder.remove() }
        let png = try scene(folder, "scene.png", width: 800, height: 500, disc: (700, 420), radius: 28)
        let jpeg = folder.file("turned.jpg")
        // Stored as it is, shown a quarter turn clockwise (EXIF 6): the disc ends up at the bottom left.
        try Tool.run(["convert", png, "-quality", "95", jpeg])
        try Tool.run(["exiftool", "-q", "-overwrite_original", "-Orientation#=6", jpeg])
        let rect = try SmartCrop.suggest(path: jpeg, target: .ratio(1))
        #expect(rect.width == 500 && rect.height == 500)
        // (700, 420) stored is (500 - 1 - 420, 700) = (79, 700) shown: the square at the foot of the
        // 500×800 picture (the stored picture's square would be at its right, 300 across).
        #expect(rect.x == 0 && rect.y == 300, "\(rect)")
    }

    @Test func aFileThatIsNoPictureIsRefusedInWords() throws {
        let folder = TempFolder("smartcrop")
        defer { folder.remove() }
        let path = folder.file("nothing.png")
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: path))
        #expect(imagingError { try SmartCrop.suggest(path: path, target: .ratio(1)) } != nil)
    }
}
