// Apply to All's saving: the batch engine's worker processes on every core, driven off the main thread, reporting back on it.

import Batch
import Foundation

/// One batch of crops written by crop-editor worker processes (`BatchEngine` over `ProcessRunner`),
/// one per core: libvips serializes its work within a process, so the cores need processes. The
/// engine blocks, so it runs on a thread of its own; progress and the end come back on the main actor.
@MainActor
final class PhotoBatch {
    private let engine: BatchEngine
    private(set) var isCancelled = false

    /// Starts `jobs` at once; nil when crop-editor (the workers' program) is not installed beside the window.
    init?(
        _ jobs: [BatchJob], progress: @escaping @MainActor (BatchProgress) -> Void,
        finished: @escaping @MainActor ([BatchOutcome]) -> Void
    ) {
        guard let executable = WorkerExecutable.locate() else { return nil }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        engine = BatchEngine(runner: ProcessRunner(executable: executable, slots: max(min(cores, jobs.count), 1)))
        let engine = engine
        Thread.detachNewThread {
            let outcomes = engine.run(jobs) { report in
                Task { @MainActor in progress(report) }
            }
            Task { @MainActor in finished(outcomes) }
        }
    }

    /// Starts no more crops and stops those being written (each worker removes its temporary file).
    func cancel() {
        isCancelled = true
        engine.cancel()
    }
}
