// The nine draggable parts of a crop frame and how dragging each one changes a normalized crop.

/// A part of the crop frame that can be dragged. Rectangles are normalized, from 0 to 1.
public enum CropHandle: String, CaseIterable, Hashable, Sendable {
    case body, top, right, bottom, left, topLeft, topRight, bottomRight, bottomLeft

    /// The smallest side a frame may have by default, as a fraction of the image (15 %).
    public static let defaultMinimumSide = 0.15
    /// Bounds of any minimum side a caller asks for: never under 1 % and never over the whole image.
    public static let minimumSideRange: ClosedRange<Double> = 0.01...1

    public var movesLeft: Bool { self == .left || self == .topLeft || self == .bottomLeft }
    public var movesRight: Bool { self == .right || self == .topRight || self == .bottomRight }
    public var movesTop: Bool { self == .top || self == .topLeft || self == .topRight }
    public var movesBottom: Bool { self == .bottom || self == .bottomLeft || self == .bottomRight }
    public var isCorner: Bool { self == .topLeft || self == .topRight || self == .bottomRight || self == .bottomLeft }
    public var isEdge: Bool { self == .top || self == .right || self == .bottom || self == .left }

    /// The minimum side actually used for a requested one.
    public static func clampedMinimumSide(_ side: Double) -> Double {
        guard !side.isNaN else { return defaultMinimumSide }
        return min(max(side, minimumSideRange.lowerBound), minimumSideRange.upperBound)
    }

    /// The crop after dragging this handle by `delta` (normalized units), by these rules:
    /// the body moves with its size unchanged and stays inside the unit square; an edge or a
    /// corner moves only its own sides, each kept within [0, 1] and never closer than the
    /// minimum side to the opposite side.
    public func adjusting(
        _ rect: CropRect, by delta: CropSize,
        minimumSide: Double = CropHandle.defaultMinimumSide
    ) -> CropRect {
        let dx = delta.width.isFinite ? delta.width : 0
        let dy = delta.height.isFinite ? delta.height : 0
        if self == .body {
            return CropRect(
                x: min(max(rect.minX + dx, 0), max(1 - rect.width, 0)),
                y: min(max(rect.minY + dy, 0), max(1 - rect.height, 0)),
                width: rect.width, height: rect.height)
        }
        let side = CropHandle.clampedMinimumSide(minimumSide)
        var left = rect.minX, right = rect.maxX, top = rect.minY, bottom = rect.maxY
        if movesLeft { left = max(min(left + dx, right - side), 0) }
        if movesRight { right = min(max(right + dx, left + side), 1) }
        if movesTop { top = max(min(top + dy, bottom - side), 0) }
        if movesBottom { bottom = min(max(bottom + dy, top + side), 1) }
        return CropRect(left: left, top: top, right: right, bottom: bottom)
    }
}
