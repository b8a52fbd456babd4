// Random crops, viewports, presses and drags for the property tests, shaped to hit borders, grips and hostile values.
import CropKit

extension SplitMix64 {
    /// A crop inside the unit square whose sides are at least `side`.
    mutating func crop(meeting side: Double) -> CropRect {
        let width = double(side...1), height = double(side...1)
        return CropRect(x: double(0...(1 - width)), y: double(0...(1 - height)), width: width, height: height)
    }

    /// A crop that may be anything at all, usable or not.
    mutating func hostileCrop() -> CropRect {
        CropRect(x: hostile(), y: hostile(), width: hostile(), height: hostile())
    }

    /// A minimum side: often the default, otherwise anything a caller might ask for.
    mutating func minimumSide() -> Double {
        chance(0.3) ? 0.15 : double(0.01...0.6)
    }

    /// A viewport of any image in a view that is sometimes too small to show it.
    mutating func viewport() -> Viewport {
        let view =
            chance(0.05)
            ? CropSize(width: double(0...32), height: double(0...32))
            : CropSize(width: double(33...2500), height: double(33...2500))
        return Viewport(imageWidth: pixels(upTo: 20_000), imageHeight: pixels(upTo: 20_000), viewSize: view)
    }

    /// A press near one of the nine handles as drawn, or anywhere in (or just beyond) the view.
    mutating func press(around frame: CropRect, in viewport: Viewport) -> CropPoint {
        if chance(0.6) {
            let xs = [frame.minX, frame.midX, frame.maxX], ys = [frame.minY, frame.midY, frame.maxY]
            return CropPoint(x: xs[int(0...2)] + double(-30...30), y: ys[int(0...2)] + double(-30...30))
        }
        return CropPoint(x: double(-20...(viewport.viewSize.width + 20)), y: double(-20...(viewport.viewSize.height + 20)))
    }

    /// A pointer's travel in view points: none, a few points, about the view, or far beyond it.
    mutating func travel(in viewport: Viewport) -> CropSize {
        switch int(0...9) {
        case 0: return .zero
        case 1, 2: return CropSize(width: double(-6...6), height: double(-6...6))
        case 3: return CropSize(width: double(-1e5...1e5), height: double(-1e5...1e5))
        default:
            let w = max(viewport.viewSize.width, 1), h = max(viewport.viewSize.height, 1)
            return CropSize(width: double(-w...w), height: double(-h...h))
        }
    }
}
