// The pool of confined decoders: lending one per job, spares started ahead, the zygote that forks them, shutdown.
//
// The jobs themselves, one function each, are in DecoderPool+Jobs.swift (reading a picture) and
// DecoderPool+Writing.swift (exports and sidecars); how a job's files are opened, in PictureFiles.swift.

import CDecoderSupport
import CropKit
import Foundation
import Glibc
import ImagingCore

public final class DecoderPool: @unchecked Sendable {
    /// The process-wide pool.
    public static let shared = DecoderPool(size: 1)

    /// The program's name, found beside the running program or in `PREFIX/libexec/crop-editor/`.
    public static let programName = "crop-editor-decoder"

    /// The opt-out from the confinement check: `CROP_EDITOR_UNCONFINED=i-know-the-risks` lets a
    /// decoder the kernel does not show confined run (with a warning).
    public static let unconfinedOptOut = (variable: "CROP_EDITOR_UNCONFINED", value: "i-know-the-risks")

    /// Each job's wall-clock limit, in seconds: a decoder that loops or crawls on a hostile file is
    /// ended. `CROP_EDITOR_DECODER_TIMEOUT` sets it for a run (the tests make it short).
    public var timeout: Double {
        get { lock.withLock { jobTimeout } }
        set { lock.withLock { jobTimeout = newValue } }
    }

    /// How many fresh processes to keep started ahead, so that the next file's jobs never wait for
    /// a start-up (0 for a command that crops one file; 1 for the window and a batch's workers).
    /// Setting it starts them in the background.
    public var sparesAhead: Int {
        get { lock.withLock { wantedSpares } }
        set {
            lock.withLock { wantedSpares = max(0, newValue) }
            startSparesIfWanted()
        }
    }

    /// For a program that decodes one file and ends (the command line's single crop): each decoder
    /// is started on its own instead of forked by a zygote. A zygote makes every later decoder a
    /// fork instead of a start-up; with one file there is no later one, and its fork would only come
    /// on top of the start. Set before the first job.
    public var decodesOneFile: Bool {
        get { lock.withLock { oneFile } }
        set { lock.withLock { oneFile = newValue } }
    }

    /// Whether a decoder started on its own (`decodesOneFile`) loads libvips' HEIF module. The
    /// command line turns it off when its one file's first bytes say it is not HEIF or AVIF
    /// (`FileSignature`): the module and the libraries it pulls in (libheif and its codecs) are a
    /// large part of a decoder's start-up. A zygote's forks serve any file, so the zygote always loads it.
    /// Set before the first job.
    /// Whether the next decoder started (for one file, or a batch worker's next spare) is the lean one
    /// (`LeanDecoder`), for a JPEG cut plainly; it answers `notMine` for anything else, and the job goes to
    /// a decoder started then.
    public var tryLeanFirst: Bool {
        get { lock.withLock { leanFirst } }
        set { lock.withLock { leanFirst = newValue && leanProgram != nil } }
    }

    public var loadsHEIF: Bool {
        get { lock.withLock { heif } }
        set { lock.withLock { heif = newValue } }
    }

    /// Starts one process in the background now, for the first job to come (the command line calls
    /// it first thing, so the decoder's start-up overlaps the parsing of options and files).
    public func startAhead() {
        lock.withLock { oneOffSpares += 1 }
        startSparesIfWanted()
    }

    /// Whether a decoder that the kernel does not show confined was let run (the opt-out is set and
    /// one was not); the window says so once.
    public var ranUnconfined: Bool { lock.withLock { acceptedUnconfined } }

    public let size: Int
    private let program: String?
    private let allowUnconfined: Bool
    private let decoderEnvironment: [String: String]
    private let lock = NSCondition()
    private var jobTimeout: Double
    private var wantedSpares = 0
    private var oneFile = false
    private var heif = true
    private var leanFirst = false
    private let leanProgram: String?
    /// Spares asked for once by `startAhead`, not replaced when taken.
    private var oneOffSpares = 0
    /// Started processes that have served no file yet.
    private var spares: [DecoderProcess] = []
    /// Idle processes that serve a file, the most recently used last (at most `size` are kept).
    private var bound: [DecoderProcess] = []
    /// How many processes are lent out or being started for a job.
    private var busy = 0
    /// How many spares the spawner is starting.
    private var sparesStarting = 0
    private var lent: [pid_t] = []
    private var lastConfinement: Confinement?
    private var lastOpensHEIF: Bool?
    private var acceptedUnconfined = false
    private let spawner = Spawner()
    /// The process that forks the decoders, touched on the spawner's thread only.
    private var zygote: DecoderZygote?

