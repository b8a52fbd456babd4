// The perspective quadrilateral's checks, each problem with its data, and the drag limit that keeps a corner inside them.
import CropKit
import Testing

@Suite struct PerspectiveQuadTests {
    static let picture = PixelSize(width: 400, height: 300)

    static func quad(_ numbers: [Double]) -> PerspectiveQuad {
        PerspectiveQuad((0..<4).map { CropPoint(x: numbers[2 * $0], y: numbers[2 * $0 + 1]) })!
    }

    @Test func aPageSeenAtASlantAndTheWholePicturePass() {
        #expect(PerspectiveQuad(wholePictureOf: Self.picture).problem(in: Self.picture) == nil)
        #expect(Self.quad([40, 30, 360, 50, 380, 280, 20, 260]).problem(in: Self.picture) == nil)
        // Corners on the picture's edges are inside it.
        #expect(Self.quad([0, 0, 400, 20, 390, 300, 0, 280]).problem(in: Self.picture) == nil)
    }

    @Test func aCornerOffThePictureIsNamedWithWhereItIs() {
        let cases: [([Double], PerspectiveQuad.Corner)] = [
            ([-0.5, 30, 360, 50, 380, 280, 20, 260], .topLeft),
            ([40, 30, 400.5, 50, 380, 280, 20, 260], .topRight),
            ([40, 30, 360, 50, 380, 300.25, 20, 260], .bottomRight),
            ([40, 30, 360, 50, 380, 280, 20, -1e9], .bottomLeft),
        ]
        for (numbers, corner) in cases {
            let quad = Self.quad(numbers)
            #expect(quad.problem(in: Self.picture) == .cornerOutside(corner, quad[corner], picture: Self.picture))
        }
        for bad in [Double.nan, .infinity, -.infinity] {
            let quad = Self.quad([40, 30, 360, bad, 380, 280, 20, 260])
            guard case .cornerOutside(.topRight, _, let picture) = quad.problem(in: Self.picture) else {
                Issue.record("\(bad) not refused as outside")
                continue
            }
            #expect(picture == Self.picture)
        }
    }

    @Test func crossingCounterclockwiseBentAndSmallShapesAreEachTheirOwnProblem() {
        // The bottom corners swapped: the left and right sides cross.
        #expect(Self.quad([40, 30, 360, 50, 20, 260, 380, 280]).problem(in: Self.picture) == .crossesItself)
        // The right corners swapped: the top and bottom sides cross.
        #expect(Self.quad([40, 30, 380, 280, 360, 50, 20, 260]).problem(in: Self.picture) == .crossesItself)
        #expect(Self.quad([40, 30, 20, 260, 380, 280, 360, 50]).problem(in: Self.picture) == .counterclockwise)
        // A dart: the bottom right corner points inwards.
        #expect(Self.quad([40, 30, 360, 50, 150, 120, 20, 260]).problem(in: Self.picture) == .notConvex(.bottomRight))
        // A corner on the straight line between its neighbours.
        #expect(Self.quad([40, 40, 200, 40, 360, 40, 200, 250]).problem(in: Self.picture) == .notConvex(.topRight))
        let small = Self.quad([100, 100, 110, 100, 110, 110, 100, 110])
        #expect(small.problem(in: Self.picture) == .tooSmall(area: 100, minimum: PerspectiveQuad.minimumArea))
    }

    @Test func theBendLimitIsADistanceFromTheNeighboursLine() {
        // The bend at the top right is its height above the line from the top left to the bottom right.
        let least = PerspectiveQuad.minimumBend(in: Self.picture)
        #expect(least == 1)
        #expect(PerspectiveQuad.minimumBend(in: PixelSize(width: 4000, height: 3000)) == 6)
        let exactly = Self.quad([0, 100, 200, 100 - least, 400, 100, 200, 250])
        #expect(abs(exactly.bend(at: .topRight) - least) < 1e-3)
        let under = Self.quad([0, 100, 200, 100 - least + 0.01, 400, 100, 200, 250])
        #expect(under.problem(in: Self.picture) == .notConvex(.topRight))
        let over = Self.quad([0, 100, 200, 100 - least - 0.01, 400, 100, 200, 250])
        #expect(over.problem(in: Self.picture) == nil)
    }

    @Test func coordinatesAreKeptOnAGridOf1024thsOfAPixel() {
        let quad = Self.quad([10.000_1, 20.999_99, 300.123_456, 40, 350, 250, 30.5, 240.25])
        #expect(quad.topLeft == CropPoint(x: 10, y: 21))
        #expect(quad.topRight.x == 300.123_046_875)
        #expect(quad.bottomLeft == CropPoint(x: 30.5, y: 240.25))
        var moved = quad
        moved[.bottomRight] = CropPoint(x: 1.0 / 3, y: 2.0 / 3)
        #expect(moved.bottomRight == CropPoint(x: 341.0 / 1024, y: 683.0 / 1024))
    }

    // MARK: The drag limit

    @Test func aCornerGoesWhereItIsDraggedWhileTheShapeStaysValid() {
        let quad = Self.quad([40, 30, 360, 50, 380, 280, 20, 260])
        let moved = quad.limited(.topLeft, to: CropPoint(x: 60.25, y: 12.5), in: Self.picture)
        #expect(moved == quad.moving(.topLeft, to: CropPoint(x: 60.25, y: 12.5)))
    }

