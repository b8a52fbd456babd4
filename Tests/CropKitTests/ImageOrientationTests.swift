// EXIF orientation maps: sizes, each orientation's corner by hand, and exact round trips for rects and pixels.

import CropKit
import Testing

@Suite struct ImageOrientationTests {
    @Test func quarterTurnsSwapTheSize() {
        for o in ImageOrientation.allCases {
            let size = o.displayedSize(storedWidth: 400, storedHeight: 300)
            #expect(size == (o.rawValue >= 5 ? (300, 400) : (400, 300)))
        }
    }

    @Test func unknownValuesAreUpright() {
        #expect(ImageOrientation(exifValue: 0) == .up)
        #expect(ImageOrientation(exifValue: 9) == .up)
        #expect(ImageOrientation(exifValue: 6) == .right)
    }

    /// The upright picture's top-left 1×1 pixel comes from this stored pixel (stored 4 × 3),
    /// worked out from each orientation's definition.
    @Test(arguments: [(1, 0, 0), (2, 3, 0), (3, 3, 2), (4, 0, 2), (5, 0, 0), (6, 0, 2), (7, 3, 2), (8, 3, 0)])
    func uprightTopLeftPixelComesFrom(_ value: Int, _ sx: Int, _ sy: Int) {
        let o = ImageOrientation(exifValue: value)
        let stored = o.storedPixelRect(
            fromDisplayed: PixelRect(x: 0, y: 0, width: 1, height: 1),
            storedWidth: 4, storedHeight: 3)
        #expect(stored == PixelRect(x: sx, y: sy, width: 1, height: 1))
    }

    @Test func rightTurnMapsABandAsExpected() {
        // Orientation 6: the upright top row (height 1, full width 3) is the stored left column, bottom up.
        let stored = ImageOrientation.right.storedPixelRect(
            fromDisplayed: PixelRect(x: 0, y: 0, width: 3, height: 1),
            storedWidth: 4, storedHeight: 3)
        #expect(stored == PixelRect(x: 0, y: 0, width: 1, height: 3))
        let normalized = ImageOrientation.right.storedRect(fromDisplayed: CropRect(x: 0, y: 0, width: 0.5, height: 0.25))
        #expect(normalized == CropRect(x: 0, y: 0.5, width: 0.25, height: 0.5))
    }

    @Test(arguments: ImageOrientation.allCases)
    func roundTripsAreExact(_ o: ImageOrientation) {
        let r = CropRect(x: 0.125, y: 0.25, width: 0.5, height: 0.375)
        #expect(o.displayedRect(fromStored: o.storedRect(fromDisplayed: r)) == r)
        #expect(o.storedRect(fromDisplayed: o.displayedRect(fromStored: r)) == r)
        // Pixel rects: mapping there and back through the inverse returns the same pixels.
        let (dw, dh) = o.displayedSize(storedWidth: 640, storedHeight: 480)
        let p = PixelRect(x: 17, y: 33, width: 101, height: 57)
        let stored = o.storedPixelRect(fromDisplayed: p, storedWidth: 640, storedHeight: 480)
        #expect(stored.width * stored.height == p.width * p.height)
        #expect(o.inverse.storedPixelRect(fromDisplayed: stored, storedWidth: dw, storedHeight: dh) == p)
    }
}