    /// The default per-job limit: long enough for a gigapixel export on a slow machine.
    public static let defaultTimeout = 300.0

    /// `decoderEnvironment`: variables for its decoders on top of those `DecoderLimits.environment`
    /// passes on from ours (only the names that lists; a test sets its decoders' CPU budget this way
    /// without changing the environment of every other test in the process). `leanProgram`: the lean
    /// decoder's executable, by default found as `LeanDecoder` finds it.
    public init(
        size: Int = 1, timeout: Double? = nil, program: String? = nil, leanProgram: String? = nil,
        decoderEnvironment: [String: String] = [:]
    ) {
        self.size = max(1, size)
        self.leanProgram = leanProgram ?? LeanDecoder.locateProgram()
        self.decoderEnvironment = decoderEnvironment
        self.program = program ?? Self.locateProgram()
        let environment = ProcessInfo.processInfo.environment
        allowUnconfined = environment[Self.unconfinedOptOut.variable] == Self.unconfinedOptOut.value
        let fromEnvironment = environment["CROP_EDITOR_DECODER_TIMEOUT"].flatMap(Double.init)
        jobTimeout = timeout ?? fromEnvironment ?? Self.defaultTimeout
    }

    /// Where the decoder is for the running program: beside it (a build folder, or the window's
    /// binary in libexec), then `PREFIX/libexec/crop-editor/` for `PREFIX/bin/crop-editor`.
    /// `CROP_EDITOR_DECODER` names another.
    static func locateProgram() -> String? {
        if let chosen = ProcessInfo.processInfo.environment["CROP_EDITOR_DECODER"] { return chosen }
        return locate(programName)
    }

    /// `name` beside this executable, or where `make install` puts the decoders.
    static func locate(_ programName: String) -> String? {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        let folder = (executable as NSString).deletingLastPathComponent
        let prefix = (folder as NSString).deletingLastPathComponent
        return [
            (folder as NSString).appendingPathComponent(programName),
            (prefix as NSString).appendingPathComponent("libexec/crop-editor/\(programName)"),
        ].first { access($0, X_OK) == 0 }
    }

    /// The pids of the processes running a job now (for tests that look at them from outside).
    public var workingPIDs: [pid_t] { lock.withLock { lent } }
    /// The pids of the started processes waiting for a job (spares and those serving a file).
    public var idlePIDs: [pid_t] { lock.withLock { (bound + spares).map(\.pid) } }

    /// What the processes are confined by (starting one if none ran yet); nil when none can start.
    public func confinement() -> Confinement? {
        if let known = lock.withLock({ lastConfinement }) { return known }
        guard let process = try? borrow(for: nil) else { return nil }
        giveBack(process)
        return process.confinement
    }

    /// Whether the decoders' libvips opens HEIF and AVIF, as the first of them said (starting one if
    /// none ran yet); false when none can start, since nothing is opened then. The window asks here
    /// rather than libvips itself: it links no libvips, and what the decoder opens is what counts.
    public func opensHEIF() -> Bool {
        if let known = lock.withLock({ lastOpensHEIF }) { return known }
        guard let process = try? borrow(for: nil) else { return false }
        giveBack(process)
        return process.opensHEIF
    }

    /// Ends the idle processes and waits for them (a batch's worker, before it exits). A later job
    /// starts a fresh one.
    public func shutdown() {
        takeIdleProcesses().forEach { $0.finish() }
        // Spares still starting are ended as they arrive (none are wanted any more). The zygote
        // goes too once no job runs (it waits for its decoders, so their time counts in ours); a
        // later job starts a fresh one.
        guard lock.withLock({ busy == 0 }) else { return }
        spawner.spawn { [self] in
            zygote?.finish()
            zygote = nil
        }
    }

