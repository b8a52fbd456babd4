// Several frames in `CropEditor`: adding, removing, choosing and replacing frames, their limits, turns, Reset and perspective.
import CropKit
import Testing

@Suite struct FrameEditorTests {
    static let size = PixelSize(width: 1200, height: 800)
    static let start = CropRect(x: 0.1, y: 0.2, width: 0.5, height: 0.4).sanitized

    static func editor(crop: CropRect = start) -> CropEditor {
        var editor = CropEditor()
        editor.load(uprightWidth: size.width, uprightHeight: size.height, crop: crop)
        return editor
    }

    @Test func aPlainEditorHasOneFrameThatIsItsCrop() {
        let editor = Self.editor()
        #expect(editor.frameCount == 1 && editor.activeFrame == 0)
        #expect(editor.frames == [FrameState(crop: Self.start)])
        #expect(editor.state.frames.isEmpty && editor.state.cuts.isEmpty)
    }

    @Test func addingAFrameCopiesTheActiveOneOffsetDownRightAsOneStep() throws {
        var editor = Self.editor()
        editor.setAspectRatio(.square)
        editor.commit(CropRect(x: 0.1, y: 0.2, width: 0.3, height: 0.45))
        editor.shape = .circle
        let before = editor.state
        let changes = try editor.addFrame()
        #expect(changes == [.committed, .shown, .history])
        #expect(editor.frameCount == 2 && editor.activeFrame == 1)
        let (first, copy) = (editor.frames[0], editor.frames[1])
        #expect(first.crop == before.crop)
        #expect(isClose(copy.crop.minX, first.crop.minX + CropEditor.frameCopyOffset))
        #expect(isClose(copy.crop.minY, first.crop.minY + CropEditor.frameCopyOffset))
        #expect(isClose(copy.crop.width, first.crop.width) && isClose(copy.crop.height, first.crop.height))
        #expect(copy.aspectRatio == .square && copy.shape == .circle && copy.name == nil)
        #expect(editor.crop == copy.crop)
        editor.undo()
        #expect(editor.frameCount == 1 && editor.state == before)
        editor.redo()
        #expect(editor.frameCount == 2 && editor.activeFrame == 1 && editor.crop == copy.crop)
    }

    @Test func aCopyAtTheEdgeStaysInsideThePicture() throws {
        for crop in [
            CropRect.unit, CropRect(x: 0.7, y: 0.8, width: 0.3, height: 0.2), CropRect(x: 0.5, y: 0, width: 0.49, height: 1),
        ] {
            var editor = Self.editor(crop: crop)
            try editor.addFrame()
            let copy = editor.crop
            #expect(copy.minX >= 0 && copy.minY >= 0 && copy.maxX <= 1 + 1e-12 && copy.maxY <= 1 + 1e-12)
            #expect(isClose(copy.width, crop.width) && isClose(copy.height, crop.height))
        }
    }

    @Test func aCopyOfAStraightenedFrameLiesInsideItsTurnedPicture() throws {
        var editor = Self.editor(crop: .unit)
        editor.setAngle(StraightenAngle(degrees: 12))
        try editor.addFrame()
        #expect(editor.angle == StraightenAngle(degrees: 12))
        #expect(editor.straightenedPicture.contains(editor.crop))
        #expect(editor.frames[1].angle == editor.frames[0].angle)
    }

    @Test func aPictureHoldsAtMostThirtyTwoFrames() throws {
        var editor = Self.editor()
        for _ in 1..<FrameState.maximumCount { try editor.addFrame() }
        #expect(editor.frameCount == 32)
        let state = editor.state
        #expect(throws: FramingRefusal.tooManyFrames(33)) { try editor.addFrame() }
        #expect(editor.state == state)
        let many = Array(repeating: FrameState(), count: 33)
        #expect(throws: FramingRefusal.tooManyFrames(33)) { try editor.setFrames(many) }
        #expect(editor.state == state)
    }

