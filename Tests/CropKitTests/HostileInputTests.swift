// Values no UI produces but typed or corrupt input can: the model answers with something sane instead of trapping.

import CropKit
import Testing

@Suite struct HostileInputTests {
    @Test func pixelRectNearIntMaxDoesNotOverflow() {
        let r = CropRect(pixelRect: PixelRect(x: Int.max, y: Int.max - 1, width: Int.max, height: 5),
                         imageWidth: 100, imageHeight: 50)
        // Clamped into the image: the last pixel column and row.
        #expect(r.pixelRect(imageWidth: 100, imageHeight: 50) == PixelRect(x: 99, y: 49, width: 1, height: 1))
        let negative = CropRect(pixelRect: PixelRect(x: Int.min, y: 0, width: Int.min, height: 10),
                                imageWidth: 100, imageHeight: 50)
        #expect(negative.pixelRect(imageWidth: 100, imageHeight: 50) == PixelRect(x: 0, y: 0, width: 1, height: 10))
    }

    @Test func labelsOfNonFiniteRectsDoNotTrap() {
        let r = CropRect(x: .nan, y: .infinity, width: -.infinity, height: 1e300)
        #expect(r.accessibilityValue == "left 0 percent, top 100000000 percent, width -100000000 percent, height 100000000 percent")
        #expect(CropRect(x: 0, y: 0, width: .nan, height: 0.5).sizeLabel == "0% × 50%")
    }

    @Test func infinitePointsClampToTheNearerBorder() {
        let r = NewRectangle(anchor: CropPoint(x: .infinity, y: -.infinity), current: CropPoint(x: .nan, y: 0.25))
        #expect(r.anchor == CropPoint(x: 1, y: 0))
        #expect(r.current == CropPoint(x: 0, y: 0.25))
    }

    @Test func pixelSizeLabelUsesTheRoundingRule() {
        // 0.1…0.9 of 2400×1350 is 1920×1080 pixels.
        #expect(CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8).pixelSizeLabel(imageWidth: 2400, imageHeight: 1350)
                == "1920 × 1080 px")
        #expect(CropRect(x: .nan, y: 0, width: 1, height: 1).pixelSizeLabel(imageWidth: 3, imageHeight: 2) == "3 × 2 px")
    }
}
