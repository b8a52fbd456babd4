// The one rounding rule between normalized crops and whole-pixel rectangles, both ways.
import CropKit
import Testing

@Suite struct PixelRoundingTests {
    @Test func theSeedCropOfAThousandPixels() {
        // 0.1 × 1000 = 100 and 0.9 × 1000 = 900.
        #expect(
            Seed.initialCrop.pixelRect(imageWidth: 1000, imageHeight: 1000)
                == PixelRect(x: 100, y: 100, width: 800, height: 800))
    }

    @Test func theSeedCropOfTheSeedPhoto() {
        // The 800 × 1000 "Coastline": 80…720 across, 100…900 down.
        #expect(
            Seed.initialCrop.pixelRect(imageWidth: 800, imageHeight: 1000)
                == PixelRect(x: 80, y: 100, width: 640, height: 800))
    }

    @Test func edgesRoundToTheNearestPixelBoundary() {
        // 0.123 × 1000 = 123, 0.4567 × 1000 = 456.7 → 457; 0.2 × 10 = 2, 0.74 × 10 = 7.4 → 7.
        let r = CropRect(left: 0.123, top: 0.2, right: 0.4567, bottom: 0.74)
        #expect(r.pixelRect(imageWidth: 1000, imageHeight: 10) == PixelRect(x: 123, y: 2, width: 334, height: 5))
    }

    @Test func halvesRoundAwayFromZero() {
        // In a 4 × 4 image: edges at 0.5 and 2.5 across, 1.5 and 2.5 down. Rounding half to even
        // would give 0…2 and 2…2; away from zero gives 1…3 and 2…3.
        let r = CropRect(x: 0.125, y: 0.375, width: 0.5, height: 0.25)
        #expect(r.pixelRect(imageWidth: 4, imageHeight: 4) == PixelRect(x: 1, y: 2, width: 2, height: 1))
    }

    @Test func adjacentCropsTileWithoutGapsOrOverlaps() {
        // Thirds of 10 pixels: 3.33 → 3 and 6.67 → 7, so the pieces are 0…3, 3…7, 7…10.
        let thirds = [0.0, 1.0 / 3, 2.0 / 3, 1.0]
        let pieces = (0..<3).map {
            CropRect(left: thirds[$0], top: 0, right: thirds[$0 + 1], bottom: 1).pixelRect(imageWidth: 10, imageHeight: 1)
        }
        #expect(pieces.map(\.x) == [0, 3, 7])
        #expect(pieces.map(\.width) == [3, 4, 3])
    }

    @Test func theWholeImageIsEveryPixel() {
        #expect(
            CropRect.unit.pixelRect(imageWidth: 6000, imageHeight: 4000)
                == PixelRect(x: 0, y: 0, width: 6000, height: 4000))
        #expect(CropRect.unit.pixelRect(imageWidth: 1, imageHeight: 1) == PixelRect(x: 0, y: 0, width: 1, height: 1))
    }

    @Test func aCropThinnerThanAPixelStillHasOnePixel() {
        let sliver = CropRect(x: 0.5, y: 0.5, width: 1e-9, height: 1e-9)
        #expect(sliver.pixelRect(imageWidth: 10, imageHeight: 10) == PixelRect(x: 5, y: 5, width: 1, height: 1))
    }

    @Test func aSliverAtTheFarBorderGrowsInwards() {
        // Both edges round to 10, the border; the one pixel kept is the last, 9…10.
        let sliver = CropRect(x: 0.9999, y: 0.9999, width: 0.0001, height: 0.0001)
        #expect(sliver.pixelRect(imageWidth: 10, imageHeight: 10) == PixelRect(x: 9, y: 9, width: 1, height: 1))
    }

    @Test(arguments: [
        CropRect(x: .nan, y: 0, width: 1, height: 1), CropRect(x: 3, y: 3, width: 1, height: 1),
        CropRect(x: 0, y: 0, width: .infinity, height: 1),
    ])
    func anUnusableCropMeansTheWholeImage(_ r: CropRect) {
        #expect(r.pixelRect(imageWidth: 640, imageHeight: 480) == PixelRect(x: 0, y: 0, width: 640, height: 480))
    }

    @Test func aCropOverhangingTheImageIsClipped() {
        let r = CropRect(x: -0.5, y: 0.5, width: 1, height: 1)
        #expect(r.pixelRect(imageWidth: 100, imageHeight: 200) == PixelRect(x: 0, y: 100, width: 50, height: 100))
    }

    @Test func pixelsToNormalized() {
        let r = CropRect(pixelRect: PixelRect(x: 100, y: 100, width: 800, height: 800), imageWidth: 1000, imageHeight: 1000)
        #expect(isClose(r, Seed.initialCrop))
        let quarter = CropRect(pixelRect: PixelRect(x: 200, y: 0, width: 200, height: 100), imageWidth: 800, imageHeight: 400)
        #expect(quarter == CropRect(x: 0.25, y: 0, width: 0.25, height: 0.25))
    }

    @Test func pixelsOutsideTheImageAreClampedToIt() {
        // Clamped to the image and kept at least one pixel: 0…1 of 100 pixels.
        let r = CropRect(pixelRect: PixelRect(x: -10, y: -10, width: 5, height: 5), imageWidth: 100, imageHeight: 100)
        #expect(r == CropRect(x: 0, y: 0, width: 0.01, height: 0.01))
        let beyond = CropRect(pixelRect: PixelRect(x: 150, y: 20, width: 30, height: 500), imageWidth: 100, imageHeight: 100)
        #expect(beyond == CropRect(left: 0.99, top: 0.2, right: 1, bottom: 1))
    }

    @Test(arguments: [
        (PixelRect(x: 100, y: 100, width: 800, height: 800), 1000, 1000),
        (PixelRect(x: 0, y: 0, width: 1, height: 1), 1, 1),
        (PixelRect(x: 1, y: 2, width: 3, height: 4), 7, 9),
        (PixelRect(x: 33_333, y: 12_345, width: 33_334, height: 87_654), 100_000, 99_999),
        (PixelRect(x: 99_999, y: 0, width: 1, height: 100_000), 100_000, 100_000),
    ])
    func pixelsToNormalizedAndBackIsTheIdentity(pixels: PixelRect, width: Int, height: Int) {
        let normalized = CropRect(pixelRect: pixels, imageWidth: width, imageHeight: height)
        #expect(normalized.pixelRect(imageWidth: width, imageHeight: height) == pixels)
    }

    @Test func descriptionIsImageMagickGeometry() {
        #expect(PixelRect(x: 100, y: 50, width: 800, height: 600).description == "800x600+100+50")
        #expect("\(PixelRect(x: 0, y: 0, width: 1, height: 1))" == "1x1+0+0")
    }
}
