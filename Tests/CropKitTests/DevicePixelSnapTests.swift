// Snapping view rectangles onto whole device pixels: where each edge lands, at every scale, for random rectangles.

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
            let r = CropRect(x: left, y: top, width: Double.random(in: 0...3000, using: &random),
                             height: Double.random(in: 0...3000, using: &random))
            let snapped = r.snappedToDevicePixels(scale: scale)
            for (edge, original) in [(snapped.minX, r.minX), (snapped.minY, r.minY), (snapped.maxX, r.maxX), (snapped.maxY, r.maxY)] {
                let device = edge * scale
                #expect(abs(device - device.rounded()) < 1e-9, "edge \(edge) at scale \(scale) is not on a device pixel")
                #expect(abs(edge - original) <= 0.5 / scale + 1e-9, "edge moved from \(original) to \(edge) at scale \(scale)")
            }
            #expect(snapped.snappedToDevicePixels(scale: scale) == snapped, "snapping twice moved \(snapped)")
        }
    }
}
