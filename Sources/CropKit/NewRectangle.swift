// Drawing a new crop by dragging out a rectangle outside the current frame.

/// A rectangle being dragged out from a press point, in normalized units.
public struct NewRectangle: Hashable, Sendable {
    /// Below this many view points on either side a release is a click, not a new crop (a click's slip makes none).
    public static let minimumDragPoints = 4.0

    /// The press point, clamped to the image.
    public var anchor: CropPoint
    /// The pointer now, clamped to the image.
    public var current: CropPoint

    public init(anchor: CropPoint, current: CropPoint) {
        self.anchor = NewRectangle.clampedToImage(anchor)
        self.current = NewRectangle.clampedToImage(current)
    }

    /// The rectangle spanned from the anchor to the pointer, in any direction, inside the image.
    public var spanned: CropRect {
        CropRect(
            left: min(anchor.x, current.x), top: min(anchor.y, current.y),
            right: max(anchor.x, current.x), bottom: max(anchor.y, current.y))
    }

    /// Whether the drag is big enough to count, given the image's size on screen in points.
    public func isLargeEnough(onScreen imageSize: CropSize) -> Bool {
        let r = spanned
        return r.width * imageSize.width >= NewRectangle.minimumDragPoints
            && r.height * imageSize.height >= NewRectangle.minimumDragPoints
    }

    /// The crop this drag would commit: the spanned rectangle grown, away from the anchor, to the
    /// minimum side where it is smaller, and kept inside the image.
    public func crop(minimumSide: Double = CropHandle.defaultMinimumSide) -> CropRect {
        let side = CropHandle.clampedMinimumSide(minimumSide)
        let r = spanned
        let (left, right) = NewRectangle.grow(r.minX, r.maxX, side: side, towardsHigh: current.x >= anchor.x)
        let (top, bottom) = NewRectangle.grow(r.minY, r.maxY, side: side, towardsHigh: current.y >= anchor.y)
        return CropRect(left: left, top: top, right: right, bottom: bottom)
    }

    private static func grow(_ low: Double, _ high: Double, side: Double, towardsHigh: Bool) -> (Double, Double) {
        guard high - low < side else { return (low, high) }
        if towardsHigh {
            let end = min(low + side, 1)
            return (end - side, end)
        }
        let start = max(high - side, 0)
        return (start, start + side)
    }

    private static func clampedToImage(_ p: CropPoint) -> CropPoint {
        // ±infinity clamps to the nearer border; NaN (no position at all) counts as the origin.
        CropPoint(x: p.x.isNaN ? 0 : min(max(p.x, 0), 1), y: p.y.isNaN ? 0 : min(max(p.y, 0), 1))
    }
}
