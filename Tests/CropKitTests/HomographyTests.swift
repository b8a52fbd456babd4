// The homography: four points to four exactly, its inverse and compositions, conditioning far from the origin, refusals.
import CropKit
import Foundation
import Testing

@Suite struct HomographyTests {
    static func randomConvexQuad(_ random: inout SplitMix64, scale: Double, origin: Double = 0) -> [CropPoint] {
        // A square's corners moved by up to a third of its side: always convex and clockwise.
        let base = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
        return base.map { (x, y) in
            CropPoint(
                x: origin + scale * (x + random.double(-0.3...0.3)), y: origin + scale * (y + random.double(-0.3...0.3)))
        }
    }

    @Test func fourPointsGoExactlyToFourPoints() throws {
        var random = SplitMix64(seed: 0x40E0_0001)
        for _ in 0..<500 {
            let scale = [1.0, 300, 8000, 30_000][random.int(0...3)]
            let from = Self.randomConvexQuad(&random, scale: scale), to = Self.randomConvexQuad(&random, scale: scale)
            let map = try #require(Homography(from: from, to: to))
            for (a, b) in zip(from, to) {
                let mapped = map.applied(to: a)
                #expect(isClose(mapped, b, tolerance: 1e-9 * scale), "\(a) → \(mapped), not \(b)")
            }
        }
    }

    @Test func theInverseUndoesAndCompositionChains() throws {
        var random = SplitMix64(seed: 0x40E0_0002)
        for _ in 0..<300 {
            let a = Self.randomConvexQuad(&random, scale: 500), b = Self.randomConvexQuad(&random, scale: 500)
            let c = Self.randomConvexQuad(&random, scale: 500)
            let ab = try #require(Homography(from: a, to: b)), bc = try #require(Homography(from: b, to: c))
            let back = try #require(ab.inverse)
            let chained = ab.followed(by: bc)
            for _ in 0..<5 {
                let p = CropPoint(x: random.double(0...500), y: random.double(0...500))
                #expect(isClose(back.applied(to: ab.applied(to: p)), p, tolerance: 1e-8))
                #expect(isClose(chained.applied(to: p), bc.applied(to: ab.applied(to: p)), tolerance: 1e-7))
            }
            for (p, q) in zip(a, c) { #expect(isClose(chained.applied(to: p), q, tolerance: 1e-7)) }
            // The inverse keeps points in front of the map in front (w > 0 both ways inside the quad).
            let inside = CropPoint(x: a.map(\.x).reduce(0, +) / 4, y: a.map(\.y).reduce(0, +) / 4)
            #expect(ab.homogeneous(inside).w > 0)
            #expect(back.homogeneous(ab.applied(to: inside)).w > 0)
        }
    }

    /// A small quadrilateral far from the origin (a page's corners on a 30000-pixel scan): the
    /// normalisation keeps the map exact to far below a pixel.
    @Test func aSmallShapeFarFromTheOriginIsStillExact() throws {
        let from = [
            CropPoint(x: 29_000.25, y: 28_000.5), CropPoint(x: 29_003.75, y: 28_000), CropPoint(x: 29_004, y: 28_002.5),
            CropPoint(x: 29_000, y: 28_003),
        ]
        let to = [CropPoint(x: 0, y: 0), CropPoint(x: 2480, y: 0), CropPoint(x: 2480, y: 3508), CropPoint(x: 0, y: 3508)]
        let map = try #require(Homography(from: from, to: to))
        for (a, b) in zip(from, to) { #expect(isClose(map.applied(to: a), b, tolerance: 1e-6)) }
        let back = try #require(map.inverse)
        for (a, b) in zip(from, to) { #expect(isClose(back.applied(to: b), a, tolerance: 1e-9)) }
    }

    @Test func aParallelogramGivesAnAffineMapAndTheIdentityIsItself() throws {
        let square = [CropPoint(x: 0, y: 0), CropPoint(x: 1, y: 0), CropPoint(x: 1, y: 1), CropPoint(x: 0, y: 1)]
        let parallelogram = [CropPoint(x: 10, y: 10), CropPoint(x: 50, y: 20), CropPoint(x: 60, y: 60), CropPoint(x: 20, y: 50)]
        let map = try #require(Homography(from: square, to: parallelogram))
        #expect(abs(map.entries[6]) < 1e-12 && abs(map.entries[7]) < 1e-12)
        #expect(
            Homography(from: square, to: square).map {
                zip($0.entries, Homography.identity.entries).allSatisfy { isClose($0, $1) }
            } == true)
        #expect(Homography.identity.applied(to: CropPoint(x: 3.5, y: -2)) == CropPoint(x: 3.5, y: -2))
        #expect(Homography.translation(2, 3).applied(to: CropPoint(x: 1, y: 1)) == CropPoint(x: 3, y: 4))
    }

    @Test func threePointsInALineOrNonNumbersHaveNoMap() {
        let square = [CropPoint(x: 0, y: 0), CropPoint(x: 1, y: 0), CropPoint(x: 1, y: 1), CropPoint(x: 0, y: 1)]
        let line = [CropPoint(x: 0, y: 0), CropPoint(x: 1, y: 1), CropPoint(x: 2, y: 2), CropPoint(x: 0, y: 1)]
        #expect(Homography(from: square, to: line) == nil)
        #expect(Homography(from: line, to: square) == nil)
        #expect(Homography(from: square, to: [CropPoint(x: .nan, y: 0)] + square.dropFirst()) == nil)
        #expect(Homography(from: square, to: Array(square.dropFirst())) == nil)
        #expect(Homography(entries: [1, 0, 0, 0, 1, 0, 0, 0]) == nil)
        #expect(Homography(entries: [1, 2, 3, 2, 4, 6, 0, 0, 1]) == nil)
        #expect(Homography(entries: [1, 0, .infinity, 0, 1, 0, 0, 0, 1]) == nil)
    }

    @Test func theStretchIsTheJacobiansSingularValues() throws {
        let scaling = try #require(Homography.scaling(2, 0.5))
        let s = scaling.stretch(at: CropPoint(x: 7, y: 9))
        #expect(isClose(s.smallest, 0.5) && isClose(s.largest, 2))
        // A perspective map against finite differences: a unit circle's image spans the two values.
        let from = [CropPoint(x: 0, y: 0), CropPoint(x: 100, y: 0), CropPoint(x: 100, y: 100), CropPoint(x: 0, y: 100)]
        let to = [CropPoint(x: 10, y: 5), CropPoint(x: 70, y: 15), CropPoint(x: 95, y: 90), CropPoint(x: 0, y: 60)]
        let map = try #require(Homography(from: from, to: to))
        let p = CropPoint(x: 40, y: 60), h = 1e-4
        let centre = map.applied(to: p)
        var lengths: [Double] = []
        for k in 0..<360 {
            let angle = Double(k) * .pi / 180
            let q = map.applied(to: CropPoint(x: p.x + h * cos(angle), y: p.y + h * sin(angle)))
            lengths.append(((q.x - centre.x) * (q.x - centre.x) + (q.y - centre.y) * (q.y - centre.y)).squareRoot() / h)
        }
        let stretch = map.stretch(at: p)
        #expect(abs(lengths.min()! - stretch.smallest) < 1e-3)
        #expect(abs(lengths.max()! - stretch.largest) < 1e-3)
    }
}
