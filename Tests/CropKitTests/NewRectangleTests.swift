// `NewRectangle`: the crop spanned by dragging from a press point, its 4-point threshold and its growth to the minimum side.
import CropKit
import Testing

@Suite struct NewRectangleTests {
    /// 0.25…0.75 across and 0.25…0.5 down, reached from each of its four corners.
    static let fourWays: [(CropPoint, CropPoint)] = [
        (CropPoint(x: 0.25, y: 0.25), CropPoint(x: 0.75, y: 0.5)),  // right and down
        (CropPoint(x: 0.75, y: 0.5), CropPoint(x: 0.25, y: 0.25)),  // left and up
        (CropPoint(x: 0.25, y: 0.5), CropPoint(x: 0.75, y: 0.25)),  // right and up
        (CropPoint(x: 0.75, y: 0.25), CropPoint(x: 0.25, y: 0.5)),  // left and down
    ]

    @Test(arguments: fourWays)
    func spansFromPressToPointerInAnyDirection(anchor: CropPoint, current: CropPoint) {
        let r = NewRectangle(anchor: anchor, current: current)
        #expect(r.spanned == CropRect(x: 0.25, y: 0.25, width: 0.5, height: 0.25))
        // Already bigger than the minimum side both ways, so nothing grows.
        #expect(r.crop() == r.spanned)
    }

    @Test func pointsOutsideTheImageAreClampedToIt() {
        let r = NewRectangle(anchor: CropPoint(x: -0.5, y: 0.5), current: CropPoint(x: 1.5, y: 2))
        #expect(r.anchor == CropPoint(x: 0, y: 0.5))
        #expect(r.current == CropPoint(x: 1, y: 1))
        #expect(r.spanned == CropRect(x: 0, y: 0.5, width: 1, height: 0.5))
    }

    @Test func nonFinitePointsStayInsideTheImage() {
        let r = NewRectangle(anchor: CropPoint(x: .nan, y: .infinity), current: CropPoint(x: -.infinity, y: 0.5))
        #expect(r.spanned.isFinite)
        #expect(r.spanned.isInside(.unit, tolerance: 0))
    }

    // On a 512-point image, 4 points are exactly 4/512 of it.
    static let onScreen = CropSize(width: 512, height: 512)

    @Test func fourPointsEachWayIsEnough() {
        let r = NewRectangle(anchor: CropPoint(x: 0.5, y: 0.5), current: CropPoint(x: 0.5 + 4.0 / 512, y: 0.5 - 4.0 / 512))
        #expect(r.isLargeEnough(onScreen: Self.onScreen))
    }

    @Test(arguments: [(3.0, 100.0), (100.0, 3.0), (3.99, 3.99), (0.0, 0.0), (0.0, 50.0)])
    func lessThanFourPointsEitherWayIsAClick(across: Double, down: Double) {
        let r = NewRectangle(
            anchor: CropPoint(x: 0.25, y: 0.25),
            current: CropPoint(x: 0.25 + across / 512, y: 0.25 + down / 512))
        #expect(!r.isLargeEnough(onScreen: Self.onScreen))
    }

    @Test func theThresholdIsInViewPointsNotImageFractions() {
        // The same 1 % of the image is 5.12 points at 512 points on screen but 2.56 points at 256.
        let r = NewRectangle(anchor: CropPoint(x: 0.5, y: 0.5), current: CropPoint(x: 0.51, y: 0.51))
        #expect(r.isLargeEnough(onScreen: CropSize(width: 512, height: 512)))
        #expect(!r.isLargeEnough(onScreen: CropSize(width: 256, height: 256)))
        #expect(!r.isLargeEnough(onScreen: CropSize(width: 512, height: 256)))
    }

    @Test func aSmallRectangleGrowsAwayFromTheAnchor() {
        let anchor = CropPoint(x: 0.25, y: 0.25)
        // Dragged right and down: the anchor stays the top-left corner.
        let downRight = NewRectangle(anchor: anchor, current: CropPoint(x: 0.28125, y: 0.3125)).crop()
        #expect(isClose(downRight, CropRect(x: 0.25, y: 0.25, width: 0.15, height: 0.15)))
        // Dragged left and up: the anchor stays the bottom-right corner.
        let upLeft = NewRectangle(anchor: anchor, current: CropPoint(x: 0.21875, y: 0.1875)).crop()
        #expect(isClose(upLeft, CropRect(x: 0.1, y: 0.1, width: 0.15, height: 0.15)))
        // Dragged right and up: the anchor stays the bottom-left corner.
        let upRight = NewRectangle(anchor: anchor, current: CropPoint(x: 0.28125, y: 0.1875)).crop()
        #expect(isClose(upRight, CropRect(x: 0.25, y: 0.1, width: 0.15, height: 0.15)))
    }

    @Test func onlyTheShortSideGrows() {
        let r = NewRectangle(anchor: CropPoint(x: 0.25, y: 0.25), current: CropPoint(x: 0.75, y: 0.28125)).crop()
        #expect(r.minX == 0.25 && r.maxX == 0.75)
        #expect(r.minY == 0.25)
        #expect(isClose(r.height, 0.15))
    }

    @Test func growingStopsAtTheImageBorderAndShiftsBack() {
        // Growing right from 0.95 would pass 1, so the crop ends at 1 and starts 0.15 before it;
        // growing up from 0.05 would pass 0, so it starts at 0.
        let r = NewRectangle(anchor: CropPoint(x: 0.95, y: 0.05), current: CropPoint(x: 0.96875, y: 0.03125)).crop()
        #expect(isClose(r, CropRect(x: 0.85, y: 0, width: 0.15, height: 0.15)))
        #expect(r.isInside(.unit))
    }

    @Test func growthUsesTheRequestedMinimumSideClamped() {
        let anchor = CropPoint(x: 0.5, y: 0.5), current = CropPoint(x: 0.5078125, y: 0.5078125)
        #expect(
            isClose(
                NewRectangle(anchor: anchor, current: current).crop(minimumSide: 0.25),
                CropRect(x: 0.5, y: 0.5, width: 0.25, height: 0.25)))
        // Minimum side 0 means 1 %: 0.0078125 grows to 0.01.
        #expect(
            isClose(
                NewRectangle(anchor: anchor, current: current).crop(minimumSide: 0),
                CropRect(x: 0.5, y: 0.5, width: 0.01, height: 0.01)))
        // Minimum side 5 means the whole image.
        #expect(isClose(NewRectangle(anchor: anchor, current: current).crop(minimumSide: 5), .unit))
    }
}
