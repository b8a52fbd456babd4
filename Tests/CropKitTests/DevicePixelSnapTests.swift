// Placing view rectangles on the device pixel grid: where each edge or line lands, at every scale, for random rectangles.

import CropKit
import Testing

struct DevicePixelSnapTests {
    @Test func edgesMoveToTheNearestDevicePixel() {
        let r = CropRect(left: 10.2, top: 56.65, right: 870.74, bottom: 656.25)
        #expect(r.snappedToDevicePixels(scale: 1) == CropRect(left: 10, top: 57, right: 871, bottom: 656))
        #expect(r.snappedToDevicePixels(scale: 2) == CropRect(left: 10, top: 56.5, right: 870.5, bottom: 656.5))
        // Below 1 (a scale not yet known) counts as 1.
        #expect(r.snappedToDevicePixels(scale: 0) == r.snappedToDevicePixels(scale: 1))
    }

    @Test func randomRectanglesLandOnWholePixelsWithinHalfAPixelAndStayThere() {
        var random = SplitMix64(seed: 0xDE71CE)
        for _ in 0..<2_000 {
            let scale = Double(Int.random(in: 1...3, using: &random))
            let left = Double.random(in: -500...2000, using: &random), top = Double.random(in: -500...2000, using: &random)
            let r = CropRect(
                x: left, y: top, width: Double.random(in: 0...3000, using: &random),
                height: Double.random(in: 0...3000, using: &random))
            let snapped = r.snappedToDevicePixels(scale: scale)
            for (edge, original) in [
                (snapped.minX, r.minX), (snapped.minY, r.minY), (snapped.maxX, r.maxX), (snapped.maxY, r.maxY),
            ] {
                let device = edge * scale
                #expect(abs(device - device.rounded()) < 1e-9, "edge \(edge) at scale \(scale) is not on a device pixel")
                #expect(abs(edge - original) <= 0.5 / scale + 1e-9, "edge moved from \(original) to \(edge) at scale \(scale)")
            }
            #expect(snapped.snappedToDevicePixels(scale: scale) == snapped, "snapping twice moved \(snapped)")
        }
    }

    @Test func linesAreCentredToCoverWholeDevicePixels() {
        let r = CropRect(left: 100.37, top: 56.65, right: 870.74, bottom: 656.25)
        // 4 points at scale 1 and 2 (4 and 8 pixels, even): centred on pixel boundaries.
        #expect(r.centredForCrispLines(width: 4, scale: 1) == CropRect(left: 100, top: 57, right: 871, bottom: 656))
        #expect(r.centredForCrispLines(width: 4, scale: 2) == CropRect(left: 100.5, top: 56.5, right: 870.5, bottom: 656.5))
        // 1.5 points: one whole pixel at scale 1 (centred mid-pixel), three at scale 2 (likewise).
        #expect(r.centredForCrispLines(width: 1.5, scale: 1) == CropRect(left: 100.5, top: 56.5, right: 870.5, bottom: 656.5))
        #expect(r.centredForCrispLines(width: 1.5, scale: 2) == CropRect(left: 100.25, top: 56.75, right: 870.75, bottom: 656.25))
    }

    @Test func randomLinesGetWholePixelEdgesWithinHalfAPixel() {
        var random = SplitMix64(seed: 0xC21597)
        for _ in 0..<2_000 {
            let scale = Double(Int.random(in: 1...3, using: &random))
            let width = [0.5, 1.5, 2, 4][Int.random(in: 0...3, using: &random)]
            let r = CropRect(
                x: Double.random(in: -500...2000, using: &random), y: Double.random(in: -500...2000, using: &random),
                width: Double.random(in: 0...3000, using: &random), height: Double.random(in: 0...3000, using: &random))
            let placed = r.centredForCrispLines(width: width, scale: scale)
            let odd = Int((width * scale).rounded(.down)) % 2 == 1
            for (edge, original) in [(placed.minX, r.minX), (placed.minY, r.minY), (placed.maxX, r.maxX), (placed.maxY, r.maxY)] {
                #expect(abs(edge - original) <= 0.5 / scale + 1e-9, "edge moved from \(original) to \(edge)")
                // The whole device pixels of the line: its edges when they are whole, all but a fraction otherwise.
                let device = edge * scale - (odd ? 0.5 : 0)
                #expect(abs(device - device.rounded()) < 1e-6, "a \(width)-point line at \(edge), scale \(scale)")
            }
        }
    }
}
