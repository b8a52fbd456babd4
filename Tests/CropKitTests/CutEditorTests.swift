// Cuts in `CropEditor`: bands added, removed, moved and resized as steps, frames carried on the joined picture, turns, refusals.
import CropKit
import Testing

@Suite struct CutEditorTests {
    static let size = PixelSize(width: 600, height: 400)
    static let rows = PictureCut(axis: .rows, start: 100, length: 50)
    static let columns = PictureCut(axis: .columns, start: 200, length: 100)

    static func editor(crop: CropRect = .unit) -> CropEditor {
        var editor = CropEditor()
        editor.load(uprightWidth: size.width, uprightHeight: size.height, crop: crop)
        return editor
    }

    @Test func aCutIsOneStepAndTheCropMeasuresTheJoinedPicture() throws {
        var editor = Self.editor()
        let before = editor.state
        #expect(try editor.addCut(Self.rows) == [.committed, .picture, .shown, .history])
        #expect(editor.cuts == [Self.rows] && editor.state.cuts == [Self.rows])
        #expect(editor.straightenedSize == PixelSize(width: 600, height: 350))
        #expect(editor.joined?.size == editor.straightenedSize)
        #expect(editor.crop == .unit && editor.cropPixels == PixelRect(x: 0, y: 0, width: 600, height: 350))
        try editor.addCut(Self.columns)
        #expect(editor.straightenedSize == PixelSize(width: 500, height: 350))
        #expect(editor.undo() == [.committed, .history, .shown, .picture])
        #expect(editor.cuts == [Self.rows] && editor.straightenedSize == PixelSize(width: 600, height: 350))
        editor.undo()
        #expect(editor.state == before && editor.joined == nil && editor.straightenedSize == Self.size)
        editor.redo()
        editor.redo()
        #expect(editor.cuts == [Self.rows, Self.columns])
    }

    @Test func aFrameKeepsFramingTheSameContent() throws {
        // Rows 50..<250 of the picture: the band 100..<150 comes out of the middle, so 150 rows are left.
        var editor = Self.editor(
            crop: CropRect(pixelRect: PixelRect(x: 0, y: 50, width: 600, height: 200), imageWidth: 600, imageHeight: 400))
        try editor.addCut(Self.rows)
        #expect(editor.cropPixels == PixelRect(x: 0, y: 50, width: 600, height: 150))
        try editor.removeCut(at: 0)
        #expect(editor.cropPixels == PixelRect(x: 0, y: 50, width: 600, height: 200))
        // A frame below the band moves up with the picture, one above it stays.
        var below = Self.editor(
            crop: CropRect(pixelRect: PixelRect(x: 10, y: 300, width: 100, height: 100), imageWidth: 600, imageHeight: 400))
        try below.addCut(Self.rows)
        #expect(below.cropPixels == PixelRect(x: 10, y: 250, width: 100, height: 100))
    }

    @Test func aFrameInsideTheBandKeepsOnePixelAtItsPlace() throws {
        var editor = Self.editor(
            crop: CropRect(pixelRect: PixelRect(x: 0, y: 110, width: 300, height: 20), imageWidth: 600, imageHeight: 400))
        try editor.addCut(Self.rows)
        #expect(editor.cropPixels == PixelRect(x: 0, y: 100, width: 300, height: 1))
    }

    @Test func aFrameOfALockedRatioKeepsItsRatio() throws {
        var editor = Self.editor()
        editor.setAspectRatio(.square)
        try editor.addCut(PictureCut(axis: .columns, start: 0, length: 150))
        let pixels = editor.cropPixels
        #expect(abs(pixels.width - pixels.height) <= 1)
        #expect(editor.straightenedPicture.contains(editor.crop))
    }

