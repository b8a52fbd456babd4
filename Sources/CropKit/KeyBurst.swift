// Keys pressed one after another (a key held down repeats): their frames are quick, the sharp one comes once they stop.

/// A burst of presses of one kind of key, such as `]` held down. Each press starts or continues
/// the burst; while it lasts, frames are drawn the quick way, so they keep up with the keyboard's
/// repeat however large the photo or the screen; the sharp frame follows once no press has come
/// for `settleDelay`. A single press is a burst of one: its quick frame, then the sharp one. (A
/// sharp frame of a large turned photo on a large screen takes several repeat intervals, so drawing
/// it at each press would hold the window still, and a held key for ever.)
public struct KeyBurst: Sendable, Equatable {
    /// How long after the last press the burst ends and the sharp frame is drawn: several repeat
    /// intervals (GNOME repeats a held key every 30 ms, after 500 ms), so a held key never gets a
    /// sharp frame between two repeats, and a single press gets its sharp frame soon after.
    public static let settleDelay: Duration = .milliseconds(150)

    /// When the last press came, on a monotonic clock.
    public private(set) var lastPress: ContinuousClock.Instant?
    /// Whether a burst is going on (its frames are quick).
    public private(set) var isActive = false

    public init() {}

    /// A press at `now`: the burst starts or goes on.
    public mutating func press(at now: ContinuousClock.Instant) {
        lastPress = now
        isActive = true
    }

    /// Whether, at `now`, no press has come for long enough for the sharp frame.
    public func isSettled(at now: ContinuousClock.Instant) -> Bool {
        guard isActive, let lastPress else { return true }
        return now - lastPress >= KeyBurst.settleDelay
    }

    /// Ends the burst if it has settled (the sharp frame is drawn next); earlier, changes nothing.
    public mutating func settle(at now: ContinuousClock.Instant) {
        if isSettled(at: now) { isActive = false }
    }
}