    @Test func nothingIsAddedWithoutAPicture() {
        var editor = CropEditor()
        #expect(throws: FramingRefusal.noPicture) { try editor.addFrame() }
        #expect(throws: FramingRefusal.noPicture) { try editor.setFrames([FrameState()]) }
        #expect(throws: FramingRefusal.noPicture) { try editor.addCut(PictureCut(axis: .rows, start: 0, length: 1)) }
    }

    @Test func removingAFrameKeepsTheNeighbourActiveAndNeverTheLastOne() throws {
        var editor = Self.editor()
        #expect(throws: FramingRefusal.lastFrame) { try editor.removeActiveFrame() }
        #expect(throws: FramingRefusal.noSuchFrame(1)) { try editor.removeFrame(at: 1) }
        try editor.setFrames((0..<4).map { FrameState(crop: Self.crop($0), name: "\($0)") }, active: 2)
        try editor.removeFrame(at: 0)
        #expect(editor.frames.map(\.name) == ["1", "2", "3"] && editor.activeFrame == 1 && editor.crop == Self.crop(2))
        try editor.removeFrame(at: 2)
        #expect(editor.frames.map(\.name) == ["1", "2"] && editor.activeFrame == 1)
        try editor.removeActiveFrame()
        #expect(editor.frames.map(\.name) == ["1"] && editor.activeFrame == 0 && editor.crop == Self.crop(1))
        #expect(editor.frameName == "1")
        #expect(throws: FramingRefusal.lastFrame) { try editor.removeActiveFrame() }
        editor.undo()
        #expect(editor.frames.map(\.name) == ["1", "2"] && editor.activeFrame == 1 && editor.crop == Self.crop(2))
    }

    @Test func removingTheLastFrameInTheListMakesTheOneBeforeActive() throws {
        var editor = Self.editor()
        try editor.setFrames((0..<3).map { FrameState(crop: Self.crop($0)) }, active: 2)
        try editor.removeActiveFrame()
        #expect(editor.activeFrame == 1 && editor.crop == Self.crop(1))
    }

    @Test func choosingAFrameTurnsThePictureToItsAngleAsOneStep() throws {
        var editor = Self.editor()
        let level = FrameState(crop: Self.crop(0), aspectRatio: .square, name: "level")
        let tilted = FrameState(
            crop: Self.crop(1), aspectRatio: .fourByThree, angle: StraightenAngle(degrees: -3), shape: .circle,
            outputSize: .longerSide(500), name: "tilted")
        try editor.setFrames([level, tilted])
        #expect(editor.aspectRatio == .square && editor.angle == .zero && editor.shape == .rectangle)
        #expect(try editor.chooseFrame(0) == [])
        #expect(try editor.chooseFrame(1) == [.committed, .picture, .shown, .history])
        #expect(editor.angle == StraightenAngle(degrees: -3) && editor.aspectRatio == .fourByThree)
        #expect(editor.shape == .circle && editor.outputSize == .longerSide(500) && editor.frameName == "tilted")
        #expect(editor.frames[0].name == "level" && isClose(editor.frames[0].crop, level.crop, tolerance: 1e-15))
        #expect(throws: FramingRefusal.noSuchFrame(2)) { try editor.chooseFrame(2) }
        #expect(throws: FramingRefusal.noSuchFrame(-1)) { try editor.chooseFrame(-1) }
        #expect(editor.undo() == [.committed, .history, .shown, .picture])
        #expect(editor.activeFrame == 0 && editor.angle == .zero && editor.shape == .rectangle)
        #expect(editor.outputSize == .original && editor.frameName == "level")
        editor.redo()
        #expect(editor.activeFrame == 1 && editor.shape == .circle)
    }

    @Test func choosingAFrameOfTheSameAngleDoesNotTurnThePicture() throws {
        var editor = Self.editor()
        try editor.addFrame()
        #expect(try editor.chooseFrame(0) == [.committed, .shown, .history])
    }

