// `CropEditor`: loading, adjustments, turns, ratios, undo/redo and drags as one value, and what each reports changed.
import CropKit
import Testing

@Suite struct CropEditorTests {
    /// A 800×1000 picture with the demo's starting crop, as the canvas loads it.
    static func seeded() -> CropEditor {
        var editor = CropEditor()
        editor.load(uprightWidth: 800, uprightHeight: 1000, crop: Seed.initialCrop)
        return editor
    }

    static let viewport = CropSessionTests.viewport

    @Test func aNewEditorHasNoPictureAndAWholeCrop() {
        let editor = CropEditor()
        #expect(editor.uprightSize == nil)
        #expect(editor.shownSize == PixelSize(width: 1, height: 1))
        #expect(editor.crop == .unit && editor.initialCrop == .unit)
        #expect(!editor.canUndo && !editor.canRedo)
        #expect(editor.dragRatio(shiftHeld: true) == nil)
    }

    @Test func loadingStartsAFreshHistoryOnTheSanitizedCrop() {
        var editor = Self.seeded()
        editor.apply(.moveLeft)
        #expect(editor.canUndo)
        let changes = editor.load(
            uprightWidth: 300, uprightHeight: 200,
            crop: CropRect(x: 0.75, y: 0.75, width: -0.5, height: -0.5))
        #expect(changes == [.committed, .history, .picture, .shown])
        #expect(editor.crop == CropRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
        #expect(editor.initialCrop == editor.crop)
        #expect(!editor.canUndo && !editor.canRedo)
        #expect(editor.shownSize == PixelSize(width: 300, height: 200))
    }

    @Test func aChosenRatioStaysChosenAcrossPicturesAndFitsTheNewCrop() {
        var editor = Self.seeded()
        editor.setAspectRatio(.square)
        editor.load(uprightWidth: 400, uprightHeight: 200, crop: .unit)
        #expect(editor.aspectRatio == .square)
        let pixels = editor.crop.pixelRect(imageWidth: 400, imageHeight: 200)
        #expect(pixels.width == pixels.height)
        // The fitted crop is the starting state: nothing to undo.
        #expect(!editor.canUndo)
    }

    @Test func anAdjustmentCommitsAndRecordsOneStep() {
        var editor = Self.seeded()
        let changes = editor.apply(.moveRight)
        #expect(changes == [.committed, .shown, .history])
        #expect(isClose(editor.crop.minX, Seed.initialCrop.minX + 0.05))
        #expect(editor.undo().contains(.committed))
        #expect(isClose(editor.crop, Seed.initialCrop))
        #expect(editor.redo().contains(.committed))
        #expect(isClose(editor.crop.minX, Seed.initialCrop.minX + 0.05))
    }

    @Test func anAdjustmentThatChangesNothingRecordsNothing() {
        var editor = CropEditor()
        editor.load(uprightWidth: 100, uprightHeight: 100, crop: .unit)
        let changes = editor.apply(.moveLeft)
        #expect(!changes.contains(.committed) && !changes.contains(.history))
        #expect(!editor.canUndo)
    }

    @Test func resetReturnsToTheStartingCropAndIsUndoable() {
        var editor = Self.seeded()
        editor.apply(.makeNarrower)
        #expect(editor.apply(.reset).contains(.committed))
        #expect(isClose(editor.crop, Seed.initialCrop))
        #expect(editor.reset() == .shown)
        editor.undo()
        #expect(!isClose(editor.crop, Seed.initialCrop))
    }

    @Test func aTurnMapsTheCropTheRatioAndResetsCropAndIsOneStep() {
        var editor = CropEditor()
        editor.load(uprightWidth: 600, uprightHeight: 400, crop: CropRect(x: 0.1, y: 0.2, width: 0.3, height: 0.4))
        editor.setAspectRatio(AspectRatio.custom(width: 3, height: 2)!)
        let before = editor.crop
        let changes = editor.apply(.rotateRight)
        #expect(changes.isSuperset(of: [.committed, .picture, .shown, .history]))
        #expect(editor.orientation == .right)
        #expect(editor.shownSize == PixelSize(width: 400, height: 600))
        #expect(editor.crop == PictureTransform.rotateRight.mapped(before))
        #expect(editor.aspectRatio == AspectRatio.custom(width: 3, height: 2)!.swapped)
        #expect(editor.initialCrop == PictureTransform.rotateRight.mapped(CropRect(x: 0.1, y: 0.2, width: 0.3, height: 0.4)))
        // Undo restores the orientation and ratio with the crop, and says the picture turned.
        let undone = editor.undo()
        #expect(undone.contains(.picture))
        #expect(editor.orientation == .up && editor.crop == before)
        #expect(editor.aspectRatio == AspectRatio.custom(width: 3, height: 2)!)
    }

    @Test func aTurnOfASquareCropIsStillAStep() {
        var editor = CropEditor()
        editor.load(uprightWidth: 500, uprightHeight: 500, crop: .unit)
        #expect(editor.apply(.flipHorizontal).contains(.history))
        #expect(editor.canUndo && editor.crop == .unit)
    }

    @Test func withoutAPictureTurnsAndRatiosOnlyRemember() {
        var editor = CropEditor()
        #expect(editor.apply(.rotateLeft) == [])
        #expect(editor.setAspectRatio(.square) == [])
        #expect(editor.aspectRatio == .square && editor.orientation == .up)
    }

    @Test func choosingARatioTheCropAlreadyHasIsAStepOfItsOwn() {
        var editor = CropEditor()
        editor.load(uprightWidth: 400, uprightHeight: 400, crop: .unit)
        let changes = editor.setAspectRatio(.square)
        #expect(changes == [.shown, .history])
        editor.undo()
        #expect(editor.aspectRatio == .free)
    }

