// A perspective correction in `CropEditor`: one undo step, the crop on the rectified picture, turns, Reset, ratios, sidecars.
import CropKit
import Testing

@Suite struct PerspectiveEditorTests {
    static let size = PixelSize(width: 4000, height: 3000)
    /// A page seen at a slant: wider at the bottom, as a sheet on a table photographed from above and in front.
    static let page = PerspectiveQuad(
        topLeft: CropPoint(x: 1200, y: 600), topRight: CropPoint(x: 2800, y: 640),
        bottomRight: CropPoint(x: 3200, y: 2600), bottomLeft: CropPoint(x: 800, y: 2560))

    static func editor(crop: CropRect = .unit) -> CropEditor {
        var editor = CropEditor()
        editor.load(uprightWidth: size.width, uprightHeight: size.height, crop: crop)
        return editor
    }

    static var correction: PerspectiveCorrection { PerspectiveCorrection(quad: page, picture: size) }

    @Test func settingACorrectionIsOneStepOnTheRectifiedPicture() throws {
        var editor = Self.editor(crop: CropRect(x: 0.1, y: 0.1, width: 0.5, height: 0.5))
        let changes = editor.setPerspective(Self.correction)
        #expect(changes == [.committed, .picture, .shown, .history])
        let rectification = try #require(editor.rectification)
        #expect(editor.perspective == Self.correction)
        #expect(editor.straightenedSize == rectification.size && editor.straightenedSize != Self.size)
        #expect(editor.crop == .unit)
        #expect(editor.cropPixels == PixelRect(x: 0, y: 0, width: rectification.size.width, height: rectification.size.height))
        editor.undo()
        #expect(editor.perspective == nil && editor.rectification == nil)
        #expect(editor.crop == CropRect(x: 0.1, y: 0.1, width: 0.5, height: 0.5))
        #expect(editor.straightenedSize == Self.size)
        editor.redo()
        #expect(editor.perspective == Self.correction && editor.crop == .unit)
    }

    @Test func theRectifiedPictureHasThePagesEstimatedProportionsOrTheLockedOnes() throws {
        var editor = Self.editor()
        editor.setPerspective(Self.correction)
        let estimated = try #require(PerspectiveProportions.estimate(Self.page, pictureSize: Self.size)?.ratio)
        let size = editor.straightenedSize
        #expect(abs(Double(size.width) / Double(size.height) - estimated) < 0.002)
        let a4 = PaperSize.a4.ratio
        let changes = editor.setPerspectiveRatio(a4)
        #expect(changes.contains(.history))
        let locked = editor.straightenedSize
        #expect(abs(Double(locked.width) / Double(locked.height) - a4) < 0.002)
        #expect(editor.perspective?.ratio == a4)
    }

    @Test func theStraightenAngleGivesWayToTheQuadrilateralAndCannotReturnWhileItIsSet() {
        var editor = Self.editor()
        editor.setAngle(StraightenAngle(degrees: 4))
        editor.setPerspective(Self.correction)
        #expect(editor.angle == .zero)
        let result1 = editor.setAngle(StraightenAngle(degrees: 2))
        #expect(result1 == [])
        #expect(editor.angle == .zero)
        editor.undo()
        #expect(editor.angle == StraightenAngle(degrees: 4) && editor.perspective == nil)
    }

    @Test func resetRemovesTheCorrectionAsOneStep() {
        var editor = Self.editor(crop: CropRect(x: 0.2, y: 0.2, width: 0.6, height: 0.6))
        editor.setPerspective(Self.correction)
        let changes = editor.reset()
        #expect(changes.contains(.picture) && changes.contains(.history))
        #expect(editor.perspective == nil && isClose(editor.crop, CropRect(x: 0.2, y: 0.2, width: 0.6, height: 0.6)))
        editor.undo()
        #expect(editor.perspective == Self.correction)
    }

