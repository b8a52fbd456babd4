// Find Document in the model: a page seen at a slant found to a pixel, nothing found without one, and bad input never trapping.
import CropKit
import Foundation
import Testing

@Suite struct DocumentFinderTests {
    static let width = 320, height = 240

    /// The shot's rectangle as a light page with dark rows of "text" on a darker, noisy ground, as
    /// 8 bits; a pixel on the page's edge is the share of 4 × 4 samples on it.
    static func render(_ shot: PinholeShot, noise: Double, random: inout SplitMix64) -> [UInt8] {
        let quad = shot.quad!
        let toPage = Rectification(quad: quad, size: PixelSize(width: 1000, height: Int(1000 / shot.ratio))).rectifiedFromPicture!
        let pageHeight = 1000 / shot.ratio
        func tone(_ x: Double, _ y: Double) -> Double {
            let p = toPage.applied(to: CropPoint(x: x, y: y))
            guard p.x >= 0, p.y >= 0, p.x < 1000, p.y < pageHeight else { return 0.3 }
            let row = Int(p.y / 40)
            let inText = p.x > 100 && p.x < 900 && p.y > 80 && p.y < pageHeight - 80 && p.y - Double(row) * 40 < 14
            return inText && (Int(p.x / 60) + row) % 5 != 0 ? 0.25 : 0.9
        }
        var out = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                var value = 0.0
                for k in 0..<16 { value += tone(Double(x) + (Double(k % 4) + 0.5) / 4, Double(y) + (Double(k / 4) + 0.5) / 4) }
                value = value / 16 + noise * random.gaussian()
                out[y * width + x] = UInt8(min(max((value * 255).rounded(), 0), 255))
            }
        }
        return out
    }

    /// A shot of a page on the small picture, turned 8° to 30° about both axes (both pairs of
    /// sides converge, so the lens, and with it the ratio, can be measured).
    static func shot(_ random: inout SplitMix64) -> PinholeShot {
        var shot = PinholeShot.random(&random, least: 8, most: 30)
        // The same pose on the 320 × 240 picture: every length scaled by a quarter.
        shot.width = Double(width)
        shot.height = Double(height)
        shot.focal /= 3.75
        return shot
    }

    @Test func aPageSeenAtASlantIsFoundToAPixel() throws {
        var random = SplitMix64(seed: 0xF1ED_0001)
        let diagonal = (Double(Self.width * Self.width + Self.height * Self.height)).squareRoot()
        for index in 0..<4 {
            let shot = Self.shot(&random)
            let pixels = Self.render(shot, noise: 0.02, random: &random)
            let found = try #require(
                DocumentFinder.find(width: Self.width, height: Self.height, luminance: pixels), "shot \(index): \(shot)")
            let truth = try #require(shot.corners)
            let worst = zip(found.quad.corners, truth).map { hypot($0.x - $1.x, $0.y - $1.y) }.max()!
            #expect(worst < 0.01 * diagonal, "shot \(index): \(found.quad) against \(truth)")
            #expect(found.leastSupport > 0.8 && found.contrast > 0.3)
            let picture = PixelSize(width: Self.width, height: Self.height)
            let ratio = try #require(PerspectiveProportions.estimate(found.quad, pictureSize: picture)).ratio
            #expect(abs(ratio / shot.ratio - 1) < 0.03, "shot \(index): ratio \(ratio), not \(shot.ratio)")
        }
    }

    @Test func nothingIsFoundWhereThereIsNoDocument() {
        var random = SplitMix64(seed: 0xF1ED_0002)
        let w = Self.width, h = Self.height
        var scenes: [(String, [UInt8])] = [("flat", [UInt8](repeating: 120, count: w * h))]
        scenes.append(("noise", (0..<(w * h)).map { _ in UInt8(random.int(0...255)) }))
        scenes.append(("gradient", (0..<(w * h)).map { UInt8(($0 % w) * 255 / w) }))
        // One strong line, two parallel ones, and a disc: edges, but no four sides.
        scenes.append(("a line", (0..<(w * h)).map { ($0 / w) > 120 + ($0 % w) / 8 ? 200 : 60 }))
        scenes.append(("a band", (0..<(w * h)).map { abs(($0 / w) - 120) < 30 ? 210 : 50 }))
        scenes.append(
            ("a disc", (0..<(w * h)).map { hypot(Double($0 % w - 160), Double($0 / w - 120)) < 80 ? 220 : 40 }))
        for (name, pixels) in scenes {
            #expect(DocumentFinder.find(width: w, height: h, luminance: pixels) == nil, "\(name)")
        }
    }

    @Test func badInputFindsNothingAndNeverTraps() {
        #expect(DocumentFinder.find(width: 0, height: 0, luminance: [UInt8]()) == nil)
        #expect(DocumentFinder.find(width: 10, height: 10, luminance: [UInt8](repeating: 9, count: 100)) == nil)
        #expect(DocumentFinder.find(width: 64, height: 64, luminance: [UInt8](repeating: 9, count: 99)) == nil)
        #expect(DocumentFinder.find(width: Int.max, height: 2, luminance: [UInt8]()) == nil)
        #expect(DocumentFinder.find(width: -64, height: -64, luminance: [UInt8](repeating: 0, count: 4096)) == nil)
        var floats = [Float](repeating: 0.5, count: 64 * 64)
        floats[100] = .nan
        #expect(DocumentFinder.find(width: 64, height: 64, luminance: floats) == nil)
        floats[100] = .infinity
        #expect(DocumentFinder.find(width: 64, height: 64, luminance: floats) == nil)
    }
}
