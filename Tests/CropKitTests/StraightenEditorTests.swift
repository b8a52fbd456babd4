// Straightening in `CropEditor`: the angle as an undoable step, the crop shrunk only as needed, live changes, ratios, Reset.
import CropKit
import Foundation
import Testing

@Suite struct StraightenEditorTests {
    typealias Oracle = TurnedPictureOracle

    static func editor(_ width: Int = 4000, _ height: Int = 3000, crop: CropRect = .unit) -> CropEditor {
        var editor = CropEditor()
        editor.load(uprightWidth: width, uprightHeight: height, crop: crop)
        return editor
    }

    /// The committed crop in pixels of the straightened box.
    static func pixels(_ editor: CropEditor) -> CropRect { Oracle.pixels(editor.crop, editor.straightenedPicture) }

    @Test func straighteningAWholeCropGivesTheLargestFrameOfThePicturesProportions() {
        var editor = Self.editor()
        let changes = editor.setAngle(StraightenAngle(degrees: 5))
        #expect(changes == [.committed, .picture, .shown, .history])
        #expect(editor.angle == StraightenAngle(degrees: 5))
        let picture = TurnedPicture(width: 4000, height: 3000, angle: StraightenAngle(degrees: 5))
        #expect(editor.straightenedSize == picture.boundingSize && editor.shownSize == PixelSize(width: 4000, height: 3000))
        #expect(isClose(editor.crop, picture.largestUprightCrop, tolerance: 1e-12))
        #expect(Oracle.isInside(crop: editor.crop, editor.straightenedPicture))
        #expect(editor.state.angle == editor.angle)
    }

    @Test func aCropThatFitsKeepsItsSizeAndTheContentUnderItsCentre() {
        var editor = Self.editor(crop: CropRect(x: 0.3, y: 0.3, width: 0.3, height: 0.3))
        let centre = CropPoint(x: 0.45 * 4000, y: 0.45 * 3000)
        editor.setAngle(StraightenAngle(degrees: -3))
        let p = Self.pixels(editor)
        #expect(abs(p.width - 1200) < 1e-6 && abs(p.height - 900) < 1e-6)
        let seen = editor.straightenedPicture.picturePoint(fromBox: CropPoint(x: p.midX, y: p.midY))
        #expect(isClose(seen, centre, tolerance: 1e-6))
    }

    @Test func aCropThatReachesOutShrinksOnlyAsMuchAsItMustKeepingItsProportions() {
        var editor = Self.editor(crop: CropRect(x: 0.02, y: 0.02, width: 0.96, height: 0.96))
        editor.setAngle(StraightenAngle(degrees: 8))
        let p = Self.pixels(editor)
        #expect(p.width < 0.96 * 4000)
        #expect(isClose(p.width / p.height, 4000.0 / 3000, tolerance: 1e-9))
        #expect(Oracle.isInside(p, editor.straightenedPicture))
        #expect(!Oracle.isInside(Oracle.scaled(p, by: 1.000001), editor.straightenedPicture, tolerance: 0))
    }

    @Test func undoAndRedoRestoreTheAngleWithTheCrop() {
        var editor = Self.editor()
        let level = editor.state
        editor.setAngle(StraightenAngle(degrees: 2.5))
        let straightened = editor.state
        let undone = editor.undo()
        #expect(undone.contains(.picture))
        #expect(editor.state == level && editor.angle == .zero && editor.straightenedSize == editor.shownSize)
        editor.redo()
        #expect(editor.state == straightened)
    }

    @Test func aLiveAngleChangeStartsFromWhereItBeganAndIsOneStep() {
        var editor = Self.editor(crop: CropRect(x: 0.05, y: 0.05, width: 0.9, height: 0.9))
        let start = editor.state
        for degrees in stride(from: 0.5, through: 20, by: 0.5) {
            #expect(editor.changeAngle(to: StraightenAngle(degrees: degrees)) == [.committed, .picture, .shown])
            #expect(Oracle.isInside(crop: editor.crop, editor.straightenedPicture))
        }
        #expect(editor.isChangingAngle && !editor.canUndo)
        // Back to level within the same change: exactly the crop it began with, however far it shrank.
        editor.changeAngle(to: .zero)
        #expect(editor.state == start)
        editor.changeAngle(to: StraightenAngle(degrees: 1.5))
        #expect(editor.endAngleChange() == .history)
        #expect(!editor.isChangingAngle && editor.history.past == [start])
        editor.undo()
        #expect(editor.state == start)
    }

    @Test func cancellingALiveChangeRestoresExactlyAndAChangeBackToTheStartRecordsNothing() {
        var editor = Self.editor(crop: CropRect(x: 0.2, y: 0.1, width: 0.5, height: 0.7))
        let start = editor.state
        editor.changeAngle(to: StraightenAngle(degrees: -12))
        #expect(editor.cancelAngleChange() == [.committed, .picture, .shown])
        #expect(editor.state == start && !editor.isChangingAngle)
        #expect(editor.cancelAngleChange() == [])
        editor.changeAngle(to: StraightenAngle(degrees: 4))
        editor.changeAngle(to: .zero)
        #expect(editor.endAngleChange() == [] && !editor.canUndo)
    }

