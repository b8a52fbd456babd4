// Marks from a launch (or a Page Down) to the first frame, printed only when CROP_EDITOR_TRACE is set (scripts/bench-launch).

import Glibc

/// Where a launch spends its time, as lines on standard error: `crop-editor: trace MS PID WHAT`,
/// MS being the monotonic clock in milliseconds, so a program that started ours (the benchmark's
/// screen probe) can subtract its own start. Off, a mark costs one test of a flag read once.
public enum LaunchTrace {
    /// Read once: the variable is the only switch, so a user's run prints nothing.
    private static let enabled = getenv("CROP_EDITOR_TRACE") != nil
    /// Lines from several threads stay whole.
    private static let lock = Mutex()

    /// Marks that the launch reached `phase` now (every time: a cache is rebuilt on every resize, and
    /// the benchmark reads each phase's first mark).
    public static func mark(_ phase: String) {
        guard enabled else { return }
        lock.locked {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let ms = Double(now.tv_sec) * 1e3 + Double(now.tv_nsec) / 1e6
            let line = "crop-editor: trace \(String(format3(ms))) \(getpid()) \(phase)\n"
            _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        }
    }

    /// Milliseconds with three decimals, without Foundation (this module links nothing).
    private static func format3(_ ms: Double) -> String {
        let micros = Int64((ms * 1e3).rounded())
        let fraction = String(micros % 1000)
        return "\(micros / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    /// A pthread mutex: marks come from the main thread and from decoding threads.
    private final class Mutex: @unchecked Sendable {
        private var mutex = pthread_mutex_t()
        init() { pthread_mutex_init(&mutex, nil) }
        func locked(_ body: () -> Void) {
            pthread_mutex_lock(&mutex)
            body()
            pthread_mutex_unlock(&mutex)
        }
    }
}