    @Test func aDragShowsOnlyTransientStateUntilItEnds() {
        var editor = Self.seeded()
        // The starting crop's right edge is drawn at x = 376.
        #expect(editor.beginDrag(at: CropPoint(x: 376, y: 266), in: Self.viewport) == .handle(.right))
        #expect(editor.updateDrag(translation: CropSize(width: -40, height: 0), shiftHeld: false) == .shown)
        #expect(isClose(editor.crop, Seed.initialCrop))
        #expect(isClose(editor.session.shown.width, Seed.initialCrop.width - 0.1))
        #expect(!editor.canUndo)
        let ended = editor.endDrag(translation: CropSize(width: -40, height: 0), shiftHeld: false)
        #expect(ended == [.committed, .shown, .history])
        #expect(isClose(editor.crop.width, Seed.initialCrop.width - 0.1))
        #expect(!editor.isDragging)
    }

    @Test func cancellingADragRestoresTheCommittedCropExactly() {
        var editor = Self.seeded()
        editor.beginDrag(at: CropPoint(x: 216, y: 266), in: Self.viewport)
        editor.updateDrag(translation: CropSize(width: 30, height: 20), shiftHeld: false)
        #expect(editor.cancelDrag() == .shown)
        #expect(editor.session.shown == editor.crop && !editor.canUndo)
        #expect(editor.cancelDrag() == [])
        #expect(editor.endDrag(translation: .zero, shiftHeld: false) == [])
    }

    @Test func shiftKeepsTheCropsProportionsForOneDragOnly() {
        var editor = Self.seeded()
        #expect(editor.dragRatio(shiftHeld: false) == nil)
        let own = Seed.initialCrop.width / Seed.initialCrop.height
        #expect(isClose(editor.dragRatio(shiftHeld: true)!, own))
        editor.beginDrag(at: CropPoint(x: 376, y: 466), in: Self.viewport)
        editor.endDrag(translation: CropSize(width: 40, height: 0), shiftHeld: true)
        #expect(isClose(editor.crop.width / editor.crop.height, own))
        #expect(editor.session.aspectRatio == nil)
    }

    @Test func aLockedRatioWinsOverShift() {
        var editor = Self.seeded()
        editor.setAspectRatio(.square)
        let locked = AspectRatio.square.normalizedRatio(imageWidth: 800, imageHeight: 1000)!
        #expect(editor.dragRatio(shiftHeld: true) == locked)
        #expect(editor.session.aspectRatio == locked)
    }

    @Test func aCommitDuringADragEndsIt() {
        var editor = Self.seeded()
        editor.beginDrag(at: CropPoint(x: 216, y: 266), in: Self.viewport)
        let changes = editor.commit(CropRect(x: 0, y: 0, width: 0.5, height: 0.5))
        #expect(changes.contains(.committed) && !editor.isDragging)
        #expect(editor.commit(CropRect(x: 0, y: 0, width: 0.5, height: 0.5)) == [])
    }

    @Test func unloadingKeepsTheChosenRatioAndShape() {
        var editor = Self.seeded()
        editor.setAspectRatio(.fourByThree)
        editor.shape = .circle
        editor.beginDrag(at: CropPoint(x: 216, y: 266), in: Self.viewport)
        editor.unload()
        #expect(editor.uprightSize == nil && !editor.isDragging)
        #expect(editor.aspectRatio == .fourByThree && editor.shape == .circle)
    }

    /// Random sequences of every operation: the committed crop always lies in the unit square,
    /// undo walks back through exactly the recorded states, and redo walks forward again.
    @Test func randomSequencesKeepTheCropInsideAndTheHistoryExact() {
        var random = SplitMix64(seed: 0xED17_0A)
        for _ in 0..<300 {
            var editor = CropEditor()
            editor.load(uprightWidth: random.int(1...4000), uprightHeight: random.int(1...4000), crop: random.crop(meeting: 0.2))
            var states = [editor.state]
            for _ in 0..<25 {
                let changes: CropEditor.Changes
                switch random.int(0...5) {
                case 0: changes = editor.apply(CropAdjustment.allCases.randomElement(using: &random)!)
                case 1: changes = editor.apply(PictureTransform.allCases.randomElement(using: &random)!)
                case 2: changes = editor.setAspectRatio(([AspectRatio.free] + AspectRatio.presets).randomElement(using: &random)!)
                case 3: changes = editor.commit(random.hostileCrop())
                default:
                    let viewport = Viewport(
                        imageWidth: editor.shownSize.width, imageHeight: editor.shownSize.height,
                        viewSize: CropSize(width: 800, height: 600))
                    editor.beginDrag(at: CropPoint(x: random.double(0...800), y: random.double(0...600)), in: viewport)
                    changes = editor.endDrag(
                        translation: CropSize(width: random.double(-400...400), height: random.double(-300...300)),
                        shiftHeld: random.chance(0.3))
                }
                let crop = editor.crop
                #expect(crop.minX >= 0 && crop.minY >= 0 && crop.maxX <= 1 + 1e-12 && crop.maxY <= 1 + 1e-12)
                if changes.contains(.history) { states.append(editor.state) }
                #expect(editor.state == states.last)
            }
            for expected in states.dropLast().reversed() {
                editor.undo()
                #expect(editor.state == expected)
            }
            #expect(!editor.canUndo)
            for expected in states.dropFirst() {
                editor.redo()
                #expect(editor.state == expected)
            }
        }
    }
}
