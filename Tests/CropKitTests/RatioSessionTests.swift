// A session locked to a ratio: new rectangles, drags, key adjustments and choosing a ratio, worked out by hand.
import CropKit
import Testing

@Suite struct RatioSessionTests {
    /// A 400 × 400 picture drawn at 16…416 in a 432 × 432 view: 100 points are 0.25 of the picture.
    static let viewport = Viewport(imageWidth: 400, imageHeight: 400, viewSize: CropSize(width: 432, height: 432))
    /// A 2:1 frame (normalized), drawn at 116…316 × 116…216.
    static let frame = CropRect(x: 0.25, y: 0.25, width: 0.5, height: 0.25)

    // MARK: New rectangles

    @Test func aNewRectangleKeepsTheRatioFromThePressPoint() {
        // The pointer 0.25 × 0.125 from the anchor is on the 2:1 diagonal, in every direction.
        let anchor = CropPoint(x: 0.5, y: 0.5)
        let cases: [(CropPoint, CropRect)] = [
            (CropPoint(x: 0.75, y: 0.625), CropRect(x: 0.5, y: 0.5, width: 0.25, height: 0.125)),
            (CropPoint(x: 0.25, y: 0.375), CropRect(x: 0.25, y: 0.375, width: 0.25, height: 0.125)),
            (CropPoint(x: 0.25, y: 0.625), CropRect(x: 0.25, y: 0.5, width: 0.25, height: 0.125)),
            (CropPoint(x: 0.75, y: 0.375), CropRect(x: 0.5, y: 0.375, width: 0.25, height: 0.125)),
        ]
        for (current, expected) in cases {
            #expect(NewRectangle(anchor: anchor, current: current).crop(minimumSide: 0.1, ratio: 2) == expected)
        }
    }

    @Test func aNewRectangleWithoutARatioIsTheFreeOne() {
        let drag = NewRectangle(anchor: CropPoint(x: 0.2, y: 0.3), current: CropPoint(x: 0.9, y: 0.4))
        #expect(drag.crop(minimumSide: 0.15, ratio: nil) == drag.crop(minimumSide: 0.15))
        #expect(drag.crop(minimumSide: 0.15, ratio: -1) == drag.crop(minimumSide: 0.15))
    }

    @Test func aNewRectangleStopsAtTheBorderAndGrowsToTheMinimum() {
        // From (0.5, 0.5) the right border leaves width 0.5, so a 2:1 frame is at most 0.5 × 0.25.
        let far = NewRectangle(anchor: CropPoint(x: 0.5, y: 0.5), current: CropPoint(x: 1, y: 1))
        #expect(far.crop(minimumSide: 0.1, ratio: 2) == CropRect(x: 0.5, y: 0.5, width: 0.5, height: 0.25))
        // A tiny drag near the right border: the 0.25 × 0.125 minimum frame is shifted back inside.
        let near = NewRectangle(anchor: CropPoint(x: 0.9375, y: 0.5), current: CropPoint(x: 0.96875, y: 0.515625))
        #expect(near.crop(minimumSide: 0.125, ratio: 2) == CropRect(x: 0.75, y: 0.5, width: 0.25, height: 0.125))
    }

    // MARK: Sessions

    @Test func aSessionIsFreeUnlessToldOtherwise() {
        #expect(CropSession(crop: Self.frame).aspectRatio == nil)
        #expect(CropSession(crop: Self.frame, aspectRatio: 2).aspectRatio == 2)
    }

    @Test func aCornerDragShowsAndCommitsTheRatio() {
        var session = CropSession(crop: Self.frame, minimumSide: 0.125, aspectRatio: 2)
        let target = session.begin(at: CropPoint(x: 316, y: 216), in: Self.viewport)
        #expect(target == .handle(.bottomRight))
        session.update(translation: CropSize(width: 100, height: 50))
        #expect(session.shown == CropRect(x: 0.25, y: 0.25, width: 0.75, height: 0.375))
        #expect(session.committed == Self.frame)
        let changed = session.end()
        #expect(changed)
        #expect(session.committed == CropRect(x: 0.25, y: 0.25, width: 0.75, height: 0.375))
    }

    @Test func aNewRectangleInASessionKeepsTheRatio() {
        var session = CropSession(crop: Self.frame, minimumSide: 0.1, aspectRatio: 2)
        // (216, 266) is 50 points below the frame: normalized (0.5, 0.625).
        let target = session.begin(at: CropPoint(x: 216, y: 266), in: Self.viewport)
        #expect(target == .newRectangle)
        session.update(translation: CropSize(width: 100, height: 50))
        #expect(session.shown == CropRect(x: 0.5, y: 0.625, width: 0.25, height: 0.125))
    }

    @Test func keyAdjustmentsKeepTheRatio() {
        var session = CropSession(crop: Self.frame, minimumSide: 0.125, aspectRatio: 2)
        // Wider by 0.05: 0.55 × 0.275, centred on y = 0.375.
        let wider = session.apply(.makeWider, resetTo: .unit)
        #expect(wider)
        #expect(isClose(session.committed, CropRect(x: 0.25, y: 0.2375, width: 0.55, height: 0.275)))
        // Moves ignore the ratio; reset goes back to the initial crop as it always did.
        let moved = session.apply(.moveLeft, resetTo: .unit)
        #expect(moved)
        #expect(isClose(session.committed, CropRect(x: 0.2, y: 0.2375, width: 0.55, height: 0.275)))
        let reset = session.apply(.reset, resetTo: .unit)
        #expect(reset)
        #expect(session.committed == .unit)
    }

    @Test func lockingARatioRefitsTheCropAndFreeUnlocks() {
        var session = CropSession(crop: .unit)
        let refitted = session.lockAspectRatio(.sixteenByNine, imageWidth: 4000, imageHeight: 3000)
        #expect(refitted)
        #expect(session.committed == CropRect(x: 0, y: 0.125, width: 1, height: 0.75))
        #expect(isClose(session.aspectRatio!, 4.0 / 3))
        let unlocked = session.lockAspectRatio(.free, imageWidth: 4000, imageHeight: 3000)
        #expect(!unlocked)
        #expect(session.aspectRatio == nil)
        #expect(session.committed == CropRect(x: 0, y: 0.125, width: 1, height: 0.75))
    }
}