    @Test func editsChangeOnlyTheActiveFrame() throws {
        var editor = Self.editor()
        try editor.addFrame()
        let first = editor.frames[0]
        editor.apply(.moveLeft)
        editor.setAspectRatio(.sixteenByNine)
        editor.setAngle(StraightenAngle(degrees: 5))
        #expect(editor.frames[0] == first)
        #expect(editor.frames[1].angle == StraightenAngle(degrees: 5) && editor.frames[1].aspectRatio == .sixteenByNine)
        try editor.chooseFrame(0)
        #expect(editor.crop == first.crop && editor.angle == .zero && editor.aspectRatio == .free)
    }

    @Test func replacingTheFramesIsOneStepAndFitsEachInsideItsPicture() throws {
        var editor = Self.editor()
        let before = editor.state
        let wild = CropRect(x: -0.5, y: 0.2, width: 3, height: 0.5)
        let tilted = FrameState(crop: .unit, angle: StraightenAngle(degrees: 10))
        #expect(try editor.setFrames([FrameState(crop: wild), tilted], active: 1) == [.committed, .picture, .shown, .history])
        #expect(isClose(editor.frames[0].crop, CropRect(x: 0, y: 0.2, width: 1, height: 0.5)))
        let turned = TurnedPicture(width: Self.size.width, height: Self.size.height, angle: StraightenAngle(degrees: 10))
        #expect(turned.contains(editor.frames[1].crop))
        #expect(throws: FramingRefusal.lastFrame) { try editor.setFrames([]) }
        #expect(throws: FramingRefusal.noSuchFrame(2)) { try editor.setFrames([FrameState(), FrameState()], active: 2) }
        editor.undo()
        #expect(editor.state == before)
    }

    @Test func framesCanBeAppendedToTheOnesThere() throws {
        var editor = Self.editor()
        try editor.setFrames(editor.frames + [FrameState(crop: Self.crop(1), name: "4:5")], active: 0)
        #expect(editor.frameCount == 2 && editor.frames[0].crop == Self.start && editor.frames[1].name == "4:5")
    }

    @Test func renamingAndShapingAFrameAreStepsAmongSeveral() throws {
        var editor = Self.editor()
        #expect(editor.setShape(.circle) == [.committed, .shown])
        #expect(!editor.canUndo)
        try editor.addFrame()
        #expect(editor.setShape(.rectangle) == [.committed, .shown, .history])
        #expect(editor.setOutputSize(.longerSide(300)) == [.committed, .history])
        #expect(editor.setOutputSize(.longerSide(300)) == [])
        try editor.setFrameName("1:1", at: 0)
        try editor.setFrameName("", at: 1)
        #expect(editor.frames.map(\.name) == ["1:1", nil])
        #expect(editor.frames.map(\.shape) == [.circle, .rectangle])
        editor.undo()
        #expect(editor.frames.map(\.name) == [nil, nil] && editor.outputSize == .longerSide(300))
        editor.undo()
        #expect(editor.outputSize == .original && editor.shape == .rectangle)
        editor.undo()
        #expect(editor.shape == .circle && editor.frameCount == 2)
        #expect(throws: FramingRefusal.noSuchFrame(5)) { try editor.setFrameName("x", at: 5) }
    }

    @Test func resetReturnsOnlyTheActiveFrame() throws {
        var editor = Self.editor()
        try editor.addFrame()
        editor.apply(.moveRight)
        try editor.chooseFrame(0)
        editor.apply(.makeNarrower)
        let second = editor.frames[1]
        editor.reset()
        #expect(editor.crop == Self.start && editor.frames[1] == second)
    }

    @Test func turnsAndFlipsMapEveryFrame() throws {
        var editor = Self.editor()
        try editor.setFrames([
            FrameState(crop: Self.crop(0), aspectRatio: .sixteenByNine),
            FrameState(crop: Self.crop(1), angle: StraightenAngle(degrees: 4)),
            FrameState(crop: Self.crop(2), aspectRatio: .square, name: "sq"),
        ])
        for change in PictureTransform.allCases {
            let before = editor.frames
            editor.apply(change)
            #expect(editor.frames.map(\.name) == before.map(\.name))
            for (turned, frame) in zip(editor.frames, before) {
                #expect(isClose(turned.crop, change.mapped(frame.crop), tolerance: 1e-9))
                #expect(turned.aspectRatio == change.mapped(frame.aspectRatio) && turned.angle == change.mapped(frame.angle))
            }
        }
        for _ in 0..<4 { editor.apply(.rotateRight) }
        editor.apply(.flipVertical)
        editor.apply(.flipVertical)
        try editor.chooseFrame(1)
        #expect(editor.frames.count == 3)
    }

