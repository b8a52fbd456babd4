// The seam between the batch engine and what does a job: N slots, each running one job at a time.

/// Does jobs for `BatchEngine`, one per slot at a time, slots side by side. `ProcessRunner` is the
/// one there is: child processes of crop-editor. A confined decoder pool can take its place.
public protocol BatchRunner: AnyObject, Sendable {
    /// How many jobs may run at once.
    var slots: Int { get }
    /// Runs `job` in `slot` (0 ..< slots) and returns how it ended; blocks until then. Never throws:
    /// a runner that fails says so as the job's failure.
    func run(_ job: BatchJob, slot: Int) -> BatchOutcome
    /// Stops every job in flight (each removes its temporary file; they end `cancelled`) and refuses
    /// new ones. Safe from any thread, also while `run` blocks elsewhere.
    func stop()
    /// Ends the slots once no job runs (their processes exit and are waited for).
    func close()
}
