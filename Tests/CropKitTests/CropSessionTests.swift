// `CropSession`: a transient drag shown over the committed crop, committed by `end` and dropped by `cancel`.
import CropKit
import Testing

@Suite struct CropSessionTests {
    /// The demo's 800 × 1000 photo drawn at 16…416 × 16…516 (scale 0.5) in a 432 × 532 view,
    /// so the starting crop is drawn at 56…376 × 66…466 and 40 × 50 points are 0.1 × 0.1 of the image.
    static let viewport = Viewport(imageWidth: 800, imageHeight: 1000, viewSize: CropSize(width: 432, height: 532))

    static func seedSession(minimumSide: Double = Seed.minimumSide) -> CropSession {
        CropSession(crop: Seed.initialCrop, minimumSide: minimumSide)
    }

    @Test func theDrawingMatchesTheSeedCrop() {
        #expect(Self.viewport.imageFrame == CropRect(x: 16, y: 16, width: 400, height: 500))
        #expect(isClose(Self.viewport.viewRect(Seed.initialCrop), CropRect(x: 56, y: 66, width: 320, height: 400)))
    }

    @Test func aNewSessionShowsItsSanitizedCrop() {
        let session = Self.seedSession()
        #expect(isClose(session.committed, Seed.initialCrop))
        #expect(session.shown == session.committed)
        #expect(!session.isDragging)
        #expect(session.drag == nil)
        #expect(session.minimumSide == Seed.minimumSide)
        #expect(CropSession(crop: CropRect(x: .nan, y: 0, width: 1, height: 1)).committed == .unit)
        #expect(
            CropSession(crop: CropRect(x: 0.75, y: 0.75, width: -0.5, height: -0.5)).committed
                == CropRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
    }

    static let presses: [(CropPoint, DragTarget)] = [
        (CropPoint(x: 56, y: 66), .handle(.topLeft)),
        (CropPoint(x: 376, y: 66), .handle(.topRight)),
        (CropPoint(x: 376, y: 466), .handle(.bottomRight)),
        (CropPoint(x: 56, y: 466), .handle(.bottomLeft)),
        (CropPoint(x: 216, y: 66), .handle(.top)),
        (CropPoint(x: 376, y: 266), .handle(.right)),
        (CropPoint(x: 216, y: 466), .handle(.bottom)),
        (CropPoint(x: 56, y: 266), .handle(.left)),
        (CropPoint(x: 216, y: 266), .handle(.body)),
        // 21 points from a corner is still in its grip; 23 points in along the diagonal is the body.
        (CropPoint(x: 77, y: 87), .handle(.topLeft)),
        (CropPoint(x: 79, y: 89), .handle(.body)),
        // Beyond half a grip outside the frame, and in the padding.
        (CropPoint(x: 30, y: 266), .newRectangle),
        (CropPoint(x: 216, y: 500), .newRectangle),
        (CropPoint(x: 4, y: 4), .newRectangle),
    ]

    @Test(arguments: presses)
    func beginGrabsWhatIsDrawnUnderThePress(point: CropPoint, expected: DragTarget) {
        var session = Self.seedSession()
        #expect(session.begin(at: point, in: Self.viewport) == expected)
        #expect(session.isDragging)
        #expect(session.drag?.target == expected)
        #expect(session.drag?.start == point)
        #expect(session.drag?.translation == .zero)
        #expect(session.drag?.viewport == Self.viewport)
    }

    @Test func aBodyDragShowsTheMovedCropAndKeepsTheCommittedOne() {
        var session = Self.seedSession()
        let before = session.committed
        session.begin(at: CropPoint(x: 216, y: 266), in: Self.viewport)
        // With nothing moved yet the body is shown exactly where it was.
        #expect(session.shown == before)
        session.update(translation: CropSize(width: 20, height: -25))  // 0.05 right, 0.05 up
        #expect(isClose(session.shown, CropRect(x: 0.15, y: 0.05, width: 0.8, height: 0.8)))
        #expect(session.shown.size == before.size)
        #expect(session.committed == before)
    }

