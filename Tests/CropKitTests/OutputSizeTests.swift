// Output sizes: every preset's exact pixels, print sizes through their resolution, the ratio lock, the enlargement said.

import CropKit
import Testing

@Suite struct OutputSizeTests {
    /// Each preset gives exactly its pixels (prints: length × ppi ÷ 2.54 for centimetres, rounded).
    @Test func everyPresetGivesItsExactSize() {
        let expected: [OutputSizePreset: (Int, Int)] = [
            .profilePicture: (512, 512), .squarePost: (1080, 1080), .portraitPost: (1080, 1350), .story: (1080, 1920),
            .fullHD: (1920, 1080), .ultraHD4K: (3840, 2160), .thisScreen: (2560, 1440),
            // 10 cm at 300 ppi is 1181.10 pixels, 15 cm 1771.65; A4's 21 × 29.7 cm the well-known 2480 × 3508.
            .print10x15cm: (1181, 1772), .print13x18cm: (1535, 2126), .printA4: (2480, 3508),
            .print4x6in: (1200, 1800), .print5x7in: (1500, 2100), .print8x10in: (2400, 3000),
        ]
        #expect(Set(expected.keys) == Set(OutputSizePreset.allCases))
        let screen = PixelSize(width: 2560, height: 1440)
        for preset in OutputSizePreset.allCases {
            guard let size = preset.size(screen: screen), let want = expected[preset] else {
                Issue.record("\(preset) has no size")
                continue
            }
            #expect(size.exactPixels == PixelSize(width: want.0, height: want.1), "\(preset)")
            // Whatever the crop, the result is exactly the preset's pixels.
            for crop in [(want.0, want.1), (want.0 * 3 + 1, want.1 * 3 + 2), (want.0 / 7 + 1, want.1 / 7 + 1)] {
                #expect(size.result(cropWidth: crop.0, cropHeight: crop.1) == PixelSize(width: want.0, height: want.1))
            }
            #expect(preset.isPrint == (size.resolution == 300), "\(preset): prints are at 300 ppi")
        }
        #expect(OutputSizePreset.thisScreen.size(screen: nil) == nil, "no screen known, no size")
        #expect(OutputSizePreset.thisScreen.size(screen: PixelSize(width: 0, height: 1080)) == nil)
    }

    @Test func printSizesParseAndRound() throws {
        let print = try #require(PrintSize(parsing: "15x10cm"))
        #expect(print.pixels == PixelSize(width: 1772, height: 1181) && print.ppi == 300)
        #expect(PrintSize(parsing: "6x4in", ppi: 200)?.pixels == PixelSize(width: 1200, height: 800))
        #expect(PrintSize(parsing: "29.7 × 21 cm")?.pixels == PixelSize(width: 3508, height: 2480))
        #expect(PrintSize(parsing: "1x1in", ppi: 1)?.pixels == PixelSize(width: 1, height: 1))
        // A length too small for a pixel still gives one.
        #expect(PrintSize(parsing: "0.01x0.01cm", ppi: 1)?.pixels == PixelSize(width: 1, height: 1))
        for bad in ["15x10", "15x10mm", "x10cm", "15xcm", "-15x10cm", "0x10cm", "15x10x2cm", "nanx1in", "infx1in", "1e3x1in", ""]
        {
            #expect(PrintSize(parsing: bad) == nil, "“\(bad)”")
        }
        #expect(PrintSize(width: 10, height: 15, unit: .inches, ppi: 0) == nil)
        #expect(PrintSize(width: 10, height: 15, unit: .inches, ppi: PrintSize.maximumPPI + 1) == nil)
        #expect(print.description == "15x10cm" && PrintSize(parsing: "29.7x21cm")?.description == "29.7x21cm")
    }

