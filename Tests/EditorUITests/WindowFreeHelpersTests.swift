// What the features compute without a window: result names, Apply to All's command lines, ratios' and sizes' targets.

import CropKit
import Foundation
import GtkSupport
import ImagingCore
import Testing

@testable import EditorUI

struct WindowFreeHelpersTests {
    @Test func croppedNamesKeepTheFormatOrFallBackToPNG() {
        #expect(Saving.croppedName(for: "/p/a b.jpg") == "/p/a b (cropped).jpg")
        #expect(Saving.croppedName(for: "/p/anim.gif") == "/p/anim (cropped).png")
        #expect(Saving.croppedName(for: "/p/x.TIFF") == "/p/x (cropped).TIFF")
        // A circle needs transparency: JPEG and TIFF become PNG, PNG and WebP stay.
        #expect(Saving.croppedName(for: "/p/face.jpg", shape: .circle) == "/p/face (cropped).png")
        #expect(Saving.croppedName(for: "/p/face.tif", shape: .circle) == "/p/face (cropped).png")
        #expect(Saving.croppedName(for: "/p/face.webp", shape: .circle) == "/p/face (cropped).webp")
        #expect(Saving.croppedName(for: "/p/face.png", shape: .circle) == "/p/face (cropped).png")
    }

    @Test func aPastedPictureIsSavedInThePicturesFolderUnderTheDateAndTime() {
        var parts = DateComponents()
        (parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second) = (2026, 12, 2, 14, 3, 11)
        let date = Calendar.current.date(from: parts)!
        #expect(Saving.pastedName(at: date) == "Pasted Image 2026-12-02 14-03-11.png")
        #expect(Saving.picturesFolder == Files.picturesFolder)
    }

    /// Every orientation's `--flip` and `--rotate`, applied as the command line applies them (the flip,
    /// then quarter turns clockwise), give the orientation back.
    @Test(arguments: ImageOrientation.allCases)
    func aTurnAndFlipBecomeTheCommandLinesOptions(_ orientation: ImageOrientation) {
        let arguments = PhotoJob.transformArguments(orientation)
        var composed = ImageOrientation.up
        for argument in arguments {
            switch argument {
            case "--flip=horizontal": composed = composed.applying(.flipHorizontal)
            case "--flip=vertical": composed = composed.applying(.flipVertical)
            case let rotate where rotate.hasPrefix("--rotate="):
                let turns = (Int(rotate.dropFirst("--rotate=".count)) ?? 0) / 90
                for _ in 0..<turns { composed = composed.applying(.rotateRight) }
            default: Issue.record("unexpected \(argument)")
            }
        }
        #expect(composed == orientation, "\(arguments)")
        #expect(arguments.count <= 2)
        #expect(PhotoJob.transformArguments(.up).isEmpty)
    }

    @Test func anOutputSizeBecomesSizeOrPrintSizeWithItsResolution() {
        #expect(PhotoJob.sizeArguments(.original).isEmpty)
        #expect(PhotoJob.sizeArguments(.longerSide(2048)) == ["--size=2048"])
        #expect(PhotoJob.sizeArguments(.pixels(PixelSize(width: 1080, height: 1350))) == ["--size=1080x1350"])
        let print = PrintSize(width: 15, height: 10, unit: .centimetres, ppi: 240)!
        #expect(PhotoJob.sizeArguments(.print(print)) == ["--print-size=15x10cm", "--resolution=240"])
    }

    @Test func theSameRectangleIsCutFromEachPhotoAndStraightenedByTheAngle() {
        let half = AppliedCrop.sameRectangle(CropRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
        #expect(
            PhotoJob.cropArguments(half, size: .original, on: (width: 400, height: 200), angle: .zero)
                == ["--crop=200x100+100+50"])
        let straightened = PhotoJob.cropArguments(
            half, size: .original, on: (width: 400, height: 200), angle: StraightenAngle(degrees: 2.5))
        #expect(straightened.first == "--straighten=2.50")
        #expect(straightened.count == 2 && straightened[1].hasPrefix("--crop="))
        // An exact size's ratio narrows the part, centred.
        let square = PhotoJob.cropArguments(
            half, size: .pixels(PixelSize(width: 500, height: 500)), on: (width: 400, height: 200), angle: .zero)
        #expect(square == ["--crop=100x100+150+50"])
    }

    @Test func aSuggestionsJobAsksForTheSmartCropOfTheRatioAndSavesBesideThePhoto() throws {
        let job = try PhotoJob.make(
            path: "/photos/a.jpg", applied: nil, ratio: 0.8, transform: ImageOrientation.up.applying(.rotateRight),
            shape: .circle,
            size: .longerSide(512)
        ).get()
        #expect(job.image == "/photos/a.jpg")
        #expect(
            job.arguments == [
                "--rotate=90", "--size=512", "--shape=circle", "--crop=auto", "--aspect=0.800000:1", "--prefer-lossless",
                "--output=/photos/a (cropped).png", "--", "/photos/a.jpg",
            ])
    }

    /// Save and Copy ask the export for the crop as the editor shows it: turned, shaped, straightened,
    /// at the output size, lossless where the cut allows it, the source replaced only when asked.
    @Test func aSaveAsksTheExportForTheEditorsTurnShapeAngleAndSize() {
        var editor = CropEditor()
        _ = editor.load(uprightWidth: 600, uprightHeight: 400, crop: .unit, angle: StraightenAngle(degrees: 3))
        _ = editor.apply(.rotateRight)
        editor.shape = .circle
        let size = OutputSize.longerSide(800)
        let options = Saving.exportOptions(editor, outputSize: size)
        #expect(options.transform == ImageOrientation.up.applying(.rotateRight))
        #expect(options.shape == .circle)
        #expect(options.outputSize == size)
        #expect(options.straighten == editor.angle)
        #expect(!options.straighten.isZero, "the editor's angle was not kept")
        #expect(options.preferLossless)
        #expect(!options.allowOverwritingSource)
        #expect(Saving.exportOptions(editor, outputSize: size, overwritingSource: true).allowOverwritingSource)
    }

    @Test func ratiosAndSizesReadBackFromTheirActionTargets() {
        #expect(RatioChoice.ratio(target: "free") == .free)
        #expect(RatioChoice.ratio(target: "original") == .original)
        #expect(RatioChoice.ratio(target: "original swapped") == AspectRatio.original.swapped)
        #expect(RatioChoice.ratio(target: "16:9") == AspectRatio(parsing: "16:9"))
        #expect(RatioChoice.ratio(target: "sideways") == nil)
        for size: OutputSize in [.original, .longerSide(2048), .pixels(PixelSize(width: 1080, height: 1350))] {
            #expect(OutputSizing.size(target: OutputSizing.target(size)) == size)
        }
        #expect(OutputSizing.target(.original) == OutputSizing.originalTarget)
    }
}
