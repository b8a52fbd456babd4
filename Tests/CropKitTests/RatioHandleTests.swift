// Ratio-locked handle drags worked out by hand: corners about their opposite corner, edges about the centre, the body as ever.
import CropKit
import Testing

@Suite struct RatioHandleTests {
    /// A 2:1 frame (normalized) at 0.25…0.75 × 0.25…0.5; dyadic, so most results are exact.
    static let frame = CropRect(x: 0.25, y: 0.25, width: 0.5, height: 0.25)
    static let side = 0.125

    static func drag(
        _ handle: CropHandle, _ dx: Double, _ dy: Double, from rect: CropRect = frame,
        ratio: Double? = 2, side: Double = side, imageAspect: Double = 1
    ) -> CropRect {
        handle.adjusting(rect, by: CropSize(width: dx, height: dy), minimumSide: side, ratio: ratio, imageAspect: imageAspect)
    }

    // MARK: No ratio, and the body

    @Test(arguments: CropHandle.allCases)
    func noRatioIsExactlyTheFreeDrag(handle: CropHandle) {
        for (dx, dy) in [(0.1, 0.05), (-0.3, 0.7), (2.0, -2.0), (0, 0), (Double.nan, 0.1)] {
            let delta = CropSize(width: dx, height: dy)
            let free = handle.adjusting(Self.frame, by: delta, minimumSide: Self.side)
            #expect(handle.adjusting(Self.frame, by: delta, minimumSide: Self.side, ratio: nil) == free)
            // A ratio that is not a positive finite number counts as none.
            for bad in [0, -2, Double.nan, .infinity] {
                #expect(handle.adjusting(Self.frame, by: delta, minimumSide: Self.side, ratio: bad) == free)
            }
        }
    }

    @Test func theBodyIgnoresTheRatio() {
        let delta = CropSize(width: 0.125, height: -0.5)
        #expect(Self.drag(.body, 0.125, -0.5) == CropHandle.body.adjusting(Self.frame, by: delta))
        #expect(Self.drag(.body, 0.125, -0.5) == CropRect(x: 0.375, y: 0, width: 0.5, height: 0.25))
    }

    // MARK: Corners

    @Test func aCornerDraggedAlongTheDiagonalFollowsThePointer() {
        // The pointer at 1.0 × 0.625 lies on the 2:1 diagonal from the anchor (0.25, 0.25).
        #expect(Self.drag(.bottomRight, 0.25, 0.125) == CropRect(x: 0.25, y: 0.25, width: 0.75, height: 0.375))
    }

    @Test func movingAcrossTheDiagonalDoesNotResize() {
        // (−1, 2) is perpendicular to (2, 1): adding −0.0625 × 0.125 to the last drag projects to the same corner.
        #expect(Self.drag(.bottomRight, 0.1875, 0.25) == CropRect(x: 0.25, y: 0.25, width: 0.75, height: 0.375))
        // Straight right by 0.25: the extent 0.75 × 0.25 projects to height (2 × 0.75 + 0.25) / 5 = 0.35.
        #expect(isClose(Self.drag(.bottomRight, 0.25, 0), CropRect(x: 0.25, y: 0.25, width: 0.7, height: 0.35)))
    }

    @Test(arguments: [
        // Each corner dragged 0.25 × 0.125 outwards along the diagonal: 0.75 × 0.375 about the opposite corner.
        (CropHandle.topLeft, -0.25, -0.125, CropRect(x: 0, y: 0.125, width: 0.75, height: 0.375)),
        (.topRight, 0.25, -0.125, CropRect(x: 0.25, y: 0.125, width: 0.75, height: 0.375)),
        (.bottomRight, 0.25, 0.125, CropRect(x: 0.25, y: 0.25, width: 0.75, height: 0.375)),
        (.bottomLeft, -0.25, 0.125, CropRect(x: 0, y: 0.25, width: 0.75, height: 0.375)),
    ])
    func everyCornerKeepsItsOppositeCorner(handle: CropHandle, dx: Double, dy: Double, expected: CropRect) {
        #expect(Self.drag(handle, dx, dy) == expected)
    }

    @Test func aCornerStopsAtTheFirstBorderItMeets() {
        // From 0.5…0.75 × 0.25…0.375 the right border leaves room for width 0.5, so height 0.25.
        let rect = CropRect(x: 0.5, y: 0.25, width: 0.25, height: 0.125)
        #expect(Self.drag(.bottomRight, 1, 1, from: rect) == CropRect(x: 0.5, y: 0.25, width: 0.5, height: 0.25))
    }

    @Test func aCornerStopsAtTheMinimumSideOnBothAxes() {
        // Dragged past the anchor (0.75, 0.5): the smallest 2:1 frame with both sides ≥ 0.125 is 0.25 × 0.125.
        #expect(Self.drag(.topLeft, 1, 1) == CropRect(x: 0.5, y: 0.375, width: 0.25, height: 0.125))
        // For 1:2 the width is the shorter side: 0.125 × 0.25.
        let tall = CropRect(x: 0.25, y: 0.25, width: 0.25, height: 0.5)
        #expect(Self.drag(.bottomRight, -1, -1, from: tall, ratio: 0.5) == CropRect(x: 0.25, y: 0.25, width: 0.125, height: 0.25))
    }

