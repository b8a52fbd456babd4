// The fixed-frame mode (an avatar editor's): the frame stays put in the view and the picture pans and zooms beneath it.

/// The layout of the fixed-frame mode: the frame has the crop's proportions, is as large as the
/// view allows inside `margin`, and stays centred; the picture is placed so the crop fills it.
/// The crop stays the one source of truth, so both modes produce (and keep) the same crop.
public struct FixedFrame: Hashable, Sendable {
    /// Room kept between the frame and the view's edges, in view points, so the dimmed picture
    /// around the frame shows what panning would bring in.
    public static let margin = 48.0

    /// The picture's size in pixels as shown.
    public var imageWidth: Int
    public var imageHeight: Int
    public var viewSize: CropSize
    public var margin: Double

    public init(imageWidth: Int, imageHeight: Int, viewSize: CropSize, margin: Double = FixedFrame.margin) {
        self.imageWidth = max(imageWidth, 1)
        self.imageHeight = max(imageHeight, 1)
        self.viewSize = viewSize
        self.margin = margin
    }

    /// The frame in view points for `crop`: its proportions in pixels, fitted inside the margin, centred.
    public func frame(for crop: CropRect) -> CropRect {
        let crop = crop.sanitized
        let pixelWidth = crop.width * Double(imageWidth), pixelHeight = crop.height * Double(imageHeight)
        let available = CropSize(width: max(viewSize.width - 2 * margin, 1), height: max(viewSize.height - 2 * margin, 1))
        let scale = min(available.width / pixelWidth, available.height / pixelHeight)
        let width = pixelWidth * scale, height = pixelHeight * scale
        return CropRect(x: (viewSize.width - width) / 2, y: (viewSize.height - height) / 2, width: width, height: height)
    }

    /// The viewport that shows `crop` exactly inside `frame(for: crop)`.
    public func viewport(for crop: CropRect) -> Viewport {
        let crop = crop.sanitized
        let frame = frame(for: crop)
        var viewport = Viewport(imageWidth: imageWidth, imageHeight: imageHeight, viewSize: viewSize)
        let fit = viewport.fitScale
        // The picture's on-screen width makes the crop's width the frame's.
        let shownWidth = frame.width / crop.width, shownHeight = frame.height / crop.height
        guard fit > 0, shownWidth.isFinite, shownHeight.isFinite else { return viewport }
        viewport.zoom = ZoomState(
            zoom: shownWidth / (Double(imageWidth) * fit),
            center: CropPoint(
                x: crop.x + (viewSize.width / 2 - frame.minX) / shownWidth,
                y: crop.y + (viewSize.height / 2 - frame.minY) / shownHeight))
        return viewport
    }

    /// The crop after `gesture` moved and zoomed the picture under the frame: the image point
    /// under the anchor stays under it, the picture follows the travel, and the crop stays inside
    /// the picture, no smaller than `minimumSide` and never magnified past 16 points per pixel.
    public func applying(
        _ gesture: ViewGesture, to crop: CropRect,
        minimumSide: Double = CropHandle.defaultMinimumSide
    ) -> CropRect {
        let crop = crop.sanitized
        let frame = frame(for: crop)
        guard frame.width > 0, frame.height > 0 else { return crop }
        // Zooming the picture in by k makes the crop k times smaller.
        let largest = min(1 / crop.width, 1 / crop.height)
        let smallest = max(
            minimumSide / min(crop.width, crop.height),
            frame.width / (Viewport.maximumPixelScale * Double(imageWidth) * crop.width))
        let shrink = smallest <= largest ? min(max(1 / gesture.scale, smallest), largest) : 1
        let size = CropSize(width: crop.width * shrink, height: crop.height * shrink)
        // The anchor's place in the frame, as a fraction (it may lie outside the frame).
        let u = (gesture.anchor.x - frame.minX) / frame.width, v = (gesture.anchor.y - frame.minY) / frame.height
        let pinned = CropPoint(x: crop.x + u * crop.width, y: crop.y + v * crop.height)
        // The picture follows the travel, so the crop moves the other way.
        let x = pinned.x - u * size.width - gesture.translation.width / frame.width * size.width
        let y = pinned.y - v * size.height - gesture.translation.height / frame.height * size.height
        return CropRect(
            x: min(max(x, 0), 1 - size.width), y: min(max(y, 0), 1 - size.height),
            width: size.width, height: size.height
        ).sanitized
    }
}
