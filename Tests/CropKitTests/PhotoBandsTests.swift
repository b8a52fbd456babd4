// Find Photos' bands: a chart whose light bands part its mask is one print; the lid between two prints in a row parts them.
import CropKit
import Foundation
import Testing

@Suite struct PhotoBandsTests {
    static let (width, height) = (PhotoFinderTests.width, PhotoFinderTests.height)

    /// A scan of one chart on a white lid (0.9): bands down the print, each fading from white through
    /// the lid's level to a dark grey, so where each band starts the mask sees only the lid.
    static func chart(_ print: FoundPrint, bands: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        let (s, c) = (sin(print.tilt * .pi / 180), cos(print.tilt * .pi / 180))
        let band = print.height / Double(bands)
        func tone(_ x: Double, _ y: Double) -> Double {
            let dx = x - print.centre.x, dy = y - print.centre.y
            let u = dx * c + dy * s, v = -dx * s + dy * c
            guard abs(u) <= print.width / 2, abs(v) <= print.height / 2 else { return 0.9 }
            let t = (v + print.height / 2).truncatingRemainder(dividingBy: band) / band
            return 0.99 - 0.69 * t * t
        }
        return PhotoFinderTests.rendered(tone, random: &random)
    }

    /// A chart whose light bands, as light as the lid, cut its mask right across into bands is one
    /// print: the bands share their outer edges and the gaps between them are no lid.
    @Test func aChartWithLightBandsAcrossItIsOnePrint() {
        let drawn = FoundPrint(centre: CropPoint(x: 300, y: 380), width: 240, height: 330, tilt: 6.8)
        let pixels = Self.chart(drawn, bands: 4, seed: 41)
        let found = PhotoFinder.find(width: Self.width, height: Self.height, luminance: pixels)
        #expect(found.count == 1, "found \(found)")
        #expect(found.first.map { abs($0.tilt - drawn.tilt) <= 0.3 } ?? false, "found \(found)")
        #expect(found.first.map { PhotoFinderTests.cornerError($0, drawn) <= 4 } ?? false, "found \(found)")
    }

    /// Two prints lying in a row, of one tilt and one height, their sides running on from one to the
    /// other, are two prints: the gap between them is the lid.
    @Test func twoPrintsInARowOfOneTiltStayTwo() {
        let left = FoundPrint(centre: CropPoint(x: 170, y: 300), width: 190, height: 220, tilt: 4)
        let (s, c) = (sin(left.tilt * .pi / 180), cos(left.tilt * .pi / 180))
        let step = left.width + 14
        let right = FoundPrint(
            centre: CropPoint(x: left.centre.x + step * c, y: left.centre.y + step * s), width: 190, height: 220, tilt: 4)
        var random = SplitMix64(seed: 42)
        let pixels = PhotoFinderTests.scan([left, right], lid: 0.9, border: false, random: &random)
        let found = PhotoFinder.find(width: Self.width, height: Self.height, luminance: pixels)
        #expect(found.count == 2, "found \(found)")
        for (drawn, print) in zip([left, right], found) {
            #expect(abs(print.tilt - drawn.tilt) <= 0.3, "tilt \(print.tilt) for \(drawn.tilt)")
            #expect(PhotoFinderTests.cornerError(print, drawn) <= 3, "found \(print) for \(drawn)")
        }
    }
}
