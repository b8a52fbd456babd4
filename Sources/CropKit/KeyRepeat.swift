// When a held key's frames may be quick: a key that comes soon after the one before is the keyboard repeating it.

/// Tells a key held down (the keyboard repeating it) from one press. While a key repeats, each
/// frame is drawn the quick way, so the frames keep up with the repeat rate however large the
/// photo or the screen; the sharp frame follows once the key has been let go. One press, or
/// presses slower than the repeat, are drawn sharp at once.
public struct KeyRepeat: Sendable, Equatable {
    /// A press this soon after the one before is a repeat: GNOME's default delay before a held
    /// key repeats is 500 ms, its interval 30 ms.
    public static let repeatWindow: Duration = .milliseconds(600)
    /// How long after the last repeat the key counts as let go and the sharp frame is drawn: a few
    /// repeat intervals, so a held key never gets a sharp frame between two repeats.
    public static let settleDelay: Duration = .milliseconds(150)

    /// When the last press came, on any monotonic clock.
    public private(set) var lastPress: ContinuousClock.Instant?
    /// Whether the last press was a repeat of the one before (its frame is drawn quick).
    public private(set) var isRepeating = false

    public init() {}

    /// A press at `now`. Returns whether it repeats the one before.
    @discardableResult
    public mutating func press(at now: ContinuousClock.Instant) -> Bool {
        isRepeating = lastPress.map { now - $0 < KeyRepeat.repeatWindow } ?? false
        lastPress = now
        return isRepeating
    }

    /// Whether, at `now`, the key has been let go long enough for the sharp frame.
    public func isSettled(at now: ContinuousClock.Instant) -> Bool {
        guard isRepeating, let lastPress else { return true }
        return now - lastPress >= KeyRepeat.settleDelay
    }

    /// Ends a repeat once settled (the sharp frame is drawn next); the next press starts afresh
    /// only if it comes after the repeat window.
    public mutating func settle(at now: ContinuousClock.Instant) {
        if isSettled(at: now) { isRepeating = false }
    }
}
