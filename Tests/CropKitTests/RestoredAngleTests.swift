// A kept straightened crop loaded as one state, and the region of the picture a part of the turned box shows.
import CropKit
import Testing

@Suite struct RestoredAngleTests {
    @Test func loadingWithAnAngleRestoresTheAngleAndTheCropWithNoStepToUndo() {
        var editor = CropEditor()
        let crop = CropRect(x: 0.3, y: 0.3, width: 0.2, height: 0.2)
        editor.load(uprightWidth: 4000, uprightHeight: 3000, crop: crop, angle: StraightenAngle(degrees: 2.5))
        #expect(editor.angle == StraightenAngle(hundredths: 250))
        #expect(editor.crop == crop)
        #expect(!editor.canUndo && !editor.canRedo)
        #expect(editor.straightenedPicture.contains(editor.crop))
        // Reset: the largest frame of the picture's proportions inside the turned picture.
        editor.reset()
        #expect(isClose(editor.crop, editor.straightenedPicture.largestUprightCrop, tolerance: 1e-9))
    }

    @Test func aKeptCropReachingOutsideIsFittedInside() {
        var editor = CropEditor()
        editor.load(uprightWidth: 4000, uprightHeight: 3000, crop: .unit, angle: StraightenAngle(degrees: -7))
        #expect(editor.angle == StraightenAngle(degrees: -7))
        #expect(editor.straightenedPicture.contains(editor.crop))
        #expect(editor.crop.width < 1 && editor.crop.height < 1)
    }

    @Test func loadingAtNoAngleIsThePlainLoad() {
        var a = CropEditor(), b = CropEditor()
        let crop = CropRect(x: 0.1, y: 0.2, width: 0.5, height: 0.4)
        a.load(uprightWidth: 640, uprightHeight: 480, crop: crop, angle: .zero)
        b.load(uprightWidth: 640, uprightHeight: 480, crop: crop)
        #expect(a == b)
    }

    @Test func theWholeBoxCoversTheWholePictureAndItsCentreTheCentre() throws {
        let picture = TurnedPicture(width: 4000, height: 3000, angle: StraightenAngle(degrees: 10))
        #expect(picture.pictureRegion(coveringBox: .unit) == .unit)
        let middle = try #require(
            picture.pictureRegion(coveringBox: CropRect(x: 0.45, y: 0.45, width: 0.1, height: 0.1)))
        #expect(abs(middle.midX - 0.5) < 1e-9 && abs(middle.midY - 0.5) < 1e-9)
        // A turned square's bounding box is wider than the square.
        #expect(middle.width > 0.1 * Double(picture.boundingSize.width) / 4000)
    }

    @Test func everyPointOfABoxRegionFallsInsideItsPictureRegion() throws {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let angle = StraightenAngle(hundredths: Int.random(in: -4500...4500, using: &random))
            let picture = TurnedPicture(
                width: Int.random(in: 1...5000, using: &random), height: Int.random(in: 1...5000, using: &random),
                angle: angle)
            let x = Double.random(in: 0..<0.9, using: &random), y = Double.random(in: 0..<0.9, using: &random)
            let box = CropRect(
                x: x, y: y, width: Double.random(in: 0.01...(1 - x), using: &random),
                height: Double.random(in: 0.01...(1 - y), using: &random))
            guard let region = picture.pictureRegion(coveringBox: box) else { continue }
            for (fx, fy) in [(0.0, 0.0), (1.0, 0.0), (0.5, 0.5), (0.2, 0.9), (1.0, 1.0)] {
                let p = CropPoint(
                    x: (box.minX + fx * box.width) * Double(picture.boundingSize.width),
                    y: (box.minY + fy * box.height) * Double(picture.boundingSize.height))
                let q = picture.picturePoint(fromBox: p)
                let u = q.x / Double(picture.width), v = q.y / Double(picture.height)
                guard (0...1).contains(u), (0...1).contains(v) else { continue }
                #expect(u >= region.minX - 1e-9 && u <= region.maxX + 1e-9)
                #expect(v >= region.minY - 1e-9 && v <= region.maxY + 1e-9)
            }
        }
    }
}

@Suite struct FixedFrameAtAnAngleTests {
    @Test func aPanPastTheTurnedEdgeSlidesTheFrameBackInsideKeepingItsSize() {
        var editor = CropEditor()
        editor.load(uprightWidth: 4000, uprightHeight: 3000, crop: CropRect(x: 0.3, y: 0.3, width: 0.3, height: 0.3))
        editor.setAngle(StraightenAngle(degrees: 10))
        let crop = editor.crop
        // Panned far to the top left: the box's corner lies outside the turned picture.
        let wanted = CropRect(x: 0, y: 0, width: crop.width, height: crop.height)
        #expect(!editor.straightenedPicture.contains(wanted))
        let shown = editor.fixedFrameCrop(wanted)
        #expect(editor.straightenedPicture.contains(shown))
        #expect(isClose(shown.width, crop.width, tolerance: 1e-9) && isClose(shown.height, crop.height, tolerance: 1e-9))
        // Committing it keeps that size: nothing shrinks.
        editor.commit(shown)
        #expect(isClose(editor.crop, shown, tolerance: 1e-9))
    }

    @Test func insideOrLevelTheWantedFrameIsKept() {
        var editor = CropEditor()
        editor.load(uprightWidth: 4000, uprightHeight: 3000, crop: CropRect(x: 0.3, y: 0.3, width: 0.3, height: 0.3))
        let wanted = CropRect(x: 0, y: 0, width: 0.3, height: 0.3)
        #expect(editor.fixedFrameCrop(wanted) == wanted)
        editor.setAngle(StraightenAngle(degrees: 3))
        let inside = CropRect(x: 0.35, y: 0.35, width: 0.3, height: 0.3)
        #expect(editor.fixedFrameCrop(inside) == inside)
    }
}
