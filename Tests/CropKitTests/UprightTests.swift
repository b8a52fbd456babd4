// Upright's geometry: two drawn lines made exactly vertical, the crop of the picture's ratio inside, and refusals.
import CropKit
import Foundation
import Testing

@Suite struct UprightTests {
    static func lean(_ map: Homography, _ a: CropPoint, _ b: CropPoint) -> Double {
        let p = map.applied(to: a), q = map.applied(to: b)
        return atan2(abs(q.x - p.x), abs(q.y - p.y)) * 180 / .pi
    }

    /// Lines through one point above or below the picture (a building's sides seen looking up or
    /// down), drawn anywhere: every line through that point comes out vertical.
    @Test func twoDrawnLinesAndEveryLineThroughTheirPointBecomeVertical() throws {
        var random = SplitMix64(seed: 0x0F12_0002)
        for _ in 0..<200 {
            let picture = PixelSize(width: random.int(200...6000), height: random.int(200...6000))
            let w = Double(picture.width), h = Double(picture.height)
            // Where a camera turned up or down by 3° to 28° (and a little sideways) sees the verticals meet.
            let focal = PerspectiveProportions.assumedFocalLength * (w * w + h * h).squareRoot()
            let reach = focal / tan(random.double(3...28) * .pi / 180) * (random.chance(0.5) ? -1 : 1)
            let point = CropPoint(x: w / 2 + reach * random.double(-0.1...0.1), y: h / 2 + reach)
            func line(at x: Double) -> (CropPoint, CropPoint) {
                let bottom = CropPoint(x: x, y: h * 0.9)
                // The point a fifth of the way from the bottom to the vanishing point.
                return (bottom, CropPoint(x: x + (point.x - x) * 0.2, y: h * 0.9 + (point.y - h * 0.9) * 0.2))
            }
            let first = line(at: w * random.double(0...0.4)), second = line(at: w * random.double(0.6...1))
            guard case .corrected(let correction) = Upright.guided(first, second, picture: picture) else {
                Issue.record("no correction for \(point) on \(picture)")
                continue
            }
            let third = line(at: w * random.double(0...1))
            for (a, b) in [first, second, third] { #expect(Self.lean(correction.homography, a, b) < 1e-6) }
            #expect(correction.rectification.quad.problem(in: picture) == nil)
            #expect(abs(correction.crop.width / correction.crop.height - w / h) < 1e-9)
            // The crop lies inside the corrected picture: its corners' sources lie inside the picture.
            let back = try #require(correction.homography.inverse)
            for corner in [
                CropPoint(x: correction.crop.minX, y: correction.crop.minY),
                CropPoint(x: correction.crop.maxX, y: correction.crop.maxY),
            ] {
                let p = back.applied(to: corner)
                #expect(p.x > -1e-6 && p.y > -1e-6 && p.x < w + 1e-6 && p.y < h + 1e-6)
            }
        }
    }

    /// Parallel drawn lines that lean alike only ask for a turn: the correction is a rotation.
    @Test func parallelLeaningLinesAreLevelledByATurn() throws {
        let picture = PixelSize(width: 4000, height: 3000)
        let lean = 4.0 * Double.pi / 180
        let first = (CropPoint(x: 1000, y: 2500), CropPoint(x: 1000 + 2000 * sin(lean), y: 2500 - 2000 * cos(lean)))
        let second = (CropPoint(x: 3000, y: 2500), CropPoint(x: 3000 + 2000 * sin(lean), y: 2500 - 2000 * cos(lean)))
        guard case .corrected(let correction) = Upright.guided(first, second, picture: picture) else {
            Issue.record("no correction")
            return
        }
        let m = correction.homography.entries
        #expect(abs(m[6]) < 1e-12 && abs(m[7]) < 1e-12)
        #expect(Self.lean(correction.homography, first.0, first.1) < 1e-9)
        // A turn keeps lengths: the crop is the largest 4:3 inside a picture turned 4°.
        let (s, c) = (sin(lean), cos(lean))
        let expectedHeight = 3000 / (c + 4.0 / 3 * s)
        #expect(abs(correction.crop.height - expectedHeight) < 1e-3)
    }

    @Test func oneLineAPointOrTooStrongAConvergenceChangeNothing() {
        let picture = PixelSize(width: 1000, height: 800)
        let a = (CropPoint(x: 100, y: 700), CropPoint(x: 120, y: 100))
        #expect(Upright.guided(a, a, picture: picture) == .noLines)
        let dot = (CropPoint(x: 10, y: 10), CropPoint(x: 10, y: 10))
        #expect(Upright.guided(dot, a, picture: picture) == .noLines)
        // Lines meeting just above the picture: a turn of the camera far past what a building needs.
        let steep = (CropPoint(x: 100, y: 800), CropPoint(x: 500, y: -50)),
            other = (CropPoint(x: 900, y: 800), CropPoint(x: 500, y: -50))
        #expect(Upright.guided(steep, other, picture: picture) == .noLines)
    }

    @Test func aPictureWithNoLinesOrBadInputChangesNothing() {
        let flat = [UInt8](repeating: 128, count: 320 * 240)
        #expect(Upright.correction(width: 320, height: 240, luminance: flat) == .noLines)
        #expect(Upright.correction(width: 0, height: 0, luminance: []) == .noLines)
        #expect(Upright.correction(width: 320, height: 240, luminance: [1, 2, 3]) == .noLines)
        #expect(Upright.correction(width: Int.max, height: 2, luminance: []) == .noLines)
        var random = SplitMix64(seed: 0x0F12_0003)
        let noise = (0..<(320 * 240)).map { _ in UInt8(random.int(0...255)) }
        #expect(Upright.correction(width: 320, height: 240, luminance: noise) == .noLines)
    }

    /// A picture whose only lines are a tilted horizon is levelled by a turn (Upright's fallback).
    @Test func aTiltedHorizonAloneIsLevelled() throws {
        var random = SplitMix64(seed: 0x0F12_0004)
        let pixels = LevelScenes.render(
            LevelScenes.horizon(offset: 10, random: &random), turnedBy: 4, noise: 0.01, random: &random)
        let result = Upright.correction(width: LevelScenes.width, height: LevelScenes.height, luminance: pixels)
        guard case .corrected(let correction) = result, case .levelled(let angle) = correction.kind else {
            Issue.record("not levelled: \(result)")
            return
        }
        #expect(abs(angle.degrees + 4) < 0.3)
    }
}
