// Perspective mode's model: the starting quadrilateral, grips, drags that stop at the limit, keys, Escape, found pages.
import CropKit
import Testing

@Suite struct PerspectiveEditingTests {
    static let size = PixelSize(width: 4000, height: 3000)
    /// The picture fitted in an 820 × 632 view with the usual padding: 0.2 points a pixel.
    static let viewport = Viewport(imageWidth: 4000, imageHeight: 3000, viewSize: CropSize(width: 832, height: 632))

    @Test func aNewModeStartsSetInFromTheEdgesOrFromTheCommittedCorrection() {
        let fresh = PerspectiveEditing(picture: Self.size)
        #expect(fresh.quad.topLeft == CropPoint(x: 400, y: 300) && fresh.quad.bottomRight == CropPoint(x: 3600, y: 2700))
        #expect(fresh.selected == .topLeft && fresh.drag == nil && fresh.correction != nil)
        let page = PerspectiveEditorTests.page
        let again = PerspectiveEditing(
            picture: Self.size, starting: PerspectiveCorrection(quad: page, picture: Self.size, ratio: 1.5))
        #expect(again.quad == page && again.ratio == 1.5)
        let other = PerspectiveEditing(
            picture: Self.size, starting: PerspectiveCorrection(quad: page, picture: PixelSize(width: 3000, height: 4000)))
        #expect(other.quad == PerspectiveEditing.startingQuad(on: Self.size))
    }

    @Test func eachCornerTakesThePointerWithinItsGripAndTheNearestWinsWhereGripsOverlap() {
        let editing = PerspectiveEditing(picture: Self.size)
        for corner in PerspectiveQuad.Corner.allCases {
            let at = editing.viewPoint(of: corner, in: Self.viewport)
            #expect(editing.corner(at: at, in: Self.viewport) == corner)
            // 21 points off along both axes is inside the 44-point grip; 23 is outside.
            #expect(editing.corner(at: CropPoint(x: at.x + 21, y: at.y - 21), in: Self.viewport) == corner)
            #expect(editing.corner(at: CropPoint(x: at.x + 23, y: at.y), in: Self.viewport) == nil)
        }
        var close = PerspectiveEditing(picture: Self.size)
        close.place(
            PerspectiveQuad(
                topLeft: CropPoint(x: 1000, y: 1000), topRight: CropPoint(x: 1150, y: 1000),
                bottomRight: CropPoint(x: 1150, y: 1150), bottomLeft: CropPoint(x: 1000, y: 1150)))
        let left = close.viewPoint(of: .topLeft, in: Self.viewport), right = close.viewPoint(of: .topRight, in: Self.viewport)
        #expect(close.corner(at: CropPoint(x: left.x + 5, y: left.y), in: Self.viewport) == .topLeft)
        #expect(close.corner(at: CropPoint(x: right.x - 5, y: right.y), in: Self.viewport) == .topRight)
    }

    @Test func aDragMovesItsCornerByThePointersTravelInPicturePixels() {
        var editing = PerspectiveEditing(picture: Self.size)
        let at = editing.viewPoint(of: .bottomRight, in: Self.viewport)
        let result1 = editing.beginDrag(at: at, in: Self.viewport)
        #expect(result1)
        #expect(editing.selected == .bottomRight)
        let scale = Self.viewport.scale
        editing.updateDrag(translation: CropSize(width: 20, height: -10), in: Self.viewport)
        #expect(isClose(editing.quad.bottomRight, CropPoint(x: 3600 + 20 / scale, y: 2700 - 10 / scale), tolerance: 1e-3))
        let result2 = editing.endDrag()
        #expect(result2)
        #expect(editing.drag == nil)
        let result3 = editing.beginDrag(at: CropPoint(x: 416, y: 316), in: Self.viewport)
        #expect(!result3)
    }

    @Test func aDragStopsAtThePicturesEdgeAndBeforeTheShapeFolds() {
        var editing = PerspectiveEditing(picture: Self.size)
        editing.beginDrag(at: editing.viewPoint(of: .topLeft, in: Self.viewport), in: Self.viewport)
        editing.updateDrag(translation: CropSize(width: -5000, height: -5000), in: Self.viewport)
        #expect(editing.quad.topLeft == CropPoint(x: 0, y: 0))
        // Across the opposite corner: the shape would cross itself, so the corner stops short.
        editing.updateDrag(translation: CropSize(width: 5000, height: 5000), in: Self.viewport)
        #expect(editing.quad.problem(in: Self.size) == nil)
        #expect(editing.quad.topLeft.x < 3600 && editing.quad.topLeft.y < 2700)
    }

    @Test func escapeDuringADragReturnsTheQuadrilateral() {
        var editing = PerspectiveEditing(picture: Self.size)
        let before = editing.quad
        editing.beginDrag(at: editing.viewPoint(of: .topRight, in: Self.viewport), in: Self.viewport)
        editing.updateDrag(translation: CropSize(width: 30, height: 30), in: Self.viewport)
        #expect(editing.quad != before)
        editing.cancelDrag()
        #expect(editing.quad == before && editing.drag == nil)
    }

    @Test func keysChooseCornersAndMoveThemByOnePercentOrOnePixel() {
        var editing = PerspectiveEditing(picture: Self.size)
        editing.selectNext()
        #expect(editing.selected == .topRight)
        editing.selectNext(backwards: true)
        editing.selectNext(backwards: true)
        #expect(editing.selected == .bottomLeft)
        let result4 = editing.moveSelected(dx: -1, dy: 0, fine: false)
        #expect(result4)
        #expect(editing.quad.bottomLeft == CropPoint(x: 360, y: 2700))
        let result5 = editing.moveSelected(dx: 0, dy: 1, fine: true)
        #expect(result5)
        #expect(editing.quad.bottomLeft == CropPoint(x: 360, y: 2701))
        #expect(editing.percent(of: .bottomLeft) == (fromLeft: 9, fromTop: 90))
        // At the picture's edge a key moves no further.
        editing.place(PerspectiveQuad(wholePictureOf: Self.size))
        editing.select(.topLeft)
        let result6 = editing.moveSelected(dx: -1, dy: -1, fine: false)
        #expect(!result6)
        #expect(editing.quad.topLeft == CropPoint(x: 0, y: 0))
    }

    @Test func aFoundPageIsPlacedOnlyWhenItCanBeRectified() {
        var editing = PerspectiveEditing(picture: Self.size)
        let result7 = editing.place(PerspectiveEditorTests.page)
        #expect(result7)
        #expect(editing.quad == PerspectiveEditorTests.page)
        let outside = PerspectiveQuad(
            topLeft: CropPoint(x: -10, y: 0), topRight: CropPoint(x: 100, y: 0), bottomRight: CropPoint(x: 100, y: 100),
            bottomLeft: CropPoint(x: 0, y: 100))
        let result8 = editing.place(outside)
        #expect(!result8)
        #expect(editing.quad == PerspectiveEditorTests.page)
        #expect(editing.correction == PerspectiveCorrection(quad: PerspectiveEditorTests.page, picture: Self.size))
    }
}
