// Command-line crop geometry: parsing both syntaxes, the pixel rect in an image, and every way a string can be unusable.

import CropKit
import Testing

@Suite struct CropGeometryTests {
    private func parse(_ text: String) throws(CropGeometryError) -> CropGeometry { try CropGeometry(parsing: text) }

    private func parseError(_ text: String) -> CropGeometryError? {
        do { _ = try parse(text); return nil } catch { return error }
    }

    // MARK: Pixels

    @Test func pixelGeometryIsWidthHeightThenOffsets() throws {
        #expect(try parse("800x600+100+50") == .pixels(PixelRect(x: 100, y: 50, width: 800, height: 600)))
    }

    @Test func capitalXAndTheTimesSignSeparateTooBecauseTheAppPrintsThem() throws {
        let expected = CropGeometry.pixels(PixelRect(x: 1, y: 2, width: 30, height: 40))
        #expect(try parse("30X40+1+2") == expected)
        #expect(try parse("30×40+1+2") == expected)
    }

    @Test func withoutOffsetsTheCropStartsAtTheTopLeft() throws {
        #expect(try parse("300x200") == .pixels(PixelRect(x: 0, y: 0, width: 300, height: 200)))
    }

    @Test func aPixelGeometryIsUsedAsTyped() throws {
        #expect(
            try parse("200x100+50+25").pixelRect(imageWidth: 400, imageHeight: 300)
                == PixelRect(x: 50, y: 25, width: 200, height: 100))
    }

    @Test func aCropTouchingTheRightAndBottomEdgesIsInside() throws {
        // 800 + 200 = 1000 and 700 + 100 = 800: exactly the image's far edges.
        #expect(
            try parse("200x100+800+700").checkedPixelRect(imageWidth: 1000, imageHeight: 800)
                == PixelRect(x: 800, y: 700, width: 200, height: 100))
        #expect(
            try parse("1000x800").checkedPixelRect(imageWidth: 1000, imageHeight: 800)
                == PixelRect(x: 0, y: 0, width: 1000, height: 800))
    }

    // MARK: Percent

    @Test func percentGeometryIsStoredNormalized() throws {
        // 50 / 100 = 0.5 and so on: each division is exact to the nearest double, like the literals.
        #expect(try parse("50%x25%+10%+20%") == .percent(CropRect(x: 0.1, y: 0.2, width: 0.5, height: 0.25)))
    }

    @Test func percentBecomesPixelsByTheOneRoundingRule() throws {
        // 1000 × 800: left 0.1 → 100, right 0.6 → 600; top 0.2 → 160, bottom 0.45 → 360.
        #expect(
            try parse("50%x25%+10%+20%").checkedPixelRect(imageWidth: 1000, imageHeight: 800)
                == PixelRect(x: 100, y: 160, width: 500, height: 200))
    }

    @Test func fractionalPercentIsAllowedForThirds() throws {
        // 33.3 % of 1000 = 333 pixels; 66.7 % starting at 33.3 % ends at 100 %.
        #expect(
            try parse("33.3%x100%").checkedPixelRect(imageWidth: 1000, imageHeight: 10)
                == PixelRect(x: 0, y: 0, width: 333, height: 10))
        #expect(
            try parse("66.7%x100%+33.3%+0%").checkedPixelRect(imageWidth: 1000, imageHeight: 10)
                == PixelRect(x: 333, y: 0, width: 667, height: 10))
    }

    @Test func percentHalvesRoundAwayFromZero() throws {
        // 12.5 % of 4 pixels: the right edge at 0.5 rounds to 1, so one pixel, not none.
        #expect(
            try parse("12.5%x100%").checkedPixelRect(imageWidth: 4, imageHeight: 4)
                == PixelRect(x: 0, y: 0, width: 1, height: 4))
    }

    @Test func aTinyPercentStillGivesOnePixel() throws {
        // 0.01 % of 100 = 0.01 pixel: both edges land on 0, and the rule keeps one pixel.
        #expect(
            try parse("0.01%x0.01%").checkedPixelRect(imageWidth: 100, imageHeight: 100)
                == PixelRect(x: 0, y: 0, width: 1, height: 1))
    }

    // MARK: ImageMagick's percent size at pixel offsets

    @Test func percentSizeWithPixelOffsetsIsImageMagicksMeaning() throws {
        #expect(try parse("50%x25%+10+20") == .percentSize(widthPercent: 50, heightPercent: 25, x: 10, y: 20))
        // 50 % of 1000 × 25 % of 800, at pixel (10, 20) — not at 10 % and 20 %.
        #expect(
            try parse("50%x25%+10+20").checkedPixelRect(imageWidth: 1000, imageHeight: 800)
                == PixelRect(x: 10, y: 20, width: 500, height: 200))
    }

    @Test func aPercentSizeRoundsAsImageMagickDoes() throws {
        // floor(p × n / 100 + 0.5): 50 % of 301 = 150.5 → 151; 33.3 % of 301 = 100.233 → 100.
        #expect(
            try parse("50%x33.3%+0+0").checkedPixelRect(imageWidth: 301, imageHeight: 301)
                == PixelRect(x: 0, y: 0, width: 151, height: 100))
        // 0.01 % of 100 pixels would be none: like a tiny W%xH%+X%+Y%, one pixel.
        #expect(
            try parse("0.01%x0.01%+3+4").checkedPixelRect(imageWidth: 100, imageHeight: 100)
                == PixelRect(x: 3, y: 4, width: 1, height: 1))
    }

    @Test func aPercentSizeMustFitAtItsPixelOffset() throws {
        // 50 % of 1000 = 500 from x = 501 ends at 1001.
        #expect(
            try outsideError("50%x50%+501+0", 1000, 800)
                == .outside(crop: "50%x50%+501+0", imageWidth: 1000, imageHeight: 800))
        #expect(try outsideError("50%x50%+500+400", 1000, 800) == nil)
        #expect(try outsideError("10%x10%-1+0", 1000, 800) != nil)
        #expect(parseError("1e300%x1%+0+0") == .malformed("1e300%x1%+0+0"))  // no exponents: malformed, not a trap
        let huge = "1" + String(repeating: "0", count: 300) + "%x1%+0+0"
        #expect(
            try outsideError(huge, 1000, 800) == .outside(crop: try parse(huge).description, imageWidth: 1000, imageHeight: 800))
    }

    @Test func aPercentSizeTakesWholePixelOffsetsOnly() {
        #expect(parseError("50%x50%+1.5+0") == .malformed("50%x50%+1.5+0"))
        #expect(parseError("0%x50%+1+1") == .emptySize("0%x50%+1+1"))
        #expect(parseError("50%x50%+99999999999999999999+0") == .numberTooLarge("50%x50%+99999999999999999999+0"))
    }

    @Test func descriptionsReadBackAsTheSameGeometry() throws {
        for text in ["800x600+100+50", "10x10-5+0", "50%x25%+10%+20%", "33.3%x100%+0%+0%", "1x1+0-3", "50%x33.3%+10-2"] {
            #expect(try parse(text).description == text)
            #expect(try parse(parse(text).description) == parse(text))
        }
    }

    // MARK: Unusable strings

    @Test func malformedStringsAreMalformed() {
        let strings = [
            "x", "10x", "x10", "10", "10x10+5", "10x10+5+", "10x10++5+5", "10 x 10", " 10x10",
            "10x10+0+0 ", "10x10+0+0+0", "10x10+0+0%%", "abc", "1e3x10", "0x10x10", "10x10+5-",
            "10.x10", ".5%x1%", "10*10", "١٠x١٠", "10x10\n", "10x10+0+0;rm", "--crop=10x10",
        ]
        for text in strings {
            #expect(parseError(text) == .malformed(text), "\(text.debugDescription)")
        }
    }

    @Test func theEmptyStringSaysSo() {
        #expect(parseError("") == .malformed(""))
        #expect(CropGeometryError.malformed("").description.hasPrefix("the crop geometry is empty: use WxH+X+Y"))
    }

    @Test func pixelsAreWholeNumbers() {
        #expect(parseError("10.5x10") == .malformed("10.5x10"))
        #expect(parseError("10x10+1.5+0") == .malformed("10x10+1.5+0"))
    }

    @Test func zeroOrNegativeSizesHaveNoArea() {
        for text in ["0x10", "10x0+0+0", "-10x10+0+0", "10x-1", "0%x50%", "0.0%x1%+0%+0%", "-5%x5%"] {
            #expect(parseError(text) == .emptySize(text), "\(text)")
        }
        #expect(
            CropGeometryError.emptySize("0x10").description
                == "the crop “0x10” has no area: its width and height must be greater than 0")
    }

    @Test func pixelsAndPercentDoNotMix() {
        // % on the size alone is ImageMagick's form; any other mix is refused.
        for text in ["50%x100+0+0", "10x10%", "50x50%+10+10", "50%x50%+10%+10", "50%x50%+10+10%", "50x50+10%+10%"] {
            #expect(parseError(text) == .mixedUnits(text), "\(text)")
        }
    }

    @Test func numbersBeyondIntAreTooLargeNotATrap() {
        let huge = "99999999999999999999"
        #expect(parseError("\(huge)x10") == .numberTooLarge("\(huge)x10"))
        #expect(parseError("10x10+0+\(huge)") == .numberTooLarge("10x10+0+\(huge)"))
        // -Int.min is one past Int.max, so its magnitude does not fit either.
        #expect(parseError("1x1-9223372036854775808+0") == .numberTooLarge("1x1-9223372036854775808+0"))
        let overflowingDouble = "1" + String(repeating: "0", count: 400) + "%x1%"
        #expect(parseError(overflowingDouble) == .numberTooLarge(overflowingDouble))
    }

    // MARK: Outside the image

    private func outsideError(_ text: String, _ width: Int, _ height: Int) throws -> CropGeometryError? {
        let geometry = try parse(text)
        do { _ = try geometry.checkedPixelRect(imageWidth: width, imageHeight: height); return nil } catch { return error }
    }

    @Test func aCropPastTheRightEdgeIsOutsideWithItsGeometryAndTheImageSize() throws {
        let error = try outsideError("200x100+950+0", 1000, 800)
        #expect(error == .outside(crop: "200x100+950+0", imageWidth: 1000, imageHeight: 800))
        #expect(error?.description == "the crop 200x100+950+0 lies outside the 1000×800 image")
    }

    @Test func oneRowTooManyIsOutside() throws {
        #expect(try outsideError("1000x801", 1000, 800) == .outside(crop: "1000x801+0+0", imageWidth: 1000, imageHeight: 800))
    }

    @Test func negativeOffsetsAreOutsideTheImage() throws {
        #expect(try outsideError("10x10-5+0", 100, 100) == .outside(crop: "10x10-5+0", imageWidth: 100, imageHeight: 100))
        // `+-5` is how a pasted negative number looks; it means the same.
        #expect(try parse("10x10+-5+0") == parse("10x10-5+0"))
        #expect(try outsideError("10x10+0-1", 100, 100) == .outside(crop: "10x10+0-1", imageWidth: 100, imageHeight: 100))
    }

    @Test func aCropWhollyOutsideIsOutside() throws {
        #expect(try outsideError("10x10+5000+5000", 100, 100) != nil)
    }

    @Test func percentOverhangIsCheckedBeforeRoundingWouldHideIt() throws {
        // Rounding clamps into the image, so 60 % + 50 % would silently become 60 %…100 %.
        let error = try outsideError("50%x50%+60%+0%", 1000, 800)
        #expect(error?.description == "the crop 50%x50%+60%+0% lies outside the 1000×800 image")
        #expect(try outsideError("150%x50%", 1000, 800) == .outside(crop: "150%x50%+0%+0%", imageWidth: 1000, imageHeight: 800))
        #expect(try outsideError("10%x10%-1%+0%", 1000, 800) != nil)
    }

    @Test func extremeOffsetsAndSizesDoNotOverflow() throws {
        let max = Int.max
        #expect(
            try outsideError("\(max)x1+\(max)+0", 1000, 800)
                == .outside(crop: "\(max)x1+\(max)+0", imageWidth: 1000, imageHeight: 800))
        #expect(try outsideError("1x\(max)", 1000, 800) != nil)
        #expect(try outsideError("1x1+\(max)+\(max)", 1000, 800) != nil)
        #expect(try outsideError("2x2-\(max)+0", 1000, 800) != nil)
    }

    @Test func hostileRectsBuiltInCodeAreReportedNotUsed() throws {
        let zero = CropGeometry.pixels(PixelRect(x: 0, y: 0, width: 0, height: 5))
        #expect(throws: CropGeometryError.emptySize("0x5+0+0")) { try zero.checkedPixelRect(imageWidth: 10, imageHeight: 10) }
        let notANumber = CropGeometry.percent(CropRect(x: .nan, y: 0, width: 0.5, height: 0.5))
        #expect(throws: CropGeometryError.self) { try notANumber.checkedPixelRect(imageWidth: 10, imageHeight: 10) }
        let infinite = CropGeometry.percent(CropRect(x: 0, y: 0, width: .infinity, height: 0.5))
        #expect(throws: CropGeometryError.self) { try infinite.checkedPixelRect(imageWidth: 10, imageHeight: 10) }
    }

    @Test func messagesNameTheProblem() {
        #expect(
            CropGeometryError.malformed("abc").description
                == "the crop geometry “abc” is malformed: use WxH+X+Y in pixels, W%xH%+X+Y (a percent size at pixel offsets) "
                + "or W%xH%+X%+Y% in percent, e.g. 800x600+100+50, 50%x50%+10+10 or 50%x50%+25%+25%")
        #expect(
            CropGeometryError.mixedUnits("50%x100").description
                == "the crop geometry “50%x100” mixes pixels and percent: put % on every number, on the width and height only, or on none"
        )
        #expect(CropGeometryError.numberTooLarge("9x9").description == "the crop geometry “9x9” has a number too large to use")
    }
}
