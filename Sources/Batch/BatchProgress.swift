// How far a batch is: done of total, failures, and the time left estimated from the pace so far.

import Foundation

public struct BatchProgress: Sendable {
    /// Jobs ended (succeeded or failed), of `total`.
    public let done: Int
    public let total: Int
    public let failed: Int
    /// Seconds since the batch started.
    public let elapsed: Double
    /// The job that just ended and how, nil for the first report (nothing done yet).
    public let latest: (index: Int, job: BatchJob, outcome: BatchOutcome)?

    public init(done: Int, total: Int, failed: Int, elapsed: Double, latest: (index: Int, job: BatchJob, outcome: BatchOutcome)?)
    {
        self.done = done
        self.total = total
        self.failed = failed
        self.elapsed = elapsed
        self.latest = latest
    }

    /// Seconds left at the pace so far (jobs run side by side, so elapsed ÷ done already counts
    /// them); nil until a job has ended.
    public var secondsLeft: Double? {
        guard done > 0 else { return nil }
        return elapsed / Double(done) * Double(total - done)
    }
}