    @Test func turnsAndFlipsCarryTheQuadrilateralAndFourTurnsGiveItBack() throws {
        var editor = Self.editor()
        editor.setPerspective(Self.correction)
        editor.commit(CropRect(x: 0.1, y: 0.2, width: 0.5, height: 0.4))
        let before = editor.straightenedSize
        editor.apply(.rotateRight)
        let turned = try #require(editor.perspective)
        #expect(turned.picture == PixelSize(width: 3000, height: 4000))
        #expect(turned.quad.problem(in: turned.picture) == nil)
        let after = editor.straightenedSize
        // The rectified picture turns with the picture: its sides swap (within a pixel of rounding).
        #expect(abs(after.width - before.height) <= 1 && abs(after.height - before.width) <= 1)
        for _ in 0..<3 { editor.apply(.rotateRight) }
        #expect(editor.perspective == Self.correction)
        #expect(isClose(editor.crop, CropRect(x: 0.1, y: 0.2, width: 0.5, height: 0.4), tolerance: 1e-12))
        editor.apply(.flipHorizontal)
        editor.apply(.flipHorizontal)
        #expect(editor.perspective == Self.correction)
    }

    @Test func aLockedRatioTurnsWithAQuarterTurn() throws {
        var editor = Self.editor()
        editor.setPerspective(PerspectiveCorrection(quad: Self.page, picture: Self.size, ratio: 0.5))
        editor.apply(.rotateLeft)
        #expect(try #require(editor.perspective?.ratio) == 2)
    }

    @Test func aCorrectionThatCannotBeRectifiedOrBelongsToAnotherPictureChangesNothing() {
        var editor = Self.editor()
        let crossed = PerspectiveQuad(
            topLeft: CropPoint(x: 100, y: 100), topRight: CropPoint(x: 3000, y: 2500),
            bottomRight: CropPoint(x: 3000, y: 100), bottomLeft: CropPoint(x: 100, y: 2500))
        let result2 = editor.setPerspective(PerspectiveCorrection(quad: crossed, picture: Self.size))
        #expect(result2 == [])
        let result3 = editor.setPerspective(PerspectiveCorrection(quad: Self.page, picture: PixelSize(width: 10, height: 10)))
        #expect(result3 == [])
        #expect(editor.perspective == nil && !editor.canUndo)
    }

    @Test func aLockedCropRatioRefitsTheCropOnTheRectifiedPicture() {
        var editor = Self.editor()
        editor.setAspectRatio(.square)
        editor.setPerspective(Self.correction)
        let p = editor.cropPixels
        #expect(abs(p.width - p.height) <= 1)
        #expect(p.width == editor.straightenedSize.width || p.height == editor.straightenedSize.height)
    }

    @Test func aSidecarsCornersComeBackAsTheSameCorrection() throws {
        var editor = Self.editor()
        editor.setPerspective(Self.correction)
        editor.apply(.rotateRight)
        // Kept on the upright picture, whatever the turn: a picture always opens unturned.
        let corners = try #require(editor.uprightPerspectiveCorners)
        let restored = try #require(PerspectiveCorrection(uprightCorners: corners, picture: Self.size, ratio: nil))
        #expect(restored == Self.correction)
        var opened = CropEditor()
        opened.load(
            uprightWidth: 4000, uprightHeight: 3000, crop: CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8), angle: .zero,
            perspective: restored)
        #expect(opened.perspective == restored && !opened.canUndo)
        #expect(opened.crop == CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8))
    }

    @Test func hostileSidecarCornersAreRefused() {
        let bad: [[CropPoint]] = [
            [], [CropPoint(x: 0.1, y: 0.1)],
            [CropPoint(x: .nan, y: 0), CropPoint(x: 1, y: 0), CropPoint(x: 1, y: 1), CropPoint(x: 0, y: 1)],
            [CropPoint(x: 0, y: 0), CropPoint(x: 5, y: 0), CropPoint(x: 1, y: 1), CropPoint(x: 0, y: 1)],
            [CropPoint(x: 0, y: 0), CropPoint(x: 0, y: 1), CropPoint(x: 1, y: 1), CropPoint(x: 1, y: 0)],
            [
                CropPoint(x: 0.5, y: 0.5), CropPoint(x: 0.5001, y: 0.5), CropPoint(x: 0.5001, y: 0.5001),
                CropPoint(x: 0.5, y: 0.5001),
            ],
        ]
        for corners in bad { #expect(PerspectiveCorrection(uprightCorners: corners, picture: Self.size, ratio: nil) == nil) }
    }
}
