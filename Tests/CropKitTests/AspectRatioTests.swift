// `AspectRatio`: the presets, the swap, pixel and normalized ratios, parsing, and `fitted` worked out by hand.
import CropKit
import Testing

@Suite struct AspectRatioTests {
    @Test func thePresetsAreTheMenuInOrder() {
        #expect(AspectRatio.presets.map(\.description) == ["free", "original", "1:1", "5:4", "4:3", "3:2", "16:10", "16:9"])
        for preset in AspectRatio.presets { #expect(preset.preset == preset) }
        #expect(AspectRatio.free.isFree && !AspectRatio.original.isFree && !AspectRatio.square.isFree)
    }

    @Test func swappingExchangesPortraitAndLandscape() {
        #expect(AspectRatio.fourByThree.swapped == AspectRatio.custom(width: 3, height: 4))
        #expect(AspectRatio.fourByThree.swapped.description == "3:4")
        #expect(AspectRatio.fourByThree.swapped.preset == .fourByThree)
        #expect(AspectRatio.free.swapped == .free)
        #expect(AspectRatio.square.swapped == .square)
        #expect(AspectRatio.original.swapped != .original)
        #expect(AspectRatio.original.swapped.description == "original swapped")
        for ratio in AspectRatio.presets { #expect(ratio.swapped.swapped == ratio) }
        #expect(AspectRatio.custom(width: 7, height: 5)?.preset == nil)
    }

    @Test func pixelRatiosAreWidthOverHeight() {
        #expect(AspectRatio.free.pixelRatio(imageWidth: 400, imageHeight: 300) == nil)
        #expect(AspectRatio.original.pixelRatio(imageWidth: 400, imageHeight: 300) == 400.0 / 300)
        #expect(AspectRatio.original.swapped.pixelRatio(imageWidth: 400, imageHeight: 300) == 0.75)
        #expect(AspectRatio.sixteenByNine.pixelRatio(imageWidth: 1, imageHeight: 1) == 16.0 / 9)
        #expect(AspectRatio.sixteenByTen.swapped.pixelRatio(imageWidth: 1, imageHeight: 1) == 0.625)
    }

    @Test func normalizedRatiosScaleByTheImageShape() {
        // pixelRatio × imageHeight / imageWidth.
        #expect(AspectRatio.sixteenByNine.normalizedRatio(imageWidth: 1600, imageHeight: 900) == 1)
        #expect(isClose(AspectRatio.sixteenByNine.normalizedRatio(imageWidth: 4000, imageHeight: 3000)!, 4.0 / 3))
        #expect(AspectRatio.square.normalizedRatio(imageWidth: 4000, imageHeight: 3000) == 0.75)
        #expect(AspectRatio.original.normalizedRatio(imageWidth: 123, imageHeight: 4567) == 1)
        #expect(AspectRatio.original.swapped.normalizedRatio(imageWidth: 400, imageHeight: 200) == 0.25)
        #expect(AspectRatio.free.normalizedRatio(imageWidth: 400, imageHeight: 300) == nil)
        // Sizes under one pixel count as one rather than dividing by zero.
        #expect(AspectRatio.square.normalizedRatio(imageWidth: 0, imageHeight: -5) == 1)
    }

    @Test func customRatiosNeedTwoPositiveFiniteTerms() {
        #expect(AspectRatio.custom(width: 16, height: 9) == .sixteenByNine)
        #expect(AspectRatio.custom(width: 0, height: 9) == nil)
        #expect(AspectRatio.custom(width: -4, height: 3) == nil)
        #expect(AspectRatio.custom(width: .nan, height: 3) == nil)
        #expect(AspectRatio.custom(width: 4, height: .infinity) == nil)
    }

    @Test func parsingReadsWColonH() {
        #expect(AspectRatio(parsing: "16:9") == .sixteenByNine)
        #expect(AspectRatio(parsing: " 2.39 : 1 ") == AspectRatio.custom(width: 2.39, height: 1))
        #expect(AspectRatio(parsing: " 2.39 : 1 ")?.description == "2.39:1")
        for bad in ["", "16", "16:", ":9", "16:9:1", "a:b", "0:1", "-4:3", "inf:1", "nan:1", "16x9"] {
            #expect(AspectRatio(parsing: bad) == nil, "\(bad)")
        }
    }

    // MARK: fitted

    @Test func fittingAWideRatioOnAWholeLandscapePicture() {
        // 16:9 on 4000 × 3000 is 4000 × 2250 pixels, centred: 375 pixels above and below.
        let fitted = AspectRatio.sixteenByNine.fitted(.unit, imageWidth: 4000, imageHeight: 3000)
        #expect(fitted == CropRect(x: 0, y: 0.125, width: 1, height: 0.75))
        #expect(fitted.pixelRect(imageWidth: 4000, imageHeight: 3000) == PixelRect(x: 0, y: 375, width: 4000, height: 2250))
    }

    @Test func fittingShiftsTheFrameBackInsideRatherThanShrinkingIt() {
        // Square on 4000 × 3000 is 3000 × 3000 (0.75 × 1); centred on x = 0.9 it would overhang, so it
        // shifts left until its right side is the picture's.
        let current = CropRect(x: 0.85, y: 0.4, width: 0.1, height: 0.2)
        let fitted = AspectRatio.square.fitted(current, imageWidth: 4000, imageHeight: 3000)
        #expect(fitted == CropRect(x: 0.25, y: 0, width: 0.75, height: 1))
        #expect(fitted.pixelRect(imageWidth: 4000, imageHeight: 3000) == PixelRect(x: 1000, y: 0, width: 3000, height: 3000))
    }

    @Test func fittingKeepsTheCentreWhenTheFrameFits() {
        // 10:16 (16:10 swapped) on 1000 × 1000 is 625 × 1000 pixels, centred on x = 0.5.
        let fitted = AspectRatio.sixteenByTen.swapped.fitted(
            CropRect(x: 0.4, y: 0.1, width: 0.2, height: 0.1),
            imageWidth: 1000, imageHeight: 1000)
        #expect(fitted == CropRect(x: 0.1875, y: 0, width: 0.625, height: 1))
    }

    @Test func fittingOriginalIsTheWholePictureAndFreeChangesNothing() {
        let current = CropRect(x: 0.1, y: 0.2, width: 0.3, height: 0.4)
        #expect(AspectRatio.original.fitted(current, imageWidth: 640, imageHeight: 480) == .unit)
        #expect(AspectRatio.free.fitted(current, imageWidth: 640, imageHeight: 480) == current.sanitized)
        #expect(AspectRatio.free.fitted(CropRect(x: .nan, y: 0, width: 1, height: 1), imageWidth: 1, imageHeight: 1) == .unit)
        // Original swapped on 400 × 200 is 100 × 200 pixels: a quarter of the width.
        let portrait = AspectRatio.original.swapped.fitted(.unit, imageWidth: 400, imageHeight: 200)
        #expect(portrait == CropRect(x: 0.375, y: 0, width: 0.25, height: 1))
        #expect(portrait.pixelRect(imageWidth: 400, imageHeight: 200) == PixelRect(x: 150, y: 0, width: 100, height: 200))
    }
}
