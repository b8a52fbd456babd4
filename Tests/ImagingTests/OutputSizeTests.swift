// The output size's arithmetic on its own: the longer side exactly N, the shorter one in proportion, and what each format holds.

import CropKit
import Imaging
import Testing

@Suite struct OutputSizeTests {
    @Test func theLongerSideBecomesNEitherWay() {
        #expect(OutputSize.scaled(width: 400, height: 300, longerSide: 64) == (64, 48))
        #expect(OutputSize.scaled(width: 300, height: 400, longerSide: 64) == (48, 64))
        #expect(OutputSize.scaled(width: 20, height: 10, longerSide: 333) == (333, 167))
        #expect(OutputSize.scaled(width: 250, height: 250, longerSide: 1000) == (1000, 1000))
        #expect(OutputSize.scaled(width: 97, height: 61, longerSide: 97) == (97, 61))
    }

    /// round(short × N / long): halves go up, and no side ever reaches 0.
    @Test func theShorterSideIsRoundedAndAtLeastOne() {
        #expect(OutputSize.scaled(width: 200, height: 3, longerSide: 100) == (100, 2))  // 1.5 → 2
        #expect(OutputSize.scaled(width: 1000, height: 1, longerSide: 10) == (10, 1))  // 0.01 → 1
        #expect(OutputSize.scaled(width: 3, height: 7, longerSide: 1) == (1, 1))
        for long in 1...40 {
            for short in 1...long {
                for n in [1, 2, 5, 17, 64, 99] {
                    let size = OutputSize.scaled(width: long, height: short, longerSide: n)
                    let exact = Double(short) * Double(n) / Double(long)
                    #expect(
                        size.width == n && size.height >= 1 && abs(Double(size.height) - max(exact, 1)) <= 0.5,
                        "\(long)×\(short) → \(n): \(size)")
                }
            }
        }
    }

    @Test func eachFormatSaysHowLongASideItHolds() {
        #expect(OutputFormat.webp.maximumSide == 16383)
        #expect(OutputFormat.jpeg.maximumSide == 65500)
        #expect(OutputFormat.png.maximumSide == 10_000_000 && OutputFormat.tiff.maximumSide == 10_000_000)
    }
}