    @Test func severalFramesAndAPerspectiveRefuseEachOther() throws {
        let size = PerspectiveEditorTests.size
        var editor = CropEditor()
        editor.load(uprightWidth: size.width, uprightHeight: size.height, crop: .unit)
        try editor.addFrame()
        let state = editor.state
        #expect(editor.setPerspective(PerspectiveEditorTests.correction) == [])
        #expect(editor.state == state && editor.perspective == nil)
        try editor.removeActiveFrame()
        #expect(editor.setPerspective(PerspectiveEditorTests.correction).contains(.history))
        #expect(throws: FramingRefusal.perspective) { try editor.addFrame() }
        #expect(throws: FramingRefusal.perspective) { try editor.setFrames([FrameState(), FrameState()]) }
        #expect(editor.frameCount == 1)
        try editor.setFrames([FrameState(crop: Self.crop(1))])
        #expect(editor.perspective != nil && editor.crop == Self.crop(1))
    }

    @Test func loadingAPictureReturnsToOnePlainFrame() throws {
        var editor = Self.editor()
        try editor.addFrame()
        try editor.setFrameName("x", at: 1)
        editor.load(uprightWidth: 300, uprightHeight: 300, crop: .unit)
        #expect(editor.frameCount == 1 && editor.activeFrame == 0 && editor.frameName == nil)
        #expect(editor.state.frames.isEmpty)
    }

    @Test func eachFramesPixelsAreMeasuredOnItsOwnPicture() throws {
        var editor = Self.editor()
        let tilted = FrameState(crop: Self.crop(1), angle: StraightenAngle(degrees: 8))
        try editor.setFrames([FrameState(crop: Self.crop(0)), tilted])
        #expect(editor.cropPixels(ofFrame: 0) == Self.crop(0).pixelRect(imageWidth: 1200, imageHeight: 800))
        #expect(editor.cropPixels(ofFrame: 0) == editor.cropPixels)
        let turned = TurnedPicture(width: 1200, height: 800, angle: tilted.angle)
        #expect(editor.cropPixels(ofFrame: 1) == turned.pixelRect(for: editor.frames[1].crop))
        try editor.chooseFrame(1)
        #expect(editor.cropPixels(ofFrame: 1) == editor.cropPixels)
    }

    /// A distinct crop for frame `index`.
    static func crop(_ index: Int) -> CropRect {
        CropRect(x: 0.05 + 0.1 * Double(index), y: 0.1, width: 0.3, height: 0.3 + 0.05 * Double(index)).sanitized
    }
}

extension FrameEditorTests {
    @Test func aPhotoWithAnotherFrameOrACutIsUnsaved() throws {
        var editor = Self.editor()
        var session = PhotoSession(paths: ["/p/a.jpg"], current: "/p/a.jpg")
        session.keep(editor, for: "/p/a.jpg")
        #expect(!session.isUnsaved("/p/a.jpg"))
        try editor.addFrame()
        try editor.chooseFrame(0)
        session.keep(editor, for: "/p/a.jpg")
        #expect(session.isUnsaved("/p/a.jpg"))
        session.markSaved("/p/a.jpg", edit: SavedEdit(editor))
        try editor.setFrameName("4:5", at: 1)
        session.keep(editor, for: "/p/a.jpg")
        #expect(session.isUnsaved("/p/a.jpg"))
        session.markSaved("/p/a.jpg", edit: SavedEdit(editor))
        try editor.addCut(PictureCut(axis: .rows, start: 0, length: 10))
        session.keep(editor, for: "/p/a.jpg")
        #expect(session.isUnsaved("/p/a.jpg"))
    }
}