    /// For a command about to exit, its jobs done: every process killed outright (SIGKILL, so
    /// nothing of theirs runs after this) and none waited for. Taking a decoder's memory down takes
    /// the kernel several milliseconds that the command's user would otherwise wait through, for a
    /// process that can no longer do anything; it goes on while the command exits.
    public func killForExit() {
        takeIdleProcesses().forEach { $0.kill() }
        spawner.spawn { [self] in
            zygote?.kill()
            zygote = nil
        }
    }

    /// The idle processes, no longer the pool's, and no more spares wanted.
    private func takeIdleProcesses() -> [DecoderProcess] {
        lock.withLock {
            wantedSpares = 0
            oneOffSpares = 0
            defer {
                bound.removeAll()
                spares.removeAll()
            }
            return bound + spares
        }
    }

    // MARK: lending processes

    /// A process for one job on `file` (nil: a job on no file): an idle one already serving that
    /// file, else a spare, else one started now. Waits while all are lent out (a render's
    /// `cancellation` stops the wait).
    private func borrow(for file: String?, cancellation: RenderCancellation? = nil) throws(ImagingError) -> DecoderProcess {
        lock.lock()
        while busy >= size {
            if let cancellation {
                // Looked at every 20 ms: a newer view must not wait behind a stale render.
                _ = lock.wait(until: Date().addingTimeInterval(0.02))
                if (try? cancellation.check()) == nil {
                    lock.unlock()
                    throw .renderCancelled
                }
            } else {
                lock.wait()
            }
        }
        busy += 1
        var retired: [DecoderProcess] = []
        var chosen: DecoderProcess?
        while true {
            if let index = bound.lastIndex(where: { $0.file == file && file != nil }) {
                let candidate = bound.remove(at: index)
                // A process that has used a job's worth of processor time is retired: the kernel's
                // limit on the whole process must leave the next job its full budget.
                if let used = candidate.processorSeconds, used < Double(DecoderLimits.cpuSecondsPerJob) {
                    chosen = candidate
                } else {
                    retired.append(candidate)
                }
            } else if file == nil, let any = bound.popLast() {
                chosen = any
            }
            if chosen == nil, let spare = spares.popLast() {
                chosen = spare
                oneOffSpares = max(oneOffSpares - 1, 0)
            }
            // A spare on its way is waited for rather than a second one started beside it.
            guard chosen == nil, sparesStarting > 0 else { break }
            lock.wait()
        }
        if let chosen { lent.append(chosen.pid) }
        lock.unlock()
        Self.retireInBackground(retired)
        startSparesIfWanted()
        if let chosen {
            if chosen.file == nil { chosen.file = file }
            return chosen
        }
        do throws(ImagingError) {
            let process = try start()
            process.file = file
            lock.withLock { lent.append(process.pid) }
            return process
        } catch {
            lock.withLock { busy -= 1 }
            lock.broadcast()
            throw error
        }
    }

    /// A new process, forked by the zygote on the spawner's thread (see `Spawner`), its confinement checked.
    private func start() throws(ImagingError) -> DecoderProcess {
        let outcome = spawner.spawn { [self] () -> Result<DecoderProcess, DecoderProcess.StartFailure> in
            Result { () throws(DecoderProcess.StartFailure) in try forkDecoder() }
        }
        switch outcome {
        case .success(let process):
            noteStarted(process)
            return process
        case .failure(.unconfined): throw .decoderUnconfined
        case .failure(.cannotStart): throw .decoderStopped
        }
    }

    /// Remembers what a new process is confined by; warns once per process of ours when the
    /// opt-out let an unconfined one run.
    private func noteStarted(_ process: DecoderProcess) {
        let firstUnconfined = lock.withLock { () -> Bool in
            lastConfinement = process.confinement
            lastOpensHEIF = process.opensHEIF
            guard !process.isConfinedByKernel else { return false }
            defer { acceptedUnconfined = true }
            return !acceptedUnconfined
        }
        if firstUnconfined { UnconfinedWarning.once() }
    }

