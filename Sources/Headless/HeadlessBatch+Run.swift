// Running a batch: worker processes, the progress line on a terminal, failure lines, the exit status, stopping on a signal.

import Batch
import CInterrupt
import Foundation
import Glibc
import ImagingCore

extension HeadlessBatch {
    /// Runs the plan and returns the exit status: 0 when every image was cropped, 1 when some
    /// were not. Stopped by SIGINT, SIGTERM or SIGHUP it stops its workers (each removes its
    /// temporary file; finished results stay) and ends by that signal: it does not return.
    func run() -> Int32 {
        let terminal = isatty(STDERR_FILENO) == 1
        var failed = false
        for case .refused(let error) in plan {
            failed = true
            write(error.line + "\n")
        }
        let jobs = plan.compactMap { planned -> BatchJob? in
            if case .job(let job) = planned { return job }
            return nil
        }
        if let directory, !jobs.isEmpty, let reason = Self.makeFolder(directory) {
            write(HeadlessError(image: directory, .failure(.outputFolderUnmade(reason: reason))).line + "\n")
            return HeadlessError.badImageStatus
        }
        guard !jobs.isEmpty else { return failed ? HeadlessError.badImageStatus : 0 }
        guard let executable = WorkerExecutable.locate() else {
            write(HeadlessError(image: nil, .failure(.workerProgramMissing)).line + "\n")
            return HeadlessError.badImageStatus
        }
        let engine = BatchEngine(
            runner: ProcessRunner(executable: executable, slots: min(jobs.count, self.jobs)))
        cancelOnStopSignals(engine)
        let refused = plan.count - jobs.count
        let outcomes = engine.run(jobs) { progress in
            var text = ""
            if let latest = progress.latest, !latest.outcome.lines.isEmpty {
                text += (terminal ? ProgressLine.clear : "") + latest.outcome.lines.joined(separator: "\n") + "\n"
            }
            if terminal { text += ProgressLine.clear + ProgressLine.text(progress, refused: refused) }
            write(text)
        }
        if terminal { write("\n") }
        ci_block_stops()
        let signal = ci_received_stop()
        if signal != 0 { ci_end_by_signal(signal) }
        return failed || outcomes.contains { $0.status != .succeeded } ? HeadlessError.badImageStatus : 0
    }

    /// Makes `path` and the folders above it that are missing; nil when it is a folder now, else
    /// why not (the system's words, or which part is a file).
    static func makeFolder(_ path: String) -> String? {
        var partial = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            partial += (partial.isEmpty || partial.hasSuffix("/") ? "" : "/") + component
            guard mkdir(partial, 0o777) != 0 else { continue }
            let failure = errno
            var info = stat()
            if stat(partial, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR else { return "\(partial) is a file, not a folder" }
                continue
            }
            return String(cString: strerror(failure))
        }
        return nil
    }

    private func write(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { AtomicFile.writeAll($0, to: STDERR_FILENO) }
    }
}

/// SIGINT, SIGTERM and SIGHUP during a batch: the handler only writes the signal's number to a
/// pipe; a thread reading it cancels the engine, whose workers then stop, and the batch ends by it.
private func cancelOnStopSignals(_ engine: BatchEngine) {
    var pipe: [Int32] = [-1, -1]
    guard Glibc.pipe(&pipe) == 0 else { return }
    // Close-on-exec: the workers must not hold the pipe.
    for end in pipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    ci_notify_stops(pipe[1])
    let reader = pipe[0]
    Thread.detachNewThread {
        var byte: UInt8 = 0
        while Glibc.read(reader, &byte, 1) < 0, errno == EINTR {}
        engine.cancel()
    }
}