    static let handleDrags: [(CropPoint, CropSize, CropRect)] = [
        // Right edge 40 points (0.1) in.
        (CropPoint(x: 376, y: 266), CropSize(width: -40, height: 30), CropRect(x: 0.1, y: 0.1, width: 0.7, height: 0.8)),
        // Top edge 50 points (0.1) down.
        (CropPoint(x: 216, y: 66), CropSize(width: 99, height: 50), CropRect(x: 0.1, y: 0.2, width: 0.8, height: 0.7)),
        // Top-left corner 0.1 in both ways.
        (CropPoint(x: 56, y: 66), CropSize(width: 40, height: 50), CropRect(x: 0.2, y: 0.2, width: 0.7, height: 0.7)),
        // Bottom-right corner 0.1 out both ways, reaching the image's border.
        (CropPoint(x: 376, y: 466), CropSize(width: 40, height: 50), CropRect(x: 0.1, y: 0.1, width: 0.9, height: 0.9)),
        // Left edge far beyond the image stops at its border.
        (CropPoint(x: 56, y: 266), CropSize(width: -1000, height: 0), CropRect(x: 0, y: 0.1, width: 0.9, height: 0.8)),
        // Bottom edge dragged past the top stops the minimum side below it.
        (CropPoint(x: 216, y: 466), CropSize(width: 0, height: -1000), CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.15)),
        // The body dragged far stops with its far side on the border.
        (CropPoint(x: 216, y: 266), CropSize(width: 1000, height: -1000), CropRect(x: 0.2, y: 0, width: 0.8, height: 0.8)),
    ]

    @Test(arguments: handleDrags)
    func theTranslationIsNormalizedByTheImageOnScreen(press: CropPoint, travel: CropSize, expected: CropRect) {
        var session = Self.seedSession()
        session.begin(at: press, in: Self.viewport)
        session.update(translation: travel)
        #expect(isClose(session.shown, expected))
        #expect(session.end() == true)
        #expect(isClose(session.committed, expected))
        #expect(!session.isDragging)
        #expect(session.shown == session.committed)
    }

    @Test func updatesReplaceTheTravelRatherThanAddToIt() {
        var session = Self.seedSession()
        session.begin(at: CropPoint(x: 216, y: 266), in: Self.viewport)
        session.update(translation: CropSize(width: 20, height: 25))
        session.update(translation: CropSize(width: -20, height: 0))
        #expect(isClose(session.shown, CropRect(x: 0.05, y: 0.1, width: 0.8, height: 0.8)))
    }

    @Test func endCommitsWhatWasShown() {
        var session = Self.seedSession()
        session.begin(at: CropPoint(x: 376, y: 466), in: Self.viewport)
        session.update(translation: CropSize(width: -80, height: -100))
        let shown = session.shown
        #expect(session.end() == true)
        #expect(session.committed == shown.sanitized)
        #expect(isClose(session.committed, CropRect(x: 0.1, y: 0.1, width: 0.6, height: 0.6)))
    }

    @Test func cancelRestoresExactlyTheCommittedCrop() {
        var session = Self.seedSession()
        let before = session.committed
        session.begin(at: CropPoint(x: 56, y: 66), in: Self.viewport)
        session.update(translation: CropSize(width: 100, height: 77))
        #expect(session.shown != before)
        session.cancel()
        #expect(session.committed == before)
        #expect(session.shown == before)
        #expect(!session.isDragging)
        // Nothing of the cancelled drag survives into a later end.
        #expect(session.end() == false)
        #expect(session.committed == before)
    }

    @Test func updateWithoutBeginDoesNothing() {
        var session = Self.seedSession()
        let before = session
        session.update(translation: CropSize(width: 100, height: 100))
        #expect(session == before)
        #expect(!session.isDragging)
        #expect(session.shown == before.committed)
        #expect(session.end() == false)
        #expect(session == before)
    }

    @Test func updateAfterEndDoesNothing() {
        var session = Self.seedSession()
        session.begin(at: CropPoint(x: 216, y: 266), in: Self.viewport)
        session.update(translation: CropSize(width: 20, height: 25))
        session.end()
        let after = session
        session.update(translation: CropSize(width: -200, height: -200))
        #expect(session == after)
    }

    @Test func aPressWithoutMovementOnTheBodyChangesNothing() {
        var session = Self.seedSession()
        let before = session.committed
        session.begin(at: CropPoint(x: 216, y: 266), in: Self.viewport)
        #expect(session.end() == false)
        #expect(session.committed == before)
    }

    @Test func theSessionsMinimumSideLimitsHandleDrags() {
        var session = Self.seedSession(minimumSide: 0.5)
        session.begin(at: CropPoint(x: 376, y: 266), in: Self.viewport)
        session.update(translation: CropSize(width: -1000, height: 0))
        #expect(isClose(session.shown.width, 0.5))
        var tiny = Self.seedSession(minimumSide: 0)
        tiny.begin(at: CropPoint(x: 376, y: 266), in: Self.viewport)
        tiny.update(translation: CropSize(width: -1000, height: 0))
        #expect(isClose(tiny.shown.width, 0.01))
    }

    @Test func aHostileTranslationNeverPutsNaNIntoTheCrop() {
        var session = Self.seedSession()
        session.begin(at: CropPoint(x: 56, y: 66), in: Self.viewport)
        for travel in [
            CropSize(width: .nan, height: 10), CropSize(width: .infinity, height: -.infinity),
            CropSize(width: 1e308, height: -1e308),
        ] {
            session.update(translation: travel)
            #expect(session.shown.isFinite, "\(travel)")
            #expect(session.shown.isInside(.unit), "\(travel)")
        }
        session.end()
        #expect(session.committed.isFinite)
    }

    @Test func aViewTooSmallToShowTheImageCannotMoveTheCrop() {
        let hidden = Viewport(imageWidth: 800, imageHeight: 1000, viewSize: CropSize(width: 20, height: 20))
        var session = Self.seedSession()
        let before = session.committed
        session.begin(at: CropPoint(x: 10, y: 10), in: hidden)
        session.update(translation: CropSize(width: 5, height: 5))
        #expect(session.shown.isFinite)
        session.end()
        #expect(session.committed == before)
    }

    @Test func commitReplacesTheCropSanitizedAndEndsTheDrag() {
        var session = Self.seedSession()
        session.begin(at: CropPoint(x: 216, y: 266), in: Self.viewport)
        #expect(session.commit(CropRect(x: 0.5, y: 0.5, width: 1, height: 1)) == true)
        #expect(session.committed == CropRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5))
        #expect(!session.isDragging)
        #expect(session.commit(CropRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5)) == false)
    }
}