    /// A decoder from the zygote, the zygote started first when there is none (or it died: once
    /// more). Runs on the spawner's thread only.
    private func forkDecoder() throws(DecoderProcess.StartFailure) -> DecoderProcess {
        let (alone, withHEIF, lean) = lock.withLock { (oneFile, heif, leanFirst) }
        if lean, let leanProgram {
            return try DecoderProcess(
                program: leanProgram, environment: environmentNow(), allowUnconfined: allowUnconfined)
        }
        if alone {
            guard let program else { throw .cannotStart }
            return try DecoderProcess(
                program: program, mode: withHEIF ? nil : ZygoteProtocol.withoutHEIF, environment: environmentNow(),
                allowUnconfined: allowUnconfined)
        }
        for attempt in 0..<2 {
            if zygote == nil || attempt > 0 {
                guard let program else { throw .cannotStart }
                zygote = DecoderZygote(program: program, environment: environmentNow())
            }
            guard let zygote else { throw .cannotStart }
            do {
                return try DecoderProcess(zygote: zygote, allowUnconfined: allowUnconfined)
            } catch .cannotStart where attempt == 0 {
                continue
            }
        }
        throw .cannotStart
    }

    /// The environment a decoder started now gets: the names `DecoderLimits.environment` lists, as
    /// they are set in ours at this moment, and this pool's own additions.
    private func environmentNow() -> [String] {
        DecoderLimits.environment(from: ProcessInfo.processInfo.environment.merging(decoderEnvironment) { $1 })
    }

    /// Starts spares in the background until `sparesAhead` are ready or starting.
    private func startSparesIfWanted() {
        let count = lock.withLock { () -> Int in
            let missing = wantedSpares + oneOffSpares - spares.count - sparesStarting
            sparesStarting += max(missing, 0)
            return max(missing, 0)
        }
        guard count > 0, program != nil else {
            lock.withLock { sparesStarting -= count }
            return
        }
        for _ in 0..<count {
            spawner.spawnInBackground({ [self] in try? forkDecoder() }) {
                [self] process in
                if let process { noteStarted(process) }
                let keep = lock.withLock { () -> Bool in
                    sparesStarting -= 1
                    guard let process, spares.count < wantedSpares + oneOffSpares else { return false }
                    spares.append(process)
                    return true
                }
                // Wakes a job waiting for this spare (or, when it could not start, to start its own).
                lock.broadcast()
                if let process, !keep { process.finish() }
            }
        }
    }

    private func giveBack(_ process: DecoderProcess) {
        let retired = lock.withLock { () -> [DecoderProcess] in
            busy -= 1
            lent.removeAll { $0 == process.pid }
            // A process that died or overran is dropped; the next job starts a fresh one.
            guard process.isAlive else { return [] }
            if process.file == nil {
                spares.append(process)
                return []
            }
            bound.append(process)
            // The least recently used file's process goes first.
            let excess = max(bound.count - size, 0)
            defer { bound.removeFirst(excess) }
            return Array(bound.prefix(excess))
        }
        lock.broadcast()
        Self.retireInBackground(retired)
    }

    /// Ends `processes` off the caller's thread: a decoder's exit takes a few milliseconds that no
    /// job should wait for (the zygote reaps them, and waits for them before it ends itself).
    private static func retireInBackground(_ processes: [DecoderProcess]) {
        guard !processes.isEmpty else { return }
        DispatchQueue.global().async { processes.forEach { $0.finish() } }
    }

    /// Runs `request` for `file` on a process with `descriptors` (they stay the caller's); the reply
    /// and what came with it, closed with its last owner. A decoder's failure is thrown.
    func run(
        _ request: DecoderRequest, file: String?, descriptors: [OwnedDescriptor], cancellation: RenderCancellation? = nil,
        whileWaiting: (() -> Void)? = nil
    ) throws(ImagingError) -> (DecoderReply, [OwnedDescriptor]) {
        var answer: (DecoderReply, [OwnedDescriptor])?
        // A process that died while idle answers nil (nothing of this job ran): once more on a fresh one.
        // The lean decoder's `notMine` ends it: the job goes to a decoder, as every later one.
        for _ in 0..<3 where answer == nil {
            let process = try borrow(for: file, cancellation: cancellation)
            defer { giveBack(process) }
            answer = try process.run(request, descriptors: descriptors, timeout: timeout, whileWaiting: whileWaiting)
            if case .notMine? = answer?.0 {
                lock.withLock { leanFirst = false }
                process.end()
                answer = nil
            }
        }
        guard let (reply, received) = answer else { throw .decoderStopped }
        if case .failed(let error) = reply { throw ReplyChecks.checked(error) }
        return (reply, received)
    }
}
