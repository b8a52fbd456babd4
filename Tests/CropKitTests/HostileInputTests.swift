// Values no UI produces but typed or corrupt input can: the model answers with something sane instead of trapping.

import CropKit
import Testing

@Suite struct HostileInputTests {
    @Test func pixelRectNearIntMaxDoesNotOverflow() {
        let r = CropRect(
            pixelRect: PixelRect(x: Int.max, y: Int.max - 1, width: Int.max, height: 5),
            imageWidth: 100, imageHeight: 50)
        // Clamped into the image: the last pixel column and row.
        #expect(r.pixelRect(imageWidth: 100, imageHeight: 50) == PixelRect(x: 99, y: 49, width: 1, height: 1))
        let negative = CropRect(
            pixelRect: PixelRect(x: Int.min, y: 0, width: Int.min, height: 10),
            imageWidth: 100, imageHeight: 50)
        #expect(negative.pixelRect(imageWidth: 100, imageHeight: 50) == PixelRect(x: 0, y: 0, width: 1, height: 10))
    }

    @Test func percentagesOfNonFiniteRectsDoNotTrap() {
        let r = CropRect(x: .nan, y: .infinity, width: -.infinity, height: 1e300)
        #expect(r.percentages == CropPercentages(left: 0, top: 100_000_000, width: -100_000_000, height: 100_000_000))
        #expect(CropRect(x: 0, y: 0, width: .nan, height: 0.5).percentages.width == 0)
    }

    @Test func infinitePointsClampToTheNearerBorder() {
        let r = NewRectangle(anchor: CropPoint(x: .infinity, y: -.infinity), current: CropPoint(x: .nan, y: 0.25))
        #expect(r.anchor == CropPoint(x: 1, y: 0))
        #expect(r.current == CropPoint(x: 0, y: 0.25))
    }

    @Test func theCropsPixelSizeUsesTheRoundingRule() {
        // 0.1…0.9 of 2400×1350 is 1920×1080 pixels.
        let size = CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8).pixelRect(imageWidth: 2400, imageHeight: 1350)
        #expect((size.width, size.height) == (1920, 1080))
        let nan = CropRect(x: .nan, y: 0, width: 1, height: 1).pixelRect(imageWidth: 3, imageHeight: 2)
        #expect((nan.width, nan.height) == (3, 2))
    }
}
