// `CropHandle.adjusting`: how dragging the body, an edge or a corner changes a normalized crop.
import CropKit
import Testing

@Suite struct HandleAdjustingTests {
    /// A dyadic frame (0.25…0.75 both ways) so that moved sides can be checked exactly.
    static let frame = CropRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)

    // MARK: Body

    @Test func bodyMovesWithItsSizeUnchanged() {
        let moved = CropHandle.body.adjusting(Seed.initialCrop, by: CropSize(width: 0.05, height: -0.05))
        #expect(isClose(moved.x, 0.15))
        #expect(isClose(moved.y, 0.05))
        // The size is copied, never recomputed, so it is exact.
        #expect(moved.width == Seed.initialCrop.width)
        #expect(moved.height == Seed.initialCrop.height)
    }

    @Test func bodyStopsAtTheFarBorders() {
        let moved = CropHandle.body.adjusting(Seed.initialCrop, by: CropSize(width: 0.5, height: 3))
        // 0.8 wide fits at most at x = 1 - 0.8.
        #expect(isClose(moved.x, 0.2))
        #expect(isClose(moved.y, 0.2))
        #expect(isClose(moved.maxX, 1))
        #expect(isClose(moved.maxY, 1))
        #expect(moved.size == Seed.initialCrop.size)
    }

    @Test func bodyStopsAtTheNearBorders() {
        let moved = CropHandle.body.adjusting(Seed.initialCrop, by: CropSize(width: -0.5, height: -3))
        #expect(moved == CropRect(x: 0, y: 0, width: 0.8, height: 0.8))
    }

    @Test func bodyOfTheWholeImageCannotMove() {
        #expect(CropHandle.body.adjusting(.unit, by: CropSize(width: 0.3, height: -0.3)) == .unit)
    }

    // MARK: Edges and corners

    /// Each handle with the sides a drag of (+0.125, +0.125) should give: only its own sides move.
    static let ownSides: [(CropHandle, CropRect)] = [
        (.top, CropRect(left: 0.25, top: 0.375, right: 0.75, bottom: 0.75)),
        (.bottom, CropRect(left: 0.25, top: 0.25, right: 0.75, bottom: 0.875)),
        (.left, CropRect(left: 0.375, top: 0.25, right: 0.75, bottom: 0.75)),
        (.right, CropRect(left: 0.25, top: 0.25, right: 0.875, bottom: 0.75)),
        (.topLeft, CropRect(left: 0.375, top: 0.375, right: 0.75, bottom: 0.75)),
        (.topRight, CropRect(left: 0.25, top: 0.375, right: 0.875, bottom: 0.75)),
        (.bottomRight, CropRect(left: 0.25, top: 0.25, right: 0.875, bottom: 0.875)),
        (.bottomLeft, CropRect(left: 0.375, top: 0.25, right: 0.75, bottom: 0.875)),
    ]

    @Test(arguments: ownSides)
    func edgesAndCornersMoveOnlyTheirOwnSides(handle: CropHandle, expected: CropRect) {
        #expect(handle.adjusting(Self.frame, by: CropSize(width: 0.125, height: 0.125)) == expected)
    }

    @Test func handleFlagsNameTheSidesTheyMove() {
        for handle in CropHandle.allCases {
            let name = handle.rawValue.lowercased()
            #expect(handle.movesLeft == name.hasSuffix("left"), "\(handle)")
            #expect(handle.movesRight == name.hasSuffix("right"), "\(handle)")
            #expect(handle.movesTop == name.hasPrefix("top"), "\(handle)")
            #expect(handle.movesBottom == name.hasPrefix("bottom"), "\(handle)")
            #expect(handle.isCorner == [.topLeft, .topRight, .bottomRight, .bottomLeft].contains(handle))
            #expect(handle.isEdge == [.top, .right, .bottom, .left].contains(handle))
        }
    }

    @Test func sidesAreClampedToTheImage() {
        #expect(
            CropHandle.topLeft.adjusting(Self.frame, by: CropSize(width: -1, height: -1))
                == CropRect(left: 0, top: 0, right: 0.75, bottom: 0.75))
        #expect(
            CropHandle.bottomRight.adjusting(Self.frame, by: CropSize(width: 1, height: 1))
                == CropRect(left: 0.25, top: 0.25, right: 1, bottom: 1))
        #expect(
            CropHandle.topRight.adjusting(Self.frame, by: CropSize(width: 2, height: -2))
                == CropRect(left: 0.25, top: 0, right: 1, bottom: 0.75))
        #expect(
            CropHandle.bottomLeft.adjusting(Self.frame, by: CropSize(width: -2, height: 2))
                == CropRect(left: 0, top: 0.25, right: 0.75, bottom: 1))
    }

    @Test func aSideStopsTheMinimumSideFromTheOppositeSide() {
        let frame = Self.frame
        // Pushing each side past its opposite leaves exactly 0.15 between them.
        let left = CropHandle.left.adjusting(frame, by: CropSize(width: 1, height: 0))
        #expect(isClose(left.minX, 0.75 - 0.15))
        #expect(isClose(left.width, 0.15))
        let right = CropHandle.right.adjusting(frame, by: CropSize(width: -1, height: 0))
        #expect(right.minX == 0.25)
        #expect(isClose(right.width, 0.15))
        let top = CropHandle.top.adjusting(frame, by: CropSize(width: 0, height: 1))
        #expect(isClose(top.minY, 0.75 - 0.15))
        #expect(isClose(top.height, 0.15))
        let bottom = CropHandle.bottom.adjusting(frame, by: CropSize(width: 0, height: -1))
        #expect(bottom.minY == 0.25)
        #expect(isClose(bottom.height, 0.15))
        let corner = CropHandle.bottomRight.adjusting(frame, by: CropSize(width: -1, height: -1))
        #expect(isClose(corner, CropRect(x: 0.25, y: 0.25, width: 0.15, height: 0.15)))
    }

    @Test func theSeedCropShrinksToTheDefaultMinimumSide() {
        let narrowest = CropHandle.right.adjusting(Seed.initialCrop, by: CropSize(width: -1, height: 0))
        #expect(isClose(narrowest, CropRect(x: 0.1, y: 0.1, width: Seed.minimumSide, height: 0.8)))
        let explicit = CropHandle.right.adjusting(
            Seed.initialCrop, by: CropSize(width: -1, height: 0),
            minimumSide: Seed.minimumSide)
        #expect(narrowest == explicit)
    }

    @Test func aCustomMinimumSideIsHonoured() {
        let r = CropHandle.top.adjusting(Self.frame, by: CropSize(width: 0, height: 1), minimumSide: 0.375)
        #expect(r == CropRect(left: 0.25, top: 0.375, right: 0.75, bottom: 0.75))
    }

    // MARK: Minimum side bounds

    @Test(arguments: [
        (0.0, 0.01), (-1.0, 0.01), (0.001, 0.01), (0.01, 0.01), (0.15, 0.15),
        (0.5, 0.5), (1.0, 1.0), (5.0, 1.0), (Double.infinity, 1.0), (-Double.infinity, 0.01),
    ])
    func minimumSideIsClampedToOnePercentThroughTheWholeImage(requested: Double, used: Double) {
        #expect(CropHandle.clampedMinimumSide(requested) == used)
    }

    @Test func aZeroMinimumSideStillKeepsOnePercent() {
        let r = CropHandle.right.adjusting(Self.frame, by: CropSize(width: -1, height: 0), minimumSide: 0)
        #expect(isClose(r.width, 0.01))
        #expect(r.width > 0)
    }

    @Test func anOversizedMinimumSideActsAsTheWholeImage() {
        // A minimum of 1 forces the dragged side to the border; 5 must do exactly the same.
        let five = CropHandle.left.adjusting(Self.frame, by: CropSize(width: 0.1, height: 0), minimumSide: 5)
        let one = CropHandle.left.adjusting(Self.frame, by: CropSize(width: 0.1, height: 0), minimumSide: 1)
        #expect(five == one)
        #expect(five == CropRect(left: 0, top: 0.25, right: 0.75, bottom: 0.75))
    }

    @Test func aZeroDragOfAnEdgeKeepsItsSides() {
        for handle in CropHandle.allCases {
            #expect(handle.adjusting(Self.frame, by: .zero) == Self.frame, "\(handle)")
        }
    }
}