    /// Exact sizes lock the ratio; swapping portrait and landscape swaps the size, and twice is the same.
    @Test func exactSizesLockTheRatioAndSwap() throws {
        let post = OutputSize.pixels(PixelSize(width: 1080, height: 1350))
        #expect(post.lockedRatio?.pixelRatio(imageWidth: 1, imageHeight: 1) == 0.8)
        #expect(post.swapped == .pixels(PixelSize(width: 1350, height: 1080)) && post.swapped.swapped == post)
        let print = OutputSize.print(try #require(PrintSize(parsing: "10x15cm")))
        #expect(print.swapped.exactPixels == PixelSize(width: 1772, height: 1181))
        #expect(print.lockedRatio != nil && print.resolution == 300)
        for free in [OutputSize.original, .longerSide(2048)] {
            #expect(free.lockedRatio == nil && free.swapped == free && free.resolution == nil && free.exactPixels == nil)
        }
        #expect(OutputSize.longerSide(64).result(cropWidth: 400, cropHeight: 300) == PixelSize(width: 64, height: 48))
        #expect(OutputSize.original.result(cropWidth: 401, cropHeight: 3) == PixelSize(width: 401, height: 3))
    }

    /// The ratio check: a crop whose edges are each within a pixel of W:H passes (its sides within
    /// two), one three pixels off fails.
    @Test func theRatioMustMatchWithinOnePixelAnEdge() {
        let post = OutputSize.pixels(PixelSize(width: 1080, height: 1350))
        #expect(post.matches(cropWidth: 800, cropHeight: 1000))
        #expect(post.matches(cropWidth: 802, cropHeight: 1000) && post.matches(cropWidth: 800, cropHeight: 1002))
        #expect(post.matches(cropWidth: 801, cropHeight: 999), "both sides off the other way")
        #expect(!post.matches(cropWidth: 804, cropHeight: 998) && !post.matches(cropWidth: 805, cropHeight: 1000))
        #expect(!post.matches(cropWidth: 1000, cropHeight: 700))
        #expect(post.matches(cropWidth: 4, cropHeight: 5) && post.matches(cropWidth: 1, cropHeight: 1), "tiny crops round")
        #expect(!post.matches(cropWidth: 1, cropHeight: 6))
        #expect(OutputSize.longerSide(10).matches(cropWidth: 1, cropHeight: 1000))
        // Large sides do not overflow.
        let big = OutputSize.pixels(PixelSize(width: 65500, height: 1))
        #expect(
            big.matches(cropWidth: 10_000_000, cropHeight: 153) && !big.matches(cropWidth: 10_000_000, cropHeight: 10_000_000))
    }

    /// A thousand random pictures (odd sizes, 1-pixel sides, EXIF turns and the user's, straightened),
    /// sizes and crops of the size's ratio made as the window makes them: the crop's pixels always pass
    /// the ratio check and the result is always exactly W × H.
    @Test func exactOverAThousandRandomCrops() {
        var random = SplitMix64(seed: 25)
        var straightened = 0
        for _ in 0..<1000 {
            let stored = (random.chance(0.1) ? 1 : random.pixels(upTo: 9000), random.chance(0.1) ? 1 : random.pixels(upTo: 9000))
            let orientation = ImageOrientation.allCases[random.int(0...(ImageOrientation.allCases.count - 1))]
            let transform = ImageOrientation.allCases[random.int(0...(ImageOrientation.allCases.count - 1))]
            let upright = orientation.displayedSize(storedWidth: stored.0, storedHeight: stored.1)
            let shown = transform.displayedSize(storedWidth: upright.width, storedHeight: upright.height)
            let angle = random.chance(0.3) ? StraightenAngle(degrees: random.double(-45...45)) : StraightenAngle.zero
            if !angle.isZero { straightened += 1 }
            var size = OutputSize.pixels(PixelSize(width: random.int(1...5000), height: random.int(1...5000)))
            if random.chance(0.3) {
                let preset = OutputSizePreset.allCases[random.int(0...(OutputSizePreset.allCases.count - 1))]
                size = preset.size(screen: PixelSize(width: 1920, height: 1200)) ?? size
            }
            if random.chance(0.5) { size = size.swapped }
            let exact = size.exactPixels!
            let turned = TurnedPicture(width: shown.width, height: shown.height, angle: angle)
            guard let aspect = size.lockedRatio?.pixelRatio(imageWidth: 1, imageHeight: 1),
                let crop = turned.largestCrop(
                    aspect: aspect, centredAt: CropPoint(x: random.double(0.3...0.7), y: random.double(0.3...0.7)))
            else { continue }
            let pixels = turned.pixelRect(for: crop)
            // A crop under two pixels on a side holds its ratio only by luck: the window keeps larger ones.
            guard pixels.width >= 2, pixels.height >= 2 else { continue }
            #expect(
                size.matches(cropWidth: pixels.width, cropHeight: pixels.height),
                "\(shown) at \(angle): \(pixels) for \(exact), crop \(crop) box \(turned.boundingSize)")
            #expect(size.result(cropWidth: pixels.width, cropHeight: pixels.height) == exact)
            let plan = OutputPlan(size: size, cropWidth: pixels.width, cropHeight: pixels.height)
            #expect(plan.result == exact)
            #expect(
                (plan.enlargement != nil)
                    == (Double(exact.width) / Double(pixels.width) >= 1.05
                        || Double(exact.height) / Double(pixels.height) >= 1.05))
        }
        #expect(straightened > 200)
    }

    /// The facts' numbers: an enlargement from 5 % up, in tenths; a print's own resolution when short.
    @Test func enlargementIsSaid() throws {
        let post = OutputSize.pixels(PixelSize(width: 1080, height: 1350))
        #expect(OutputPlan(size: post, cropWidth: 2160, cropHeight: 2700).enlargement == nil, "a reduction")
        #expect(OutputPlan(size: post, cropWidth: 1060, cropHeight: 1325).enlargement == nil, "under 5 %")
        let plan = OutputPlan(size: post, cropWidth: 771, cropHeight: 964)
        #expect(plan.enlargementTenths == 14 && plan.printResolution == nil)
        let print = OutputSize.print(try #require(PrintSize(parsing: "15x10cm")))
        // 1250 pixels across 15 cm (5.906 in) give 211.7 ppi: printed at 212 would claim more than there is.
        let short = OutputPlan(size: print, cropWidth: 1250, cropHeight: 833)
        #expect(short.printResolution == 211 && short.enlargement != nil)
        #expect(OutputPlan(size: print, cropWidth: 3000, cropHeight: 2000).printResolution == nil)
        #expect(OutputPlan(size: .original, cropWidth: 10, cropHeight: 10).enlargement == nil)
        #expect(OutputPlan(size: .longerSide(1000), cropWidth: 100, cropHeight: 50).enlargementTenths == 100)
    }

    /// An exact size narrows a crop of other proportions to the largest rectangle of its ratio inside
    /// it, centred: it then matches, lies inside, and keeps its longer fit side; a matching crop and a
    /// size that follows the crop keep it.
    @Test func aCropOfOtherProportionsIsNarrowedToTheSizesRatioInsideIt() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let size = OutputSize.pixels(
                PixelSize(width: Int.random(in: 1...4000, using: &generator), height: Int.random(in: 1...4000, using: &generator))
            )
            let rect = PixelRect(
                x: Int.random(in: 0...500, using: &generator), y: Int.random(in: 0...500, using: &generator),
                width: Int.random(in: 1...6000, using: &generator), height: Int.random(in: 1...6000, using: &generator))
            let fitted = size.fitted(rect)
            #expect(size.matches(cropWidth: fitted.width, cropHeight: fitted.height), "\(size) \(rect) → \(fitted)")
            #expect(fitted.x >= rect.x && fitted.y >= rect.y && fitted.width >= 1 && fitted.height >= 1)
            #expect(fitted.x + fitted.width <= rect.x + rect.width && fitted.y + fitted.height <= rect.y + rect.height)
            #expect(fitted.width == rect.width || fitted.height == rect.height, "not the largest: \(rect) → \(fitted)")
            #expect(abs((fitted.x - rect.x) - (rect.x + rect.width - fitted.x - fitted.width)) <= 1, "not centred")
        }
        let square = PixelRect(x: 10, y: 20, width: 300, height: 300)
        #expect(OutputSize.pixels(PixelSize(width: 512, height: 512)).fitted(square) == square)
        #expect(OutputSize.longerSide(256).fitted(PixelRect(x: 0, y: 0, width: 300, height: 100)).width == 300)
        #expect(
            OutputSize.pixels(PixelSize(width: 1080, height: 1350)).fitted(PixelRect(x: 0, y: 0, width: 4000, height: 3000))
                == PixelRect(x: 800, y: 0, width: 2400, height: 3000))
    }
}