    @Test func aCornerStopsAtThePicturesEdgeAndSlidesAlongIt() {
        let quad = Self.quad([40, 30, 360, 50, 380, 280, 20, 260])
        let moved = quad.limited(.topRight, to: CropPoint(x: 470, y: 80), in: Self.picture)
        #expect(moved?.topRight == CropPoint(x: 400, y: 80))
        let corner = quad.limited(.bottomRight, to: CropPoint(x: 900, y: 900), in: Self.picture)
        #expect(corner?.bottomRight == CropPoint(x: 400, y: 300))
    }

    @Test func aCornerStopsBeforeTheShapeBendsInwards() {
        let quad = Self.quad([40, 30, 360, 50, 380, 280, 20, 260])
        // Dragged far across the diagonal from the top right to the bottom left.
        let moved = quad.limited(.topLeft, to: CropPoint(x: 300, y: 250), in: Self.picture)
        let result = try! #require(moved)
        #expect(result.problem(in: Self.picture) == nil)
        let least = PerspectiveQuad.minimumBend(in: Self.picture)
        let bends = PerspectiveQuad.Corner.allCases.map { result.bend(at: $0) }
        // It stopped at a limit: one corner's bend is within the slack of the least.
        #expect(bends.contains { abs($0 - least) < 0.02 })
    }

    @Test func aCornerStopsBeforeTheAreaIsTooSmall() {
        // Half of the 400-pixel square is the triangle the fixed corners make; the dragged corner adds the rest.
        let quad = Self.quad([100, 100, 120, 100, 120, 120, 100, 120])
        let moved = try! #require(quad.limited(.topLeft, to: CropPoint(x: 119, y: 119), in: Self.picture))
        #expect(moved.problem(in: Self.picture) == nil)
        #expect(abs(moved.signedArea - PerspectiveQuad.minimumArea) < 0.1)
    }

    @Test func threeCornersInALineLeaveNoPlaceForTheFourth() {
        let quad = Self.quad([40, 30, 200, 100, 360, 170, 20, 260])
        #expect(quad.limited(.bottomLeft, to: CropPoint(x: 20, y: 250), in: Self.picture) == nil)
    }

    /// Random valid quadrilaterals and random targets (hostile numbers among them): the answer is
    /// always valid; when the target itself is allowed it is the answer; otherwise no sampled
    /// allowed position is nearer the target than the answer.
    @Test func theLimitIsAlwaysValidAndNearest() {
        var random = SplitMix64(seed: 0x9E25_0001)
        var checked = 0
        for _ in 0..<400 {
            let w = random.int(20...3000), h = random.int(20...3000)
            let picture = PixelSize(width: w, height: h)
            let quad = Self.randomQuad(in: picture, random: &random)
            guard quad.problem(in: picture) == nil else { continue }
            let corner = PerspectiveQuad.Corner.allCases[random.int(0...3)]
            let target =
                random.chance(0.2)
                ? CropPoint(x: random.hostile() * Double(w), y: random.hostile() * Double(h))
                : CropPoint(x: random.double(-0.3...1.3) * Double(w), y: random.double(-0.3...1.3) * Double(h))
            guard let moved = quad.limited(corner, to: target, in: picture) else {
                Issue.record("no position for \(corner) of \(quad) in \(picture)")
                continue
            }
            checked += 1
            #expect(moved.problem(in: picture) == nil, "\(quad) \(corner) → \(target)")
            let direct = quad.moving(corner, to: target)
            if direct.problem(in: picture) == nil, target.x.isFinite, target.y.isFinite {
                #expect(moved == direct)
            } else if target.x.isFinite, target.y.isFinite, abs(target.x) < 1e6, abs(target.y) < 1e6 {
                let reached = distance(moved[corner], target)
                for _ in 0..<20 {
                    let sample = CropPoint(x: random.double(0...Double(w)), y: random.double(0...Double(h)))
                    if quad.moving(corner, to: sample).problem(in: picture) == nil {
                        #expect(distance(sample, target) >= reached - 0.01, "\(sample) nearer \(target) than \(moved[corner])")
                    }
                }
            }
        }
        #expect(checked >= 300)
    }

    static func randomQuad(in picture: PixelSize, random: inout SplitMix64) -> PerspectiveQuad {
        let w = Double(picture.width), h = Double(picture.height)
        let x0 = random.double(0...0.45), x1 = random.double(0.55...1), y0 = random.double(0...0.45), y1 = random.double(0.55...1)
        let jitter = { (r: inout SplitMix64) in r.double(-0.05...0.05) }
        return PerspectiveQuad([
            CropPoint(x: w * min(max(x0 + jitter(&random), 0), 1), y: h * min(max(y0 + jitter(&random), 0), 1)),
            CropPoint(x: w * min(max(x1 + jitter(&random), 0), 1), y: h * min(max(y0 + jitter(&random), 0), 1)),
            CropPoint(x: w * min(max(x1 + jitter(&random), 0), 1), y: h * min(max(y1 + jitter(&random), 0), 1)),
            CropPoint(x: w * min(max(x0 + jitter(&random), 0), 1), y: h * min(max(y1 + jitter(&random), 0), 1)),
        ])!
    }

    func distance(_ a: CropPoint, _ b: CropPoint) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    @Test func normalizedCornersAndTheCommandLineSpellingRoundTrip() throws {
        let quad = Self.quad([40, 30, 360, 50, 380, 280, 20.5, 260])
        let back = PerspectiveQuad(normalized: quad.normalized(in: Self.picture), in: Self.picture)
        #expect(back == quad)
        #expect(quad.description == "40.0,30.0,360.0,50.0,380.0,280.0,20.5,260.0")
        #expect(PerspectiveQuad([CropPoint(x: 0, y: 0)]) == nil)
    }
}
