// The batch runner with N long-lived crop-editor workers: libvips works one pipeline at a time, so parallel work needs processes.

import Foundation
import Glibc

/// `slots` children of `executable` started as `BatchWorker`s, each on a socket of its own, started
/// when their slot first gets a job and again after one ended unexpectedly (a crash fails only the
/// job it was doing). Every job of a slot goes to the same process, so start-up is paid once per slot.
public final class ProcessRunner: BatchRunner, @unchecked Sendable {
    public let slots: Int
    private let executable: String
    private let lock = NSLock()
    /// Per slot: the running worker, nil before its first job and after it ended.
    private var workers: [Worker?]
    private var stopped = false

    private struct Worker {
        let pid: pid_t
        /// Our end of the socket; the worker's standard input and output are the other.
        let socket: Int32
    }

    /// `executable`: crop-editor (see `WorkerExecutable.locate()`).
    public init(executable: String, slots: Int) {
        self.executable = executable
        self.slots = max(slots, 1)
        workers = Array(repeating: nil, count: max(slots, 1))
    }

    deinit { close() }

    public func run(_ job: BatchJob, slot: Int) -> BatchOutcome {
        let worker: Worker
        switch self.worker(for: slot) {
        case .success(let found): worker = found
        case .failure(let failure): return failure.outcome(job)
        }
        // The temporary file's name is ours, in a folder we hold open: should the worker die
        // mid-write, we remove that name in that folder and nothing else (a path a worker or its
        // decoder sent could name any file of the user's).
        var named = job
        let folder = job.output.map { TemporaryName.openFolder(of: $0) } ?? -1
        defer { if folder >= 0 { Glibc.close(folder) } }
        if folder >= 0 { named.temporaryName = TemporaryName.fresh() }
        if WorkerFrames.send(named, to: worker.socket, socket: true),
            let message = WorkerFrames.receive(WorkerMessage.self, from: worker.socket)
        {
            switch message {
            case .outcome(let outcome): return outcome.escaped(for: job)
            }
        }
        // The worker is gone mid-job: stopped by us, or ended by something else. A stopped worker
        // removes its temporary file itself; one that crashed or was killed outright could not.
        let status = retire(slot: slot, worker)
        if folder >= 0, let name = named.temporaryName { unlinkat(folder, name, 0) }
        lock.lock()
        let cancelled = stopped
        lock.unlock()
        if cancelled { return BatchOutcome(status: .cancelled) }
        return Failure.workerEnded(status).outcome(job)
    }

    public func stop() {
        lock.lock()
        stopped = true
        let running = workers.compactMap { $0 }
        lock.unlock()
        // Each worker removes the temporary file it is writing, then ends (see CInterrupt).
        for worker in running { kill(worker.pid, SIGTERM) }
    }

    public func close() {
        lock.lock()
        let running = workers.enumerated().compactMap { slot, worker in worker.map { (slot, $0) } }
        lock.unlock()
        for (slot, worker) in running { _ = retire(slot: slot, worker) }
    }

