// The circle crop's coverage math on its own: inside, outside, a soft one-pixel edge, the ellipse's area, 8- and 16-bit rows.

import Foundation
import Imaging
import Testing

@Suite struct CircleMaskTests {
    /// The exact share of pixel (x, y) inside the ellipse, by 64×64 samples: an oracle that shares no math with the mask.
    static func sampledCoverage(_ mask: CircleMask, x: Int, y: Int, samples: Int = 64) -> Double {
        let a = Double(mask.width) / 2, b = Double(mask.height) / 2
        var inside = 0
        for i in 0..<samples {
            for j in 0..<samples {
                let px = Double(x) + (Double(i) + 0.5) / Double(samples) - a
                let py = Double(y) + (Double(j) + 0.5) / Double(samples) - b
                if (px * px) / (a * a) + (py * py) / (b * b) <= 1 { inside += 1 }
            }
        }
        return Double(inside) / Double(samples * samples)
    }

    @Test(arguments: [(100, 100), (101, 99), (240, 80), (7, 300)])
    func theCentreIsInsideAndTheCornersOutside(width: Int, height: Int) {
        let mask = CircleMask(width: width, height: height)
        #expect(mask.coverage(x: width / 2, y: height / 2) == 1)
        for (x, y) in [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)] {
            #expect(mask.coverage(x: x, y: y) == 0, "corner \(x),\(y) of \(width)×\(height)")
        }
    }

    /// The middle of each side touches the ellipse: that pixel is mostly in, never wholly out.
    @Test func theMiddleOfEachSideIsCovered() {
        let mask = CircleMask(width: 200, height: 120)
        for (x, y) in [(100, 0), (100, 119), (0, 60), (199, 60)] {
            let c = mask.coverage(x: x, y: y)
            #expect(c > 0.5, "\(x),\(y): \(c)")
        }
    }

    /// The same value in all four quadrants (and both halves of a square's diagonal).
    @Test func itIsSymmetric() {
        let mask = CircleMask(width: 37, height: 37)
        for y in 0..<37 {
            for x in 0..<37 {
                let c = mask.coverage(x: x, y: y)
                #expect(
                    c == mask.coverage(x: 36 - x, y: y) && c == mask.coverage(x: x, y: 36 - y)
                        && c == mask.coverage(x: y, y: x), "\(x),\(y)")
            }
        }
    }

    /// Anti-aliased: the edge has in-between values, and each pixel is within a few percent of the sampled truth.
    @Test(arguments: [(64, 64), (150, 90), (33, 120)])
    func theEdgeIsSoftAndCloseToTheTrueCoverage(width: Int, height: Int) {
        let mask = CircleMask(width: width, height: height)
        var partial = 0
        var worst = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let c = mask.coverage(x: x, y: y)
                #expect((0...1).contains(c))
                if c > 0, c < 1 { partial += 1 }
                worst = max(worst, abs(c - Self.sampledCoverage(mask, x: x, y: y)))
            }
        }
        #expect(partial >= (width + height), "only \(partial) edge pixels are partly covered")
        // A straight-edge ramp is exact for straight edges; where the edge curves within a pixel
        // (a small radius, the narrow ends of an ellipse) it is off by a little.
        #expect(worst < 0.1, "a pixel is \(worst) away from its sampled coverage")
    }

    /// The alpha adds up to the ellipse's area, πab.
    @Test(arguments: [(100, 100), (300, 120), (41, 77)])
    func theTotalIsTheEllipsesArea(width: Int, height: Int) {
        let mask = CircleMask(width: width, height: height)
        var total = 0.0
        for y in 0..<height { for x in 0..<width { total += mask.coverage(x: x, y: y) } }
        let area = Double.pi * Double(width) * Double(height) / 4
        #expect(abs(total - area) / area < 0.003, "total \(total), area \(area)")
    }

    /// A one-pixel picture is one pixel of circle: kept, not lost.
    @Test func aSinglePixelIsKept() {
        #expect(CircleMask(width: 1, height: 1).coverage(x: 0, y: 0) == 1)
        #expect(CircleMask(width: 1, height: 50).coverage(x: 0, y: 25) == 1)
    }

    @Test func rowsAreScaledAndRoundedToTheSampleSize() {
        let mask = CircleMask(width: 64, height: 64)
        let y = 10, left = 3, count = 58
        var bytes = [UInt8](repeating: 7, count: count)
        var words = [UInt16](repeating: 7, count: count)
        bytes.withUnsafeMutableBufferPointer { mask.fill(row: $0.baseAddress!, y: y, left: left, count: count, maximum: 255) }
        words.withUnsafeMutableBufferPointer { mask.fill(row: $0.baseAddress!, y: y, left: left, count: count, maximum: 65535) }
        for i in 0..<count {
            let c = mask.coverage(x: left + i, y: y)
            #expect(
                Int(bytes[i]) == Int((c * 255).rounded()) && Int(words[i]) == Int((c * 65535).rounded()), "column \(left + i)")
        }
        #expect(bytes.first == 0 && bytes.contains(255) && bytes.contains { $0 > 0 && $0 < 255 })
    }
}