    @Test func everyFrameIsCarried() throws {
        var editor = Self.editor()
        let pixel = { (rect: PixelRect) in CropRect(pixelRect: rect, imageWidth: 600, imageHeight: 400) }
        try editor.setFrames([
            FrameState(crop: pixel(PixelRect(x: 0, y: 0, width: 100, height: 100))),
            FrameState(crop: pixel(PixelRect(x: 0, y: 200, width: 100, height: 100))),
        ])
        try editor.addCut(Self.rows)
        #expect(editor.cropPixels(ofFrame: 0) == PixelRect(x: 0, y: 0, width: 100, height: 100))
        #expect(editor.cropPixels(ofFrame: 1) == PixelRect(x: 0, y: 150, width: 100, height: 100))
    }

    @Test func movingAndResizingABandAreStepsByRows() throws {
        var editor = Self.editor()
        try editor.addCut(Self.rows)
        try editor.moveCut(at: 0, by: 10)
        #expect(editor.cuts == [PictureCut(axis: .rows, start: 110, length: 50)])
        try editor.moveCut(at: 0, by: -110)
        #expect(editor.cuts == [PictureCut(axis: .rows, start: 0, length: 50)])
        try editor.resizeCut(at: 0, by: 5)
        #expect(editor.cuts == [PictureCut(axis: .rows, start: 0, length: 55)])
        try editor.resizeCut(at: 0, by: -54)
        #expect(editor.cuts == [PictureCut(axis: .rows, start: 0, length: 1)])
        let state = editor.state
        #expect(throws: FramingRefusal.self) { try editor.moveCut(at: 0, by: -1) }
        #expect(throws: FramingRefusal.self) { try editor.resizeCut(at: 0, by: -1) }
        #expect(throws: FramingRefusal.self) { try editor.resizeCut(at: 0, by: 399) }
        #expect(throws: FramingRefusal.self) { try editor.moveCut(at: 0, by: Int.max) }
        #expect(throws: FramingRefusal.self) { try editor.resizeCut(at: 0, by: Int.max) }
        #expect(throws: FramingRefusal.noSuchCut(1)) { try editor.moveCut(at: 1, by: 1) }
        #expect(throws: FramingRefusal.noSuchCut(-1)) { try editor.removeCut(at: -1) }
        #expect(editor.state == state)
        for _ in 0..<4 { editor.undo() }
        #expect(editor.cuts == [Self.rows])
    }

    @Test func cutsThatDoNotFitAreRefusedWithTheirProblem() throws {
        var editor = Self.editor()
        let outside = PictureCut(axis: .rows, start: 390, length: 20)
        var found: CutProblem?
        do { _ = try JoinedPicture(Self.size, cuts: [outside]) } catch { found = error }
        let problem = try #require(found)
        #expect(throws: FramingRefusal.cut(problem)) { try editor.addCut(outside) }
        #expect(throws: FramingRefusal.self) { try editor.addCut(PictureCut(axis: .columns, start: 0, length: 600)) }
        #expect(editor.cuts.isEmpty && editor.joined == nil)
        try editor.addCut(Self.rows)
        #expect(try editor.setCuts(editor.cuts) == [])
    }

