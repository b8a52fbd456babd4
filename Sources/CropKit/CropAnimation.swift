// The frame's path between two crops while an animated change (reset) plays: timing and easing in one place.

/// An animated move of the drawn frame from one crop to another; the committed crop is already
/// the destination, this only says what to draw meanwhile.
public struct CropAnimation: Hashable, Sendable {
    /// How long a reset takes, in seconds: as long as GNOME's short transitions.
    public static let resetDuration = 0.2

    public var from: CropRect
    public var to: CropRect
    public var start: Double
    public var duration: Double

    public init(from: CropRect, to: CropRect, start: Double, duration: Double = CropAnimation.resetDuration) {
        self.from = from; self.to = to; self.start = start; self.duration = duration
    }

    /// Whether the animation has reached its end at `time` (seconds, same clock as `start`).
    public func isFinished(at time: Double) -> Bool { time >= start + duration || duration <= 0 }

    /// The crop to draw at `time`: ease-out cubic between the two, exactly `to` at the end.
    public func rect(at time: Double) -> CropRect {
        guard duration > 0 else { return to }
        let t = min(max((time - start) / duration, 0), 1)
        guard t < 1 else { return to }
        let eased = 1 - (1 - t) * (1 - t) * (1 - t)
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * eased }
        return CropRect(
            x: mix(from.x, to.x), y: mix(from.y, to.y),
            width: mix(from.width, to.width), height: mix(from.height, to.height))
    }
}
