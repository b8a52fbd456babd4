// Trim Borders' crop around a content box: the box, the smallest locked-ratio rectangle around it, nothing to trim, on every box.

import CropKit
import Testing

@Suite struct BorderTrimTests {
    static let ratios: [Double] = [0.5, 2.0 / 3.0, 0.8, 1, 1.5, 16.0 / 9.0, 3]

    /// Every box inside every picture up to 7 × 6 pixels.
    static func everyBox(_ body: (Int, Int, PixelRect) -> Void) {
        for width in 1...7 {
            for height in 1...6 {
                for x in 0..<width {
                    for y in 0..<height {
                        for w in 1...(width - x) {
                            for h in 1...(height - y) { body(width, height, PixelRect(x: x, y: y, width: w, height: h)) }
                        }
                    }
                }
            }
        }
    }

    @Test func withoutARatioTheCropIsTheContentsBox() {
        Self.everyBox { width, height, box in
            let outcome = BorderTrim(width: width, height: height).crop(content: box)
            if box == PixelRect(x: 0, y: 0, width: width, height: height) {
                #expect(outcome == .nothingToTrim)
            } else {
                #expect(outcome == .crop(box), "\(box) on \(width)x\(height)")
            }
        }
    }

    @Test func noContentOrAnEmptyOrOutsideBoxIsNothingToTrim() {
        let trim = BorderTrim(width: 40, height: 30)
        #expect(trim.crop(content: nil) == .nothingToTrim)
        #expect(trim.crop(content: nil, ratio: 1) == .nothingToTrim)
        #expect(trim.crop(content: PixelRect(x: 3, y: 3, width: 0, height: 5)) == .nothingToTrim)
        #expect(trim.crop(content: PixelRect(x: 50, y: 3, width: 5, height: 5)) == .nothingToTrim)
        #expect(trim.crop(content: PixelRect(x: -9, y: -9, width: 5, height: 5)) == .nothingToTrim)
        // A hostile box is clipped to the picture, never overflowing.
        #expect(
            trim.crop(content: PixelRect(x: 10, y: 10, width: .max, height: .max))
                == .crop(PixelRect(x: 10, y: 10, width: 30, height: 20)))
        #expect(trim.crop(content: PixelRect(x: .min, y: .min, width: .max, height: .max)) == .nothingToTrim)
        // A ratio that is no ratio is ignored.
        let box = PixelRect(x: 5, y: 5, width: 10, height: 10)
        for ratio in [0, -1, Double.nan, .infinity] { #expect(trim.crop(content: box, ratio: ratio) == .crop(box)) }
    }

    @Test(arguments: ratios)
    func aRatioGivesTheSmallestRectangleOfItAroundTheContent(_ ratio: Double) {
        Self.everyBox { width, height, box in
            let outcome = BorderTrim(width: width, height: height).crop(content: box, ratio: ratio)
            let whole = PixelRect(x: 0, y: 0, width: width, height: height)
            // The oracle: of the sizes at least the box's, inside the picture, with one side the box's
            // and the other nearest that side times the ratio, the smallest.
            let grownHeight = max(Int((Double(box.width) / ratio).rounded()), box.height)
            let grownWidth = max(Int((Double(box.height) * ratio).rounded()), box.width)
            let wide = Double(box.width) >= Double(box.height) * ratio
            let size = wide ? (box.width, grownHeight) : (grownWidth, box.height)
            let fits = size.0 <= width && size.1 <= height
            guard case .crop(let rect) = outcome else {
                // Nothing to trim only when the crop would have been the whole picture.
                let largest = SuggestedCrop(width: width, height: height).largestSize(ratio: ratio)
                #expect(
                    (fits ? size == (width, height) : largest == PixelSize(width: width, height: height)),
                    "\(box) on \(width)x\(height) at \(ratio)")
                return
            }
            #expect(rect != whole)
            #expect(rect.x >= 0 && rect.y >= 0 && rect.x + rect.width <= width && rect.y + rect.height <= height)
            if fits {
                #expect(rect.width == size.0 && rect.height == size.1, "\(box) on \(width)x\(height) at \(ratio): \(rect)")
                // It holds the content, centred on it as far as the picture lets it be.
                #expect(rect.x <= box.x && rect.y <= box.y)
                #expect(rect.x + rect.width >= box.x + box.width && rect.y + rect.height >= box.y + box.height)
                let centreOffset = (
                    x: Double(2 * rect.x + rect.width - 2 * box.x - box.width),
                    y: Double(2 * rect.y + rect.height - 2 * box.y - box.height)
                )
                let touchesX = rect.x == 0 || rect.x + rect.width == width
                let touchesY = rect.y == 0 || rect.y + rect.height == height
                #expect(touchesX || abs(centreOffset.x) <= 1, "\(box) on \(width)x\(height) at \(ratio): \(rect)")
                #expect(touchesY || abs(centreOffset.y) <= 1, "\(box) on \(width)x\(height) at \(ratio): \(rect)")
            } else {
                // No rectangle of the ratio around the content fits: the largest the picture holds.
                let largest = SuggestedCrop(width: width, height: height).largestSize(ratio: ratio)
                #expect(rect.width == largest.width && rect.height == largest.height)
            }
        }
    }

    @Test func aScreenshotsWindowInASquare() {
        let trim = BorderTrim(width: 400, height: 300)
        let window = PixelRect(x: 70, y: 50, width: 180, height: 120)
        #expect(trim.crop(content: window, ratio: 1) == .crop(PixelRect(x: 70, y: 20, width: 180, height: 180)))
        // 213 wide (120 × 16 ÷ 9 = 213.3), centred on 160: 53.5, rounded away from zero.
        #expect(trim.crop(content: window, ratio: 16.0 / 9.0) == .crop(PixelRect(x: 54, y: 50, width: 213, height: 120)))
        // At the top edge the square shifts down rather than leave the picture.
        let high = PixelRect(x: 70, y: 0, width: 180, height: 120)
        #expect(trim.crop(content: high, ratio: 1) == .crop(PixelRect(x: 70, y: 0, width: 180, height: 180)))
        // Too wide for a square in this picture: the largest square, centred on the window.
        let wide = PixelRect(x: 10, y: 100, width: 380, height: 50)
        #expect(trim.crop(content: wide, ratio: 1) == .crop(PixelRect(x: 50, y: 0, width: 300, height: 300)))
    }
}
