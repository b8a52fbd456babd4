// A pan or zoom gesture in progress, kept apart from the committed zoom so nothing jumps or flickers when one starts.

/// How far a pan or zoom gesture has gone since it began. It is applied on top of what was
/// committed before the gesture, never written into it until the gesture ends: at the start
/// (scale 1, no travel) the view is exactly the committed one, wherever the gesture began.
public struct ViewGesture: Hashable, Sendable {
    /// Where the gesture began, in view points: the pinch's centre, the pointer for a pan.
    public var anchor: CropPoint
    /// Magnification since the start (1 = none; above 1 zooms in).
    public var scale: Double
    /// Travel since the start, in view points (the picture follows it).
    public var translation: CropSize

    public init(anchor: CropPoint, scale: Double = 1, translation: CropSize = .zero) {
        self.anchor = anchor
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.translation = translation.width.isFinite && translation.height.isFinite ? translation : .zero
    }

    /// The handle mode: the committed viewport zoomed around the anchor, then panned.
    public func applied(to viewport: Viewport) -> Viewport {
        viewport.zoomed(by: scale, around: anchor).panned(by: translation)
    }
}
