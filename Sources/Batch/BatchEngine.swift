// The batch engine: hands jobs to a runner's slots side by side, reports progress as each ends, and cancels. No GTK.

import Foundation

/// Runs many jobs through a `BatchRunner`, as many at once as it has slots, in the order given.
/// The command line drives it with a progress line; the window with a progress bar and Cancel.
///
///     let runner = ProcessRunner(executable: WorkerExecutable.locate()!, slots: 4)
///     let outcomes = BatchEngine(runner: runner).run(jobs) { progress in … }   // blocks; call off the main thread
public final class BatchEngine: @unchecked Sendable {
    private let runner: BatchRunner
    /// Guards the tally and serializes `progress` calls.
    private let lock = NSLock()
    /// Guards `cancelled` alone, so `cancel()` never waits for a `progress` call (which may itself be
    /// waiting for the thread that cancels, e.g. the window's main thread).
    private let cancelLock = NSLock()
    private var cancelled = false

    public init(runner: BatchRunner) { self.runner = runner }

    /// Does every job and returns their outcomes in the jobs' order; blocks until all ended or the
    /// batch was cancelled (jobs never started, and those stopped, end `cancelled`). `progress` is
    /// called once before any job ends, then after each, one call at a time, from the engine's threads.
    /// The runner is closed at the end.
    public func run(_ jobs: [BatchJob], progress: @escaping @Sendable (BatchProgress) -> Void = { _ in }) -> [BatchOutcome] {
        let start = Date()
        let tally = Tally(count: jobs.count)
        progress(BatchProgress(done: 0, total: jobs.count, failed: 0, elapsed: 0, latest: nil))
        let group = DispatchGroup()
        let slots = min(runner.slots, jobs.count)
        // A worker ends with the thread that started it (Linux's parent-death signal follows the
        // thread, not the process): each slot's thread lives on until the runner has closed its
        // workers, so they end by closing, having reaped their decoders, not by that signal.
        let closed = DispatchSemaphore(value: 0)
        for slot in 0..<slots {
            group.enter()
            let thread = Thread { [self] in
                defer { closed.wait() }
                defer { group.leave() }
                while true {
                    let stopped = isCancelled
                    lock.lock()
                    guard !stopped, tally.next < jobs.count else {
                        lock.unlock()
                        return
                    }
                    let index = tally.next
                    tally.next += 1
                    lock.unlock()
                    let outcome = runner.run(jobs[index], slot: slot)
                    lock.lock()
                    tally.outcomes[index] = outcome
                    if outcome.status != .cancelled { tally.done += 1 }
                    if outcome.status == .failed { tally.failed += 1 }
                    // Reported under the lock: one call at a time, counts in order.
                    progress(
                        BatchProgress(
                            done: tally.done, total: jobs.count, failed: tally.failed,
                            elapsed: Date().timeIntervalSince(start), latest: (index, jobs[index], outcome)))
                    lock.unlock()
                }
            }
            // Each thread mostly waits on its worker; a small stack is plenty.
            thread.stackSize = 1 << 20
            thread.start()
        }
        group.wait()
        runner.close()
        for _ in 0..<slots { closed.signal() }
        return tally.outcomes
    }

    /// The batch's shared counts, touched only under `lock`.
    private final class Tally: @unchecked Sendable {
        var outcomes: [BatchOutcome]
        var next = 0, done = 0, failed = 0
        init(count: Int) { outcomes = Array(repeating: BatchOutcome(status: .cancelled), count: count) }
    }

    /// Starts no more jobs and stops those in flight (their temporary files removed). Any thread.
    public func cancel() {
        cancelLock.lock()
        cancelled = true
        cancelLock.unlock()
        runner.stop()
    }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool {
        cancelLock.lock()
        defer { cancelLock.unlock() }
        return cancelled
    }
}
