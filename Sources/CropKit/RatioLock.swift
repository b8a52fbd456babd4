// The arithmetic every ratio-locked frame shares: its height limits, the corner projection, and placing a side inside 0…1.

/// A width:height ratio in normalized units with the minimum side, as limits on the frame's
/// height (the width is always `ratio × height`).
///
/// Both sides must be at least the minimum side, so the height must be at least
/// `side × max(1, 1/ratio)`; and the frame must fit the unit square, so at most `min(1, 1/ratio)`.
/// When the first exceeds the second (a ratio more extreme than `side : 1` or `1 : side`) the
/// ratio wins: the minimum becomes the largest frame of that ratio, full length on its long axis.
struct RatioLock {
    let ratio: Double
    let minimumHeight: Double
    let maximumHeight: Double

    /// Nil for no ratio, and for one that is not a positive finite number (treated as free).
    init?(ratio: Double?, minimumSide: Double) {
        guard let ratio, ratio.isFinite, ratio > 0 else { return nil }
        let side = CropHandle.clampedMinimumSide(minimumSide)
        self.ratio = ratio
        maximumHeight = min(1, 1 / ratio)
        minimumHeight = min(side * max(1, 1 / ratio), maximumHeight)
    }

    /// The width of a frame of height `height`; never over 1, which only trims rounding error.
    func width(forHeight height: Double) -> Double { min(ratio * height, 1) }

    /// The height to use for a wanted one, given the `room` (in height units) from the anchor to
    /// the borders: never more than the room or the unit square allows, and never under the
    /// minimum, which wins over the room (the frame is then shifted back inside by `place`).
    /// With a start frame that already meets the minimum the room always allows it, so the anchor holds.
    func height(_ wanted: Double, room: Double) -> Double {
        let wanted = wanted.isNaN ? minimumHeight : wanted
        return max(min(wanted, room, maximumHeight), minimumHeight)
    }

    /// The height whose corner is nearest the pointer's extent `width × height` from the anchor
    /// (signed: negative when the pointer crossed the anchor), measured as on screen: `imageAspect`
    /// (the picture's pixel width ÷ height) scales x, because a viewport shows pixels square.
    func projectedHeight(width: Double, height: Double, imageAspect: Double) -> Double {
        let aspect = imageAspect.isFinite && imageAspect > 0 ? imageAspect : 1
        // Least squares of (aspect·(width − ratio·t), height − t) over t.
        let k = aspect * aspect * ratio
        let denominator = k * ratio + 1
        guard denominator.isFinite else { return width / ratio }
        return (k * width + height) / denominator
    }

    /// One axis of a side of `length` (≤ 1) that starts at `anchor` (in 0…1) and runs up
    /// (`towardsHigh`) or down from it; shifted to lie in 0…1 when it does not fit. The anchor
    /// edge is returned exactly when it is kept.
    static func place(from anchor: Double, length: Double, towardsHigh: Bool) -> (low: Double, high: Double) {
        if towardsHigh {
            return anchor + length <= 1 ? (anchor, anchor + length) : (1 - length, 1)
        }
        return anchor - length >= 0 ? (anchor - length, anchor) : (0, length)
    }

    /// One axis of a side of `length` (≤ 1) centred on `centre`, shifted to lie in 0…1.
    static func centred(on centre: Double, length: Double) -> (low: Double, high: Double) {
        let low = min(max(centre - length / 2, 0), 1 - length)
        return (low, low + length)
    }
}