    @Test func theCutsAfterABandPutBackStillRemoveWhatTheyRemoved() throws {
        var editor = Self.editor()
        // Rows 100..<150, then rows 90..<110 of what is left: rows 90..<100 and 150..<160 of the picture.
        try editor.addCut(Self.rows)
        try editor.addCut(PictureCut(axis: .columns, start: 0, length: 10))
        try editor.addCut(PictureCut(axis: .rows, start: 90, length: 20))
        try editor.removeCut(at: 0)
        #expect(
            editor.cuts == [
                PictureCut(axis: .columns, start: 0, length: 10), PictureCut(axis: .rows, start: 150, length: 10),
                PictureCut(axis: .rows, start: 90, length: 10),
            ])
        #expect(editor.straightenedSize == PixelSize(width: 590, height: 380))
        // Rows 0..<10, then 10..<20 of what is left (rows 20..<30): moved and grown, the first band
        // takes in the second's rows, which are then removed once.
        var moved = Self.editor()
        try moved.addCut(PictureCut(axis: .rows, start: 0, length: 10))
        try moved.addCut(PictureCut(axis: .rows, start: 10, length: 10))
        try moved.moveCut(at: 0, by: 5)
        #expect(moved.cuts == [PictureCut(axis: .rows, start: 5, length: 10), PictureCut(axis: .rows, start: 10, length: 10)])
        try moved.resizeCut(at: 0, by: 30)
        #expect(moved.cuts == [PictureCut(axis: .rows, start: 5, length: 40)])
    }

    @Test func cutsRefuseAnAngleAndAPerspectiveBothWays() throws {
        var editor = Self.editor()
        editor.setAngle(StraightenAngle(degrees: 2))
        #expect(throws: FramingRefusal.warped) { try editor.addCut(Self.rows) }
        editor.setAngle(.zero)
        try editor.addFrame()
        try editor.setFrames([FrameState(), FrameState(angle: StraightenAngle(degrees: 1))])
        #expect(throws: FramingRefusal.warped) { try editor.addCut(Self.rows) }
        try editor.removeFrame(at: 1)
        try editor.addCut(Self.rows)
        let state = editor.state
        #expect(editor.setAngle(StraightenAngle(degrees: 2)) == [])
        #expect(throws: FramingRefusal.warped) { try editor.setFrames([FrameState(angle: StraightenAngle(degrees: 1))]) }
        let quad = PerspectiveQuad(
            topLeft: CropPoint(x: 100, y: 50), topRight: CropPoint(x: 500, y: 60),
            bottomRight: CropPoint(x: 550, y: 330), bottomLeft: CropPoint(x: 60, y: 320))
        #expect(editor.setPerspective(PerspectiveCorrection(quad: quad, picture: Self.size)) == [])
        #expect(editor.state == state)
        try editor.removeCut(at: 0)
        editor.setPerspective(PerspectiveCorrection(quad: quad, picture: Self.size))
        #expect(editor.perspective != nil)
        #expect(throws: FramingRefusal.warped) { try editor.addCut(Self.rows) }
    }

    @Test func aTurnMapsTheCutsAndTheFrames() throws {
        var editor = Self.editor(crop: CropRect(x: 0.1, y: 0.2, width: 0.3, height: 0.4))
        try editor.addCut(Self.rows)
        try editor.addCut(Self.columns)
        let joined = editor.straightenedSize
        let crop = editor.crop
        editor.apply(.rotateRight)
        // Rows 100..<150 of the 400-row picture are columns 250..<300 of the turned one.
        #expect(
            editor.cuts == [PictureCut(axis: .columns, start: 250, length: 50), PictureCut(axis: .rows, start: 200, length: 100)])
        #expect(editor.straightenedSize == PixelSize(width: joined.height, height: joined.width))
        #expect(isClose(editor.crop, PictureTransform.rotateRight.mapped(crop), tolerance: 1e-12))
        editor.apply(.flipHorizontal)
        #expect(editor.cuts[0] == PictureCut(axis: .columns, start: 100, length: 50))
        editor.apply(.flipHorizontal)
        for _ in 0..<3 { editor.apply(.rotateRight) }
        #expect(editor.cuts == [Self.rows, Self.columns])
        #expect(isClose(editor.crop, crop, tolerance: 1e-12))
        for _ in 0..<6 { editor.undo() }
        #expect(editor.cuts == [Self.rows, Self.columns] && editor.orientation == .up)
    }

    @Test func resetKeepsTheCuts() throws {
        var editor = Self.editor(crop: CropRect(x: 0.1, y: 0.1, width: 0.5, height: 0.5))
        try editor.addCut(Self.rows)
        editor.apply(.moveRight)
        editor.reset()
        #expect(editor.cuts == [Self.rows] && editor.crop == CropRect(x: 0.1, y: 0.1, width: 0.5, height: 0.5))
    }
}