@Suite struct OutputSizeTextTests {
    /// Every kind survives its text; `2048` stays what older sidecars meant; junk is nothing.
    @Test func sizesSurviveTheirText() throws {
        let sizes: [OutputSize] = [
            .longerSide(2048), .pixels(PixelSize(width: 1080, height: 1350)),
            .print(try #require(PrintSize(parsing: "29.7x21cm", ppi: 150))), .print(try #require(PrintSize(parsing: "4x6in"))),
        ]
        for size in sizes {
            let text = try #require(size.storedText)
            #expect(OutputSize(storedText: text) == size, "\(text)")
        }
        #expect(OutputSize.original.storedText == nil)
        #expect(OutputSize(storedText: "2048") == .longerSide(2048))
        for junk in ["", "0", "-3", "x", "10x", "0x5", "15x10cm@", "15x10cm@0", "15x10@300", "a@b@c", "1080x1350x2"] {
            #expect(OutputSize(storedText: junk) == nil, "“\(junk)”")
        }
    }
}

@Suite struct TypedOutputSizeTests {
    @Test func sizesAsPeopleTypeThem() throws {
        #expect(OutputSize(typing: "1080 × 1350") == .pixels(PixelSize(width: 1080, height: 1350)))
        #expect(OutputSize(typing: "1080x1350 px") == .pixels(PixelSize(width: 1080, height: 1350)))
        #expect(OutputSize(typing: " 2048 ") == .longerSide(2048))
        #expect(OutputSize(typing: "15 × 10 cm") == .print(try #require(PrintSize(parsing: "15x10cm"))))
        #expect(OutputSize(typing: "6x4in @ 240 ppi") == .print(try #require(PrintSize(parsing: "6x4in", ppi: 240))))
        for junk in ["", "big", "10 x", "1080 × 1350 cm@", "-5", "0"] {
            #expect(OutputSize(typing: junk) == nil, "“\(junk)”")
        }
        #expect(PrintSize.length(29.7) == "29.7" && PrintSize.length(10) == "10" && PrintSize.length(2.05) == "2.05")
    }
}