    /// The slot's worker, started if it has none.
    private func worker(for slot: Int) -> Result<Worker, Failure> {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return .failure(.stopped) }
        if let worker = workers[slot] { return .success(worker) }
        let started = start()
        if case .success(let worker) = started { workers[slot] = worker }
        return started
    }

    /// Closes our end (the worker reads the end of its jobs and exits) and waits for the process.
    /// Returns how it ended, as `waitpid` says.
    private func retire(slot: Int, _ worker: Worker) -> Int32 {
        lock.lock()
        let current = workers[slot]
        if current?.pid == worker.pid { workers[slot] = nil }
        lock.unlock()
        guard current?.pid == worker.pid else { return 0 }
        Glibc.close(worker.socket)
        var status: Int32 = 0
        while waitpid(worker.pid, &status, 0) < 0, errno == EINTR {}
        return status
    }

    private func start() -> Result<Worker, Failure> {
        var pair: [Int32] = [-1, -1]
        // Close-on-exec: no worker inherits another's socket (it would never see its end).
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            return .failure(.cannotStart(errno))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pair[1], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, pair[1], STDOUT_FILENO)
        // The worker starts with the stop signals' default actions and none blocked, whatever this
        // process did with them (a batch catches them; a test runner blocks them).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t(), none = sigset_t()
        sigemptyset(&defaults)
        sigemptyset(&none)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        // A group of its own: Ctrl+C on a terminal reaches the batch alone, which then stops its
        // workers itself, so a stopped job is known as cancelled, never as a worker that died.
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(executable), strdup(BatchWorker.argument), nil]
        defer { argv.forEach { free($0) } }
        let environment = Self.workerEnvironment.map { strdup($0) } + [nil]
        defer { environment.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
        Glibc.close(pair[1])
        guard status == 0 else {
            Glibc.close(pair[0])
            return .failure(.cannotStart(status))
        }
        return .success(Worker(pid: pid, socket: pair[0]))
    }

    /// Ours, plus glibc's malloc told to keep what a picture freed for the next one and to ask for
    /// transparent huge pages (unless the caller set these); the worker passes them on to its
    /// decoders. Each picture gets a decoder of its own, forked fresh, whose every page the kernel
    /// must fault in and zero: with huge pages (Debian's THP mode is `madvise`) one fault serves
    /// 2 MiB, which cuts a batch's system time (docs/BENCHMARKS.md, "Batches"). Only batches ask for
    /// them: a single crop's start-up, which huge pages slow, is on its critical path. The thresholds (no buffer above 1 GiB to its own mmap, freed memory kept)
    /// let a worker reuse its own pages between pictures.
    private static var workerEnvironment: [String] {
        var variables = ProcessInfo.processInfo.environment
        for name in ["MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_"] where variables[name] == nil {
            variables[name] = "1073741824"
        }
        if variables["GLIBC_TUNABLES"] == nil { variables["GLIBC_TUNABLES"] = "glibc.malloc.hugetlb=1" }
        return variables.map { "\($0.key)=\($0.value)" }
    }

    private enum Failure: Error {
        case stopped
        case cannotStart(Int32)
        case workerEnded(Int32)

        func outcome(_ job: BatchJob) -> BatchOutcome {
            let reason: String
            switch self {
            case .stopped: return BatchOutcome(status: .cancelled)
            case .cannotStart(let code):
                reason = "could not start a worker process: \(String(cString: strerror(code)))"
            case .workerEnded(let status):
                // WIFSIGNALED/WTERMSIG are macros Swift cannot call: the low 7 bits are the signal.
                let signal = status & 0x7f
                reason =
                    signal != 0 && signal != 0x7f
                    ? "the worker process doing it ended unexpectedly (signal \(signal))"
                    : "the worker process doing it ended unexpectedly (exit status \((status >> 8) & 0xff))"
            }
            return BatchOutcome(status: .failed, lines: [oneLine("crop-editor: \(job.image): \(reason)")])
        }
    }
}

/// The names a batch gives its workers' temporary files, in folders it holds open.
enum TemporaryName {
    /// A hidden, unique name, as the command line's own temporaries are named.
    static func fresh() -> String { ".cropeditor-\(UUID().uuidString.prefix(8)).tmp" }

    /// The folder `output` is written into, opened to name files in, or -1.
    static func openFolder(of output: String) -> Int32 {
        let folder = (output as NSString).deletingLastPathComponent
        return open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
}

extension BatchOutcome {
    /// The outcome with its lines made safe to print: one line each, control characters escaped
    /// (a worker's words reach a terminal; an escape sequence there could rewrite what it shows).
    /// A status other than the three, or more lines than a job prints, is the worker's fault; so is
    /// a cause longer than any error's encoding (it is dropped, the lines still say why).
    func escaped(for job: BatchJob) -> BatchOutcome {
        BatchOutcome(
            status: status, lines: lines.prefix(8).map(escapingControls),
            cause: status == .failed && (cause?.count ?? 0) <= 16384 ? cause : nil,
            lossless: lossless && status == .succeeded)
    }
}

/// `text` with each control character (a newline, an escape) written as `\u{1B}`, so a line
/// stays one line and a terminal shows it as text.
public func escapingControls(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
        if scalar.properties.generalCategory == .control {
            escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
            escaped.unicodeScalars.append(scalar)
        }
    }
    return escaped
}

/// `text` with control characters (line breaks in file names or library messages) as spaces, so a
/// failure stays the one line scripts read.
public func oneLine(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
}
