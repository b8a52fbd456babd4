// `Viewport`: where an aspect-fit image sits inside a padded view, and mapping points between view and image.
import CropKit
import Testing

@Suite struct ViewportTests {
    /// The demo's 800 × 1000 photo in a view whose padded area (1000 × 500) is wider than the photo.
    static let tallInWide = Viewport(imageWidth: 800, imageHeight: 1000, viewSize: CropSize(width: 1032, height: 532))
    /// A 2000 × 1000 image in a view whose padded area (400 × 1000) is taller than the image.
    static let wideInTall = Viewport(imageWidth: 2000, imageHeight: 1000, viewSize: CropSize(width: 432, height: 1032))

    @Test func aTallImageFillsTheHeightAndIsCentredAcross() {
        // Scale min(1000/800, 500/1000) = 0.5 → 400 × 500, centred in 1032 across, 16 from the top.
        #expect(Self.tallInWide.imageFrame == CropRect(x: 316, y: 16, width: 400, height: 500))
        #expect(Self.tallInWide.scale == 0.5)
    }

    @Test func aWideImageFillsTheWidthAndIsCentredDown() {
        // Scale min(400/2000, 1000/1000) = 0.2 → 400 × 200, 16 from the left, centred in 1032 down.
        #expect(Self.wideInTall.imageFrame == CropRect(x: 16, y: 416, width: 400, height: 200))
        #expect(isClose(Self.wideInTall.scale, 0.2))
    }

    @Test func theFrameKeepsTheImageAspectRatio() {
        let frame = Self.tallInWide.imageFrame
        #expect(isClose(frame.width / frame.height, 4.0 / 5.0))
    }

    @Test func theFrameKeepsThePaddingFree() {
        for v in [Self.tallInWide, Self.wideInTall] {
            let f = v.imageFrame
            #expect(f.minX >= Seed.padding && f.minY >= Seed.padding)
            #expect(f.maxX <= v.viewSize.width - Seed.padding && f.maxY <= v.viewSize.height - Seed.padding)
        }
    }

    @Test func aCustomPaddingIsUsed() {
        let v = Viewport(imageWidth: 100, imageHeight: 100, viewSize: CropSize(width: 300, height: 300), padding: 50)
        #expect(v.imageFrame == CropRect(x: 50, y: 50, width: 200, height: 200))
    }

    @Test(arguments: [
        CropSize(width: 20, height: 20), CropSize(width: 32, height: 32), CropSize(width: 0, height: 0),
        CropSize(width: 10, height: 500), CropSize(width: -40, height: -40),
    ])
    func aViewNoBiggerThanThePaddingShowsNothingAndNoNaN(_ viewSize: CropSize) {
        let v = Viewport(imageWidth: 800, imageHeight: 1000, viewSize: viewSize)
        let f = v.imageFrame
        #expect(f.isFinite)
        #expect(f.width == 0)
        #expect(f.height == 0)
        let p = v.normalizedPoint(CropPoint(x: 5, y: 5))
        #expect(p.x.isFinite && p.y.isFinite)
        #expect(v.normalizedDelta(CropSize(width: 10, height: 10)) == .zero)
        #expect(v.viewRect(Seed.initialCrop).isFinite)
    }

    @Test func aZeroPixelImageDoesNotDivideByZero() {
        let v = Viewport(imageWidth: 0, imageHeight: 0, viewSize: CropSize(width: 200, height: 100))
        #expect(v.imageFrame.isFinite)
        #expect(v.scale.isFinite)
    }

    @Test func viewCornersMapToImageCorners() {
        let v = Self.tallInWide
        #expect(v.normalizedPoint(CropPoint(x: 316, y: 16)) == CropPoint(x: 0, y: 0))
        #expect(v.normalizedPoint(CropPoint(x: 716, y: 516)) == CropPoint(x: 1, y: 1))
        #expect(v.normalizedPoint(CropPoint(x: 516, y: 266)) == CropPoint(x: 0.5, y: 0.5))
        // Points beside the image map outside 0…1 rather than being clamped.
        #expect(v.normalizedPoint(CropPoint(x: 116, y: 16)) == CropPoint(x: -0.5, y: 0))
        #expect(v.viewPoint(CropPoint(x: 0.25, y: 0.75)) == CropPoint(x: 416, y: 391))
    }

    @Test func viewToImageToViewIsARoundTrip() {
        for v in [Self.tallInWide, Self.wideInTall] {
            for p in [
                CropPoint(x: 0, y: 0), CropPoint(x: 123.25, y: 456.5), CropPoint(x: 431, y: 1031),
                CropPoint(x: -50, y: 2000), CropPoint(x: 316.1, y: 17.3),
            ] {
                #expect(isClose(v.viewPoint(v.normalizedPoint(p)), p, tolerance: 1e-9), "\(p)")
            }
            for n in [CropPoint(x: 0.1, y: 0.9), CropPoint(x: 1.0 / 3, y: 2.0 / 3), CropPoint(x: 1, y: 0)] {
                #expect(isClose(v.normalizedPoint(v.viewPoint(n)), n), "\(n)")
            }
        }
    }

    @Test func theSeedCropIsDrawnInsideTheImageFrame() {
        // 0.1…0.9 of 400 × 500 at (316, 16): 40 and 50 points in, 320 × 400 points large.
        #expect(isClose(Self.tallInWide.viewRect(Seed.initialCrop), CropRect(x: 356, y: 66, width: 320, height: 400)))
        #expect(Self.tallInWide.viewRect(.unit) == Self.tallInWide.imageFrame)
    }

    @Test func translationsAreDividedByTheImageSizeOnScreen() {
        #expect(isClose(Self.tallInWide.normalizedDelta(CropSize(width: 40, height: 50)).width, 0.1))
        #expect(isClose(Self.tallInWide.normalizedDelta(CropSize(width: 40, height: 50)).height, 0.1))
        #expect(
            Self.wideInTall.normalizedDelta(CropSize(width: -100, height: 50))
                == CropSize(width: -0.25, height: 0.25))
    }
}
