// Where an image sits in a view (aspect fit inside padding) and the mapping between view points and the image.

/// The layout of a W×H-pixel image shown aspect-fit and centred in a view, inside a padding.
public struct Viewport: Hashable, Sendable {
    /// Space kept free around the image, in view points (seed 000's `.padding(16)`).
    public static let defaultPadding = 16.0

    public var imageWidth: Int
    public var imageHeight: Int
    public var viewSize: CropSize
    public var padding: Double

    public init(imageWidth: Int, imageHeight: Int, viewSize: CropSize,
                padding: Double = Viewport.defaultPadding) {
        self.imageWidth = max(imageWidth, 1)
        self.imageHeight = max(imageHeight, 1)
        self.viewSize = viewSize
        self.padding = padding
    }

    /// The image's rectangle in view points: the largest rectangle of the image's aspect ratio
    /// that fits inside the padded view, centred. Never negative; zero-sized in a view too small.
    public var imageFrame: CropRect {
        let availableWidth = max(viewSize.width - 2 * padding, 0)
        let availableHeight = max(viewSize.height - 2 * padding, 0)
        let scale = min(availableWidth / Double(imageWidth), availableHeight / Double(imageHeight))
        let width = Double(imageWidth) * scale, height = Double(imageHeight) * scale
        return CropRect(x: (viewSize.width - width) / 2, y: (viewSize.height - height) / 2,
                        width: width, height: height)
    }

    /// View points per image pixel.
    public var scale: Double { imageFrame.width / Double(imageWidth) }

    /// The normalized image point under a view point (may lie outside 0…1).
    public func normalizedPoint(_ viewPoint: CropPoint) -> CropPoint {
        let frame = imageFrame
        guard frame.width > 0, frame.height > 0 else { return .zero }
        return CropPoint(x: (viewPoint.x - frame.minX) / frame.width,
                         y: (viewPoint.y - frame.minY) / frame.height)
    }

    /// The view point of a normalized image point.
    public func viewPoint(_ normalized: CropPoint) -> CropPoint {
        let frame = imageFrame
        return CropPoint(x: frame.minX + normalized.x * frame.width,
                         y: frame.minY + normalized.y * frame.height)
    }

    /// A view-point translation as a normalized one (divided by the image's on-screen size).
    public func normalizedDelta(_ viewDelta: CropSize) -> CropSize {
        let frame = imageFrame
        guard frame.width > 0, frame.height > 0 else { return .zero }
        return CropSize(width: viewDelta.width / frame.width, height: viewDelta.height / frame.height)
    }

    /// A normalized rectangle as drawn in view points.
    public func viewRect(_ normalized: CropRect) -> CropRect {
        let frame = imageFrame
        return CropRect(x: frame.minX + normalized.x * frame.width,
                        y: frame.minY + normalized.y * frame.height,
                        width: normalized.width * frame.width,
                        height: normalized.height * frame.height)
    }
}
