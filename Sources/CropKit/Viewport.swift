// Where an image sits in a view (fit inside padding, then zoomed and panned), and the map between view points and the image.

/// The layout of a W×H-pixel image in a view: aspect-fit and centred inside a padding, then
/// magnified by `zoom.zoom` with the normalized image point `zoom.center` in the view's middle.
/// At `ZoomState.fit` it is the plain aspect fit; every mapping below holds at any zoom.
public struct Viewport: Hashable, Sendable {
    /// Space kept free around the image, in view points, so the handles on its edges stay clear of the view's.
    public static let defaultPadding = 16.0

    public var imageWidth: Int
    public var imageHeight: Int
    public var viewSize: CropSize
    public var padding: Double
    /// Magnification over the fit and the image point in the view's middle.
    public var zoom: ZoomState

    public init(
        imageWidth: Int, imageHeight: Int, viewSize: CropSize,
        padding: Double = Viewport.defaultPadding, zoom: ZoomState = .fit
    ) {
        self.imageWidth = max(imageWidth, 1)
        self.imageHeight = max(imageHeight, 1)
        self.viewSize = viewSize
        self.padding = padding
        self.zoom = zoom.isFinite ? zoom : .fit
    }

    /// View points per image pixel at the fit: the largest scale that fits the image inside the
    /// padded view. Never negative; zero in a view too small.
    public var fitScale: Double {
        let availableWidth = max(viewSize.width - 2 * padding, 0)
        let availableHeight = max(viewSize.height - 2 * padding, 0)
        return min(availableWidth / Double(imageWidth), availableHeight / Double(imageHeight))
    }

    /// The image's rectangle in view points: the fit's size times the zoom, placed so that
    /// `zoom.center` lies at the view's middle. At the fit it is the aspect-fit rectangle, centred.
    public var imageFrame: CropRect {
        let scale = fitScale * zoom.zoom
        let width = Double(imageWidth) * scale, height = Double(imageHeight) * scale
        return CropRect(
            x: viewSize.width / 2 - zoom.center.x * width,
            y: viewSize.height / 2 - zoom.center.y * height,
            width: width, height: height)
    }

    /// The part of the picture inside the view, in view points; nil when none of it is.
    public var visibleFrame: CropRect? {
        imageFrame.intersection(CropRect(x: 0, y: 0, width: viewSize.width, height: viewSize.height))
    }

    /// View points per image pixel.
    public var scale: Double { imageFrame.width / Double(imageWidth) }

    /// The normalized image point under a view point (may lie outside 0…1).
    public func normalizedPoint(_ viewPoint: CropPoint) -> CropPoint {
        let frame = imageFrame
        guard frame.width > 0, frame.height > 0 else { return .zero }
        return CropPoint(
            x: (viewPoint.x - frame.minX) / frame.width,
            y: (viewPoint.y - frame.minY) / frame.height)
    }

    /// The view point of a normalized image point.
    public func viewPoint(_ normalized: CropPoint) -> CropPoint {
        let frame = imageFrame
        return CropPoint(
            x: frame.minX + normalized.x * frame.width,
            y: frame.minY + normalized.y * frame.height)
    }

    /// A view-point translation as a normalized one (divided by the image's on-screen size).
    public func normalizedDelta(_ viewDelta: CropSize) -> CropSize {
        let frame = imageFrame
        guard frame.width > 0, frame.height > 0 else { return .zero }
        return CropSize(width: viewDelta.width / frame.width, height: viewDelta.height / frame.height)
    }

    /// The normalized image rectangle under a view rectangle (may reach outside 0…1).
    public func normalizedRect(_ viewRect: CropRect) -> CropRect {
        let origin = normalizedPoint(viewRect.origin)
        let size = normalizedDelta(viewRect.size)
        return CropRect(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    /// A normalized rectangle as drawn in view points.
    public func viewRect(_ normalized: CropRect) -> CropRect {
        let frame = imageFrame
        return CropRect(
            x: frame.minX + normalized.x * frame.width,
            y: frame.minY + normalized.y * frame.height,
            width: normalized.width * frame.width,
            height: normalized.height * frame.height)
    }
}
