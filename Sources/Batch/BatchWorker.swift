// The worker side of ProcessRunner: a crop-editor child reading jobs on standard input, answering on standard output.

import CInterrupt
import Glibc

public enum BatchWorker {
    /// The hidden argument that starts crop-editor as a worker (`crop-editor --internal-batch-worker`).
    public static let argument = "--internal-batch-worker"

    /// Whether crop-editor was started as a worker (exactly the one hidden argument).
    public static func isWorker(_ arguments: [String]) -> Bool { arguments.count == 2 && arguments[1] == argument }

    /// Answers jobs until the batch closes the pipe; returns the exit status. `perform` does one
    /// job in this process (the start-up, libraries and all, is paid once per worker, not per image).
    /// The worker ends with its parent: a batch killed outright stops its workers too.
    public static func serve(_ perform: (BatchJob) -> BatchOutcome) -> Int32 {
        ci_end_with_parent()
        // A stop that comes while a finished result is renamed into place waits for its report:
        // the batch counts every result it finds written.
        ci_hold_stops_until_reported()
        while let job = WorkerFrames.receive(BatchJob.self, from: STDIN_FILENO) {
            let outcome = perform(job)
            pauseBeforeReportForTests()
            let sent = WorkerFrames.send(WorkerMessage.outcome(outcome), to: STDOUT_FILENO, socket: true)
            ci_job_reported()
            guard sent else { return 1 }
        }
        return 0
    }

    /// Debug builds only, under the test harness's variable: the worker waits this many seconds
    /// between writing a result and reporting it, so a test can stop it in exactly that gap.
    private static func pauseBeforeReportForTests() {
        #if DEBUG
            if let text = getenv("CROP_EDITOR_WORKER_TEST_REPORT_PAUSE"), let seconds = UInt32(String(cString: text)) {
                sleep(seconds)
            }
        #endif
    }
}