    @Test func theProjectionMeasuresAsTheScreenShowsThePicture() {
        // Square pixels on an 800 × 400 picture are 0.5:1 normalized. The frame is 200 × 200 pixels at
        // (200, 100); the pointer moves 100 pixels right, to an extent of 300 × 200 pixels, whose
        // nearest point on the pixel diagonal is 250 × 250: 0.3125 × 0.625 normalized.
        let square = CropRect(x: 0.25, y: 0.25, width: 0.25, height: 0.5)
        #expect(
            Self.drag(.bottomRight, 0.125, 0, from: square, ratio: 0.5, imageAspect: 2)
                == CropRect(x: 0.25, y: 0.25, width: 0.3125, height: 0.625))
        // Measured in normalized units instead, the same pointer gives height (0.5 × 0.375 + 0.5) / 1.25 = 0.55.
        #expect(
            isClose(
                Self.drag(.bottomRight, 0.125, 0, from: square, ratio: 0.5, imageAspect: 1),
                CropRect(x: 0.25, y: 0.25, width: 0.275, height: 0.55)))
    }

    // MARK: Edges

    @Test(arguments: [
        // Right or left by 0.125 more width: 0.625 × 0.3125, centred on y = 0.375.
        (CropHandle.right, 0.125, 0.0, CropRect(x: 0.25, y: 0.21875, width: 0.625, height: 0.3125)),
        (.left, -0.125, 0.0, CropRect(x: 0.125, y: 0.21875, width: 0.625, height: 0.3125)),
        // Bottom or top by 0.125 more height: 0.75 × 0.375, centred on x = 0.5.
        (.bottom, 0.0, 0.125, CropRect(x: 0.125, y: 0.25, width: 0.75, height: 0.375)),
        (.top, 0.0, -0.125, CropRect(x: 0.125, y: 0.125, width: 0.75, height: 0.375)),
        // The drag along the edge does nothing.
        (.right, 0.125, 0.3, CropRect(x: 0.25, y: 0.21875, width: 0.625, height: 0.3125)),
    ])
    func everyEdgeKeepsItsOppositeEdgeAndTheCentre(handle: CropHandle, dx: Double, dy: Double, expected: CropRect) {
        #expect(Self.drag(handle, dx, dy) == expected)
    }

    @Test func anEdgeStopsWhereTheOtherAxisFillsThePicture() {
        // The bottom edge asks for height 0.75, but a 2:1 frame is at most 1 × 0.5.
        #expect(Self.drag(.bottom, 0, 0.5) == CropRect(x: 0, y: 0.25, width: 1, height: 0.5))
    }

    @Test func anEdgePushesTheFrameOffABorderItWouldCross() {
        // At the top border, 0.375 high centred on y = 0.125 would overhang; it grows downwards instead.
        let atTop = CropRect(x: 0.25, y: 0, width: 0.5, height: 0.25)
        #expect(Self.drag(.right, 0.25, 0, from: atTop) == CropRect(x: 0.25, y: 0, width: 0.75, height: 0.375))
    }

    @Test func anEdgeStopsAtTheMinimumSide() {
        #expect(Self.drag(.right, -1, 0) == CropRect(x: 0.25, y: 0.3125, width: 0.25, height: 0.125))
        #expect(Self.drag(.top, 0, 1) == CropRect(x: 0.375, y: 0.375, width: 0.25, height: 0.125))
    }

    @Test func anEdgeSnapsAFrameNotYetOfTheRatio() {
        // A square crop, locked to 2:1 without refitting: a still right edge keeps the width, halves the height.
        let square = CropRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        #expect(Self.drag(.right, 0, 0, from: square) == CropRect(x: 0.25, y: 0.375, width: 0.5, height: 0.25))
    }

    // MARK: When the ratio and the minimum side disagree

    @Test func aRatioTooExtremeForTheMinimumLocksTheFrameAtItsLargest() {
        // 10:1 with a minimum side of 0.15: a height of 0.15 would need width 1.5, so the frame
        // cannot shrink below the whole width × 0.1; every edge and corner keeps it there.
        let strip = CropRect(x: 0, y: 0.45, width: 1, height: 0.1)
        for handle in CropHandle.allCases where handle != .body {
            #expect(isClose(Self.drag(handle, 0.5, 0.5, from: strip, ratio: 10, side: 0.15), strip), "\(handle)")
            #expect(isClose(Self.drag(handle, -0.5, -0.5, from: strip, ratio: 10, side: 0.15), strip), "\(handle)")
        }
    }

    @Test func theMinimumWinsOverTheAnchorForAFrameUnderIt() {
        // A free 0.15 × 1 strip locked to 2:1: its anchor (0.15, 1) leaves room for width 0.15 only,
        // so the 0.3 × 0.15 minimum frame is shifted back inside instead of breaking the minimum.
        let strip = CropRect(x: 0, y: 0, width: 0.15, height: 1)
        #expect(isClose(Self.drag(.topLeft, 0, 0, from: strip, side: 0.15), CropRect(x: 0, y: 0.85, width: 0.3, height: 0.15)))
    }
}