    @Test func anotherEditDuringALiveChangeEndsItAsPartOfThatStep() {
        var editor = Self.editor()
        let start = editor.state
        editor.changeAngle(to: StraightenAngle(degrees: 3))
        #expect(editor.apply(.makeNarrower).contains(.history))
        #expect(!editor.isChangingAngle && editor.angle == StraightenAngle(degrees: 3))
        editor.undo()
        #expect(editor.state == start)
    }

    @Test func keysStepTheAngleAndStopAtTheLimit() {
        var editor = Self.editor()
        editor.turnAngle(by: .fineStep)
        #expect(editor.angle.hundredths == 10)
        editor.turnAngle(by: StraightenAngle.zero - .coarseStep)
        #expect(
            editor.angle.hundredths == -90 && editor.angle.direction == .counterclockwise && editor.angle.magnitudeDegrees == 0.9)
        for _ in 0..<60 { editor.turnAngle(by: .coarseStep) }
        #expect(editor.angle.hundredths == 4500)
        #expect(editor.turnAngle(by: .coarseStep) == [])
        #expect(Oracle.isInside(crop: editor.crop, editor.straightenedPicture))
    }

    @Test func aLockedRatioHoldsThroughAnAngleChangeAndDrags() {
        var editor = Self.editor()
        editor.setAspectRatio(.sixteenByNine)
        editor.setAngle(StraightenAngle(degrees: 6))
        var p = Self.pixels(editor)
        #expect(isClose(p.width / p.height, 16.0 / 9, tolerance: 1e-9))
        let box = editor.straightenedSize
        let viewport = Viewport(imageWidth: box.width, imageHeight: box.height, viewSize: CropSize(width: 1200, height: 900))
        let frame = viewport.viewRect(editor.crop)
        editor.beginDrag(at: CropPoint(x: frame.maxX, y: frame.maxY), in: viewport)
        editor.endDrag(translation: CropSize(width: 600, height: 600), shiftHeld: false)
        p = Self.pixels(editor)
        #expect(isClose(p.width / p.height, 16.0 / 9, tolerance: 1e-9))
        #expect(Oracle.isInside(p, editor.straightenedPicture))
    }

    @Test func choosingARatioOnAStraightenedPictureFitsTheLargestFrameAboutTheCentre() {
        var editor = Self.editor()
        editor.setAngle(StraightenAngle(degrees: -4))
        let centre = CropPoint(x: editor.crop.midX, y: editor.crop.midY)
        #expect(editor.setAspectRatio(.square).contains(.committed))
        var p = Self.pixels(editor)
        #expect(isClose(p.width, p.height, tolerance: 1e-6))
        #expect(isClose(CropPoint(x: editor.crop.midX, y: editor.crop.midY), centre, tolerance: 1e-12))
        #expect(!Oracle.isInside(Oracle.scaled(p, by: 1.000001), editor.straightenedPicture, tolerance: 0))
        // Original is the picture's own 4:3, not the box's proportions.
        editor.setAspectRatio(.original)
        p = Self.pixels(editor)
        #expect(isClose(p.width / p.height, 4.0 / 3, tolerance: 1e-9))
        #expect(
            editor.dragRatio(shiftHeld: false).map { isClose($0, editor.crop.width / editor.crop.height, tolerance: 1e-9) }
                == true)
    }

    @Test func quarterTurnsKeepTheAngleAndFlipsReverseItWithTheCropFollowing() {
        var editor = Self.editor(crop: CropRect(x: 0.2, y: 0.2, width: 0.4, height: 0.3))
        editor.setAngle(StraightenAngle(degrees: 7))
        let before = editor.crop
        let box = editor.straightenedSize
        editor.apply(.rotateRight)
        #expect(editor.angle == StraightenAngle(degrees: 7))
        #expect(editor.straightenedSize == PixelSize(width: box.height, height: box.width))
        #expect(isClose(editor.crop, PictureTransform.rotateRight.mapped(before), tolerance: 1e-12))
        #expect(Oracle.isInside(crop: editor.crop, editor.straightenedPicture))
        editor.apply(.flipHorizontal)
        #expect(editor.angle == StraightenAngle(degrees: -7))
        #expect(Oracle.isInside(crop: editor.crop, editor.straightenedPicture))
        editor.undo()
        editor.undo()
        #expect(editor.angle == StraightenAngle(degrees: 7) && editor.crop == before)
    }

    @Test func resetGivesTheStartingCropCarriedOntoTheStraightenedPicture() {
        var editor = Self.editor()
        editor.setAngle(StraightenAngle(degrees: 9))
        editor.apply(.makeNarrower)
        editor.apply(.moveLeft)
        #expect(editor.reset().contains(.committed))
        #expect(isClose(editor.crop, editor.straightenedPicture.largestUprightCrop, tolerance: 1e-12))
        #expect(editor.angle == StraightenAngle(degrees: 9))
    }

    @Test func aNewPictureStartsLevelAndWithoutOneTheAngleStays() {
        var editor = Self.editor()
        editor.setAngle(StraightenAngle(degrees: 9))
        editor.load(uprightWidth: 300, uprightHeight: 200, crop: .unit)
        #expect(editor.angle == .zero && editor.crop == .unit && editor.straightenedSize == PixelSize(width: 300, height: 200))
        var empty = CropEditor()
        #expect(empty.setAngle(StraightenAngle(degrees: 3)) == [] && empty.angle == .zero)
        var level = Self.editor()
        let state = level.state
        #expect(level.setAngle(.zero) == [] && level.state == state && !level.canUndo)
    }

    /// Whether the crop has the chosen ratio in pixels (nil for Free).
    static func holdsRatio(_ editor: CropEditor) -> Bool? {
        guard
            let ratio = editor.aspectRatio.pixelRatio(
                imageWidth: editor.shownSize.width,
                imageHeight: editor.shownSize.height)
        else { return nil }
        let p = Oracle.pixels(editor.crop, editor.straightenedPicture)
        return isClose(p.width / p.height, ratio, tolerance: 1e-6 * ratio)
    }

    /// Random sequences of every operation with angles among them: the committed crop always lies
    /// inside the straightened picture, a locked ratio holds in pixels, and undo walks back through
    /// exactly the recorded states (angles included) and redo forward again.
    @Test func randomSequencesKeepTheCropInsideTheTurnedPictureAndTheHistoryExact() {
        var random = SplitMix64(seed: 0x5747_1700_0000_0003)
        var failures = PropertyFailures()
        for _ in 0..<200 {
            var editor = CropEditor()
            editor.load(uprightWidth: random.int(1...4000), uprightHeight: random.int(1...4000), crop: random.crop(meeting: 0.2))
            var states = [editor.state]
            for step in 0..<25 {
                var changes: CropEditor.Changes
                let heldBefore = Self.holdsRatio(editor)
                let operation = random.int(0...8)
                switch operation {
                case 0: changes = editor.apply(CropAdjustment.allCases.randomElement(using: &random)!)
                case 1: changes = editor.apply(PictureTransform.allCases.randomElement(using: &random)!)
                case 2: changes = editor.setAspectRatio(([AspectRatio.free] + AspectRatio.presets).randomElement(using: &random)!)
                case 3: changes = editor.commit(random.hostileCrop())
                case 4: changes = editor.setAngle(random.straightenAngle())
                case 5:
                    changes = []
                    for _ in 0..<random.int(1...4) { changes.formUnion(editor.changeAngle(to: random.straightenAngle())) }
                    changes.formUnion(random.chance(0.3) ? editor.cancelAngleChange() : editor.endAngleChange())
                default:
                    let box = editor.straightenedSize
                    let viewport = Viewport(
                        imageWidth: box.width, imageHeight: box.height, viewSize: CropSize(width: 800, height: 600))
                    editor.beginDrag(at: CropPoint(x: random.double(0...800), y: random.double(0...600)), in: viewport)
                    changes = editor.endDrag(
                        translation: CropSize(width: random.double(-400...400), height: random.double(-300...300)),
                        shiftHeld: random.chance(0.3))
                }
                let picture = editor.straightenedPicture
                var what: String { "step \(step): \(editor.state) on \(editor.shownSize) at \(editor.angle)" }
                failures.check(Oracle.isInside(crop: editor.crop, picture), "outside: " + what)
                // Commits, Reset and Free leave the ratio as they find it; angles and drags keep one.
                if heldBefore == true, operation >= 4 {
                    failures.check(
                        Self.holdsRatio(editor) == true, "ratio lost by \(operation): " + what + " from \(states.last!)")
                }
                if changes.contains(.history) { states.append(editor.state) }
                failures.check(editor.state == states.last, "state not recorded: " + what)
            }
            for expected in states.dropLast().reversed() {
                editor.undo()
                failures.check(
                    editor.state == expected,
                    "undo gave \(editor.state), not \(expected) \(expected.crop.sanitized == expected.crop) \(editor.straightenedPicture.contains(expected.crop))"
                )
            }
            failures.check(!editor.canUndo, "more to undo")
            for expected in states.dropFirst() {
                editor.redo()
                failures.check(editor.state == expected, "redo gave \(editor.state), not \(expected)")
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func theCropsPixelsAreThePicturesAtNoAngleAndInsideTheTurnedPictureAtOne() {
        let crop = CropRect(x: 0.1, y: 0.2, width: 0.5, height: 0.6)
        var editor = Self.editor(4000, 3000, crop: crop)
        #expect(editor.cropPixels == crop.pixelRect(imageWidth: 4000, imageHeight: 3000))
        _ = editor.setAngle(StraightenAngle(degrees: 4.5))
        let pixels = editor.cropPixels
        #expect(editor.straightenedPicture.contains(pixels))
        #expect(pixels == editor.straightenedPicture.pixelRect(for: editor.crop))
        #expect(pixels != crop.pixelRect(imageWidth: 4000, imageHeight: 3000), "measured on the straightened box")
    }
}
