// How far the picture is zoomed and where it is panned, and the rules that keep both sensible (fit…16×, no empty margins).

/// The zoom of a viewport: a magnification over the aspect fit and the normalized image point
/// shown in the middle of the view. `fit` is the whole picture, centred.
public struct ZoomState: Hashable, Sendable, CustomStringConvertible {
    /// Magnification over the fit (1 = fit). The handle mode keeps it in `Viewport.zoomRange`;
    /// the fixed-frame mode may go below 1 (the whole picture inside a smaller frame).
    public var zoom: Double
    /// The normalized image point at the view's middle.
    public var center: CropPoint

    public init(zoom: Double, center: CropPoint) {
        self.zoom = zoom
        self.center = center
    }

    public static let fit = ZoomState(zoom: 1, center: CropPoint(x: 0.5, y: 0.5))

    public var isFinite: Bool { zoom.isFinite && zoom > 0 && center.x.isFinite && center.y.isFinite }

    public var description: String { "zoom \(zoom) at \(center)" }
}

extension Viewport {
    /// The most the picture is magnified: 16 view points per image pixel (1600 %), or the fit
    /// when a tiny picture is already shown larger than that.
    public static let maximumPixelScale = 16.0

    /// One zoom step of the keyboard (+, −) and of one notch of Ctrl+scroll.
    public static let zoomStep = 1.25

    /// The magnifications the handle mode allows: from the fit to 16 points per pixel.
    public var zoomRange: ClosedRange<Double> {
        let fit = fitScale
        guard fit > 0 else { return 1...1 }
        return 1...max(1, Viewport.maximumPixelScale / fit)
    }

    /// This viewport at another zoom state, kept within the rules: the magnification within
    /// `zoomRange`; on each axis the picture centred when it is smaller than the padded view,
    /// otherwise panned no further than its edge reaching the padding (no empty margin inside).
    public func clamped(_ state: ZoomState) -> Viewport {
        var result = self
        let state = state.isFinite ? state : .fit
        let range = zoomRange
        let zoom = min(max(state.zoom, range.lowerBound), range.upperBound)
        let scale = fitScale * zoom
        func axis(_ center: Double, view: Double, pixels: Int) -> Double {
            let extent = Double(pixels) * scale
            let available = view - 2 * padding
            guard extent > available, extent > 0 else { return 0.5 }
            let limit = (view / 2 - padding) / extent
            return min(max(center, limit), 1 - limit)
        }
        result.zoom = ZoomState(
            zoom: zoom,
            center: CropPoint(
                x: axis(state.center.x, view: viewSize.width, pixels: imageWidth),
                y: axis(state.center.y, view: viewSize.height, pixels: imageHeight)))
        return result
    }

    /// The same viewport with its zoom brought within the rules (after a resize, say).
    public var clamped: Viewport { clamped(zoom) }

    /// Zoomed to `magnification` (over the fit) keeping the image point under `anchor` (view
    /// points) where it is, as far as the rules allow.
    public func zoomed(to magnification: Double, around anchor: CropPoint) -> Viewport {
        // Exactly the same view when the size does not change: no rounding drift at a gesture's start.
        if magnification == zoom.zoom { return clamped }
        let pinned = normalizedPoint(anchor)
        var target = self
        target.zoom.zoom = magnification.isFinite && magnification > 0 ? magnification : zoom.zoom
        // Solve for the centre that puts `pinned` back under the anchor at the new size.
        let frame = target.imageFrame
        guard frame.width > 0, frame.height > 0 else { return clamped }
        let center = CropPoint(
            x: pinned.x - (anchor.x - viewSize.width / 2) / frame.width,
            y: pinned.y - (anchor.y - viewSize.height / 2) / frame.height)
        return clamped(ZoomState(zoom: target.zoom.zoom, center: center))
    }

    /// Zoomed by `factor` (> 1 in, < 1 out) around `anchor`.
    public func zoomed(by factor: Double, around anchor: CropPoint) -> Viewport {
        zoomed(to: zoom.zoom * (factor.isFinite && factor > 0 ? factor : 1), around: anchor)
    }

    /// Panned so the picture follows a pointer moved by `delta` view points, within the rules.
    public func panned(by delta: CropSize) -> Viewport {
        let frame = imageFrame
        guard frame.width > 0, frame.height > 0, delta.width.isFinite, delta.height.isFinite else { return self }
        return clamped(
            ZoomState(
                zoom: zoom.zoom,
                center: CropPoint(
                    x: zoom.center.x - delta.width / frame.width,
                    y: zoom.center.y - delta.height / frame.height)))
    }

    /// The whole picture again.
    public var fitted: Viewport { clamped(.fit) }

    /// The magnification at which one image pixel covers `pixelScale` view points (1 / device
    /// scale for "100 %": one image pixel per screen pixel).
    public func magnification(forPixelScale pixelScale: Double) -> Double {
        let fit = fitScale
        return fit > 0 ? pixelScale / fit : 1
    }

    /// The zoom as people read it: 100 means one image pixel per device pixel.
    public func zoomPercent(deviceScale: Double) -> Double { scale * deviceScale * 100 }
}
