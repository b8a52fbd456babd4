// The session's new-rectangle drag: a press outside every grip spans a new crop, committed only on a real drag.
import CropKit
import Testing

@Suite struct NewRectangleDragTests {
    /// A 512 × 512 image in a 544 × 544 view: the image fills 16…528, so a view point v is (v - 16) / 512.
    static let viewport = Viewport(imageWidth: 512, imageHeight: 512, viewSize: CropSize(width: 544, height: 544))
    /// A crop in the bottom-right quarter (drawn at 400…528, grips from 378), leaving room to press elsewhere.
    static let corner = CropRect(x: 0.75, y: 0.75, width: 0.25, height: 0.25)

    static func view(_ nx: Double, _ ny: Double) -> CropPoint { CropPoint(x: 16 + 512 * nx, y: 16 + 512 * ny) }

    /// Press points and the 128 × 96 point drags that span 0.25…0.5 × 0.25…0.4375 from each corner.
    static let fourWays: [(CropPoint, CropSize)] = [
        (view(0.25, 0.25), CropSize(width: 128, height: 96)),
        (view(0.5, 0.4375), CropSize(width: -128, height: -96)),
        (view(0.25, 0.4375), CropSize(width: 128, height: -96)),
        (view(0.5, 0.25), CropSize(width: -128, height: 96)),
    ]

    @Test(arguments: fourWays)
    func aDragOutsideTheFrameSpansANewCrop(press: CropPoint, travel: CropSize) {
        var session = CropSession(crop: Self.corner)
        #expect(session.begin(at: press, in: Self.viewport) == .newRectangle)
        session.update(translation: travel)
        let expected = CropRect(x: 0.25, y: 0.25, width: 0.25, height: 0.1875)
        #expect(session.shown == expected)
        #expect(session.committed == Self.corner)
        #expect(session.end() == true)
        #expect(session.committed == expected)
        #expect(!session.isDragging)
    }

    @Test func theNewCropIsClampedToTheImage() {
        var session = CropSession(crop: Self.corner)
        session.begin(at: Self.view(0.25, 0.25), in: Self.viewport)
        session.update(translation: CropSize(width: 10_000, height: 10_000))
        session.end()
        #expect(session.committed == CropRect(x: 0.25, y: 0.25, width: 0.75, height: 0.75))
    }

    @Test func aPressInThePaddingStartsAtTheImageBorder() {
        var session = CropSession(crop: Self.corner)
        #expect(session.begin(at: CropPoint(x: 4, y: 4), in: Self.viewport) == .newRectangle)
        session.update(translation: CropSize(width: 140, height: 140))  // to (144, 144) = (0.25, 0.25)
        session.end()
        #expect(session.committed == CropRect(x: 0, y: 0, width: 0.25, height: 0.25))
    }

    @Test(arguments: [CropSize(width: 4, height: 4), CropSize(width: -4, height: 4), CropSize(width: 4.5, height: -4)])
    func fourPointsEachWayCommits(travel: CropSize) {
        var session = CropSession(crop: Self.corner)
        session.begin(at: Self.view(0.25, 0.25), in: Self.viewport)
        session.update(translation: travel)
        #expect(session.end() == true)
        #expect(session.committed != Self.corner)
        // Tiny, so grown to the 0.15 minimum away from the press point.
        #expect(isClose(session.committed.width, Seed.minimumSide))
        #expect(isClose(session.committed.height, Seed.minimumSide))
        #expect(isClose(travel.width > 0 ? session.committed.minX : session.committed.maxX, 0.25))
        #expect(isClose(travel.height > 0 ? session.committed.minY : session.committed.maxY, 0.25))
    }

    @Test(arguments: [
        CropSize(width: 3, height: 100), CropSize(width: 100, height: -3),
        CropSize(width: 3.99, height: 3.99), CropSize(width: -2, height: -2),
    ])
    func lessThanFourPointsEitherWayChangesNothing(travel: CropSize) {
        var session = CropSession(crop: Self.corner)
        session.begin(at: Self.view(0.25, 0.25), in: Self.viewport)
        session.update(translation: travel)
        #expect(session.shown == Self.corner)
        #expect(session.end() == false)
        #expect(session.committed == Self.corner)
    }

    @Test func aClickWithoutMovementChangesNothing() {
        var session = CropSession(crop: Self.corner)
        #expect(session.begin(at: Self.view(0.25, 0.25), in: Self.viewport) == .newRectangle)
        #expect(session.shown == Self.corner)
        #expect(session.end() == false)
        #expect(session.committed == Self.corner)
        #expect(!session.isDragging)
    }

    @Test func aSmallRectangleNearTheBorderIsGrownAndKeptInside() {
        var session = CropSession(crop: Self.corner)
        // Press at (0.95, 0.05), drag 8 points right and 8 up: growth hits both borders.
        session.begin(at: Self.view(0.95, 0.05), in: Self.viewport)
        session.update(translation: CropSize(width: 8, height: -8))
        session.end()
        #expect(isClose(session.committed, CropRect(x: 0.85, y: 0, width: 0.15, height: 0.15)))
        #expect(session.committed.isInside(.unit))
    }

    @Test func theSessionsMinimumSideIsUsedForGrowth() {
        var session = CropSession(crop: Self.corner, minimumSide: 0.25)
        session.begin(at: Self.view(0.25, 0.25), in: Self.viewport)
        session.update(translation: CropSize(width: 10, height: 10))
        session.end()
        #expect(isClose(session.committed, CropRect(x: 0.25, y: 0.25, width: 0.25, height: 0.25)))
    }

    @Test func cancellingANewRectangleKeepsTheOldCrop() {
        var session = CropSession(crop: Self.corner)
        session.begin(at: Self.view(0.25, 0.25), in: Self.viewport)
        session.update(translation: CropSize(width: 200, height: 200))
        #expect(session.shown != Self.corner)
        session.cancel()
        #expect(session.committed == Self.corner)
        #expect(session.shown == Self.corner)
    }
}
