// The whole numbers people see and hear for a crop; the editor puts them into translated words.

/// A crop's left and top edges, width and height in whole percent of the picture.
public struct CropPercentages: Hashable, Sendable {
    public let left: Int
    public let top: Int
    public let width: Int
    public let height: Int

    public init(left: Int, top: Int, width: Int, height: Int) {
        (self.left, self.top, self.width, self.height) = (left, top, width, height)
    }
}

extension CropRect {
    /// A fraction as a whole percent, rounded (halves away from zero), as the labels and the screen reader say it.
    /// Out-of-range input (never in a sanitized crop) is clamped rather than trapping.
    static func percent(_ fraction: Double) -> Int {
        guard !fraction.isNaN else { return 0 }
        return Int((min(max(fraction, -1e6), 1e6) * 100).rounded())
    }

    /// What the screen reader speaks and the size label shows, e.g. left 10, top 10, width 80, height 80.
    public var percentages: CropPercentages {
        CropPercentages(
            left: CropRect.percent(minX), top: CropRect.percent(minY),
            width: CropRect.percent(width), height: CropRect.percent(height))
    }
}
