// A straightened crop in the sidecar read back as darktable's Lightroom import reads it, for all 8 EXIF orientations.

import CropKit
import Foundation
import Imaging
import Testing

@Suite struct SidecarAngleTests {
    /// Where a point of the stored frame's box (0…1) lands in the upright box, by the EXIF definitions.
    static func upright(_ x: Double, _ y: Double, orientation: Int) -> (Double, Double) {
        switch orientation {
        case 2: return (1 - x, y)
        case 3: return (1 - x, 1 - y)
        case 4: return (x, 1 - y)
        case 5: return (y, x)
        case 6: return (1 - y, x)
        case 7: return (1 - y, 1 - x)
        case 8: return (y, 1 - x)
        default: return (x, y)
        }
    }

    @Test(arguments: 1...8) func darktablesImportFindsTheCropWeKept(orientation: Int) throws {
        let dir = TempFolder("sidecar-angle-o\(orientation)")
        defer { dir.remove() }
        let src = dir.file("src.jpg")
        try OrientationTests.makeSource(src, orientation: orientation)
        let storedWidth = 64.0, storedHeight = 48.0
        let (uprightWidth, uprightHeight) = orientation >= 5 ? (48, 64) : (64, 48)
        let angle = StraightenAngle(degrees: 6.5)
        let turned = TurnedPicture(width: uprightWidth, height: uprightHeight, angle: angle)
        let crop = turned.fitted(CropRect(x: 0.32, y: 0.3, width: 0.4, height: 0.35))
        try Sidecar.write(StoredCrop(rect: crop, angle: angle), for: src)
        let crs = try Tool.text([
            "exiftool", "-s3", "-n", "-XMP-crs:CropLeft", "-XMP-crs:CropTop", "-XMP-crs:CropRight",
            "-XMP-crs:CropBottom", "-XMP-crs:CropAngle", src + ".xmp",
        ])
        .split(separator: "\n").compactMap { Double($0) }
        try #require(crs.count == 5, "crs values \(crs)")
        // darktable: the corners about the picture's centre in stored pixels, turned by CropAngle
        // (x cos + y sin, −x sin + y cos), then normalized on the exact turned box.
        let a = crs[4] * .pi / 180
        let boxWidth = storedWidth * abs(cos(a)) + storedHeight * abs(sin(a))
        let boxHeight = storedWidth * abs(sin(a)) + storedHeight * abs(cos(a))
        func toBox(_ u: Double, _ v: Double) -> (Double, Double) {
            let x = (u - 0.5) * storedWidth, y = (v - 0.5) * storedHeight
            return ((x * cos(a) + y * sin(a)) / boxWidth + 0.5, (-x * sin(a) + y * cos(a)) / boxHeight + 0.5)
        }
        let corners = [toBox(crs[0], crs[1]), toBox(crs[2], crs[3])].map { Self.upright($0.0, $0.1, orientation: orientation) }
        let (exactWidth, exactHeight) = orientation >= 5 ? (boxHeight, boxWidth) : (boxWidth, boxHeight)
        // Both as pixels from the box's centre (ours is normalized on the box rounded up to whole pixels).
        let theirs = [
            (min(corners[0].0, corners[1].0) - 0.5) * exactWidth, (min(corners[0].1, corners[1].1) - 0.5) * exactHeight,
            (max(corners[0].0, corners[1].0) - 0.5) * exactWidth, (max(corners[0].1, corners[1].1) - 0.5) * exactHeight,
        ]
        let box = turned.boundingSize
        let ours = [
            (crop.minX - 0.5) * Double(box.width), (crop.minY - 0.5) * Double(box.height),
            (crop.maxX - 0.5) * Double(box.width), (crop.maxY - 0.5) * Double(box.height),
        ]
        for (t, o) in zip(theirs, ours) { #expect(abs(t - o) < 0.01, "orientation \(orientation): \(theirs) vs \(ours)") }
        // Lightroom's angle turns the other way, and a mirroring orientation reverses it on the stored grid.
        let mirrors = [2, 4, 5, 7].contains(orientation)
        #expect(abs((mirrors ? crs[4] : -crs[4]) - angle.degrees) < 1e-6, "CropAngle \(crs[4])")
        let read = try #require(try Sidecar.read(for: src))
        #expect(read.crop.angle == angle)
        #expect(abs(read.crop.rect.minX - crop.minX) < 1e-5 && abs(read.crop.rect.maxY - crop.maxY) < 1e-5)
    }
}
