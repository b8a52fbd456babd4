// The editor's and the command line's way to any image bytes: a pool of confined decoding processes (crop-editor-decoder), each restarted when it dies.
//
// Public API (everything that parses a picture or a sidecar goes through one of these):
//   DecoderPool.shared                      the process-wide pool (size 1: the window, its prefetch, the command line)
//   DecoderPool(size:timeout:program:)      a pool of its own (a batch runs N jobs at once on N processes)
// Every job that reads a picture takes a `DecoderSource` (DecoderSource.swift): `.file(path)` or
// `.bytes(SealedBytes)`, bytes in memory (standard input, a pasted image) sealed in a memfd, never a
// file; the `path:` forms below are `.file` shorthands.
//   probe(path:), probe(_:)                 the header checks: an `ImageInfo`
//   displayThumbnail(_:maxWidth:maxHeight:) the window's picture, with its block grid and kept crop
//   storedCrop(_:)                          the crop kept in a sidecar or the picture's XMP
//   export(_:from:crop:output:options:temporaryName:)  the whole export: the decoder hands back the encoded
//                                           result sealed in a memfd; this process writes the temporary
//                                           file, flushes and renames it (`AtomicFile`)
//   encodedExport(_:from:crop:format:options:)  the same export handed back as bytes (`--output=-`, Copy)
//   writeSidecar(_:for:)                    Keep Crop and `--sidecar`: IMAGE.xmp written as `Sidecar.write` does
//   levelSuggestion(_:)                     `--straighten=auto`
//   smartCrop(_:transform:target:)          Suggest and `--crop=auto`: libvips' attention measure
//   trimBorders(_:from:transform:tolerance:ratio:)  Trim Borders and `--crop=trim`: `BorderTrim.Outcome`
//   renderRegion(_:from:region:scale:cancellation:)  a zoomed view's sharp region
//   confinement()                           what the processes are confined by, for `--version` and the log
//   opensHEIF()                             whether the decoders open HEIF and AVIF (the Open dialog's filter)
//   timeout                                 each job's wall-clock limit in seconds (settable, for tests)
//   workingPIDs, idlePIDs                   the processes' pids, for tests that look at them from outside
//   sparesAhead                             processes started ahead, so a new file's jobs wait for none
//   decodesOneFile                          decoders started on their own, no zygote (a one-file command)
//   loadsHEIF                               off: such decoders skip libvips' HEIF module (the file is not HEIF)
//   startAhead()                            one process started now, for the first job to come
//   shutdown()                              ends the idle processes and reaps them (a batch's worker, at its end)
//   killForExit()                           kills them without waiting (the command line, as it exits)
// One process serves the jobs of one source file only, forked by the pool's zygote (DecoderZygote);
// it is retired when the pool keeps more files than its size (the least recently used file's first)
// or when it has used a job's processor time. A process is used only once the kernel shows it
// confined (`/proc`), unless CROP_EDITOR_UNCONFINED=i-know-the-risks.
// A job that crashes, is killed by its confinement or limits, or overruns its time fails with
// `ImagingError.decoderStopped`; nothing is written, and the next job gets a fresh process.

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
    /// fifth of a decoder's start-up. A zygote's forks serve any file, so the zygote always loads it.
    /// Set before the first job.
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
    /// without changing the environment of every other test in the process).
    public init(size: Int = 1, timeout: Double? = nil, program: String? = nil, decoderEnvironment: [String: String] = [:]) {
        self.size = max(1, size)
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
        let (alone, withHEIF) = lock.withLock { (oneFile, heif) }
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

    /// Runs `request` for `file` on a process with `descriptors`; closes nothing of the caller's.
    func run(
        _ request: DecoderRequest, file: String?, descriptors: [Int32], cancellation: RenderCancellation? = nil,
        whileWaiting: (() -> Void)? = nil
    ) throws(ImagingError) -> (DecoderReply, [Int32]) {
        var answer: (DecoderReply, [Int32])?
        // A process that died while idle answers nil (nothing of this job ran): once more on a fresh one.
        for _ in 0..<2 where answer == nil {
            let process = try borrow(for: file, cancellation: cancellation)
            defer { giveBack(process) }
            answer = try process.run(request, descriptors: descriptors, timeout: timeout, whileWaiting: whileWaiting)
        }
        guard let (reply, received) = answer else { throw .decoderStopped }
        if case .failed(let error) = reply {
            received.forEach { _ = close($0) }
            throw error
        }
        return (reply, received)
    }

    // MARK: the jobs

    /// Opens `path` for the decoder, with the same checks and causes as `ImageProbe.probe`'s.
    static func openSource(_ path: String) throws(ImagingError) -> Int32 {
        try ImageInfo.checkReadable(path)
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw errno == EACCES ? .unreadable(.permissionDenied) : .unreadable(.readFailed) }
        return fd
    }

    /// Runs the request `make` builds on `source`, opened here and handed over, with a file's
    /// sidecar after it when `withSidecar` and one exists (`make` is told whether it does). Returns
    /// the reply and the descriptors the decoder sent back, which the caller closes.
    private func run(
        on source: DecoderSource, withSidecar: Bool = false, _ make: (_ hasSidecar: Bool) -> DecoderRequest
    ) throws(ImagingError) -> (DecoderReply, [Int32]) {
        let input = try source.openForDecoder()
        defer { close(input) }
        let sidecar = withSidecar && source.canHaveSidecar ? open(Sidecar.path(for: source.path), O_RDONLY | O_CLOEXEC) : -1
        defer { if sidecar >= 0 { close(sidecar) } }
        return try run(make(sidecar >= 0), file: source.poolKey, descriptors: sidecar >= 0 ? [input, sidecar] : [input])
    }

    /// As `run(on:)`, for a reply that carries no descriptors (any sent are closed).
    private func reply(
        on source: DecoderSource, withSidecar: Bool = false, _ make: (_ hasSidecar: Bool) -> DecoderRequest
    ) throws(ImagingError) -> DecoderReply {
        let (reply, received) = try run(on: source, withSidecar: withSidecar, make)
        received.forEach { _ = close($0) }
        return reply
    }

    public func probe(path: String) throws(ImagingError) -> ImageInfo { try probe(.file(path)) }

    /// The header checks of `source`; the answer's `path` is the source's (a file's path, the bytes' name).
    public func probe(_ source: DecoderSource) throws(ImagingError) -> ImageInfo {
        let reply = try reply(on: source) { _ in .probe(name: source.decoderName) }
        guard case .probed(let info) = reply else { throw .decoderStopped }
        return info.named(source.path)
    }

    /// The window's picture: what `DisplayThumbnail.load` gives, a JPEG's block grid, and the
    /// crop kept for it (the sidecar first, then the picture's own XMP) or why a sidecar that
    /// exists could not be read.
    public func displayThumbnail(path: String, maxWidth: Int, maxHeight: Int) throws(ImagingError) -> Thumbnail {
        try displayThumbnail(.file(path), maxWidth: maxWidth, maxHeight: maxHeight)
    }

    /// As `displayThumbnail(path:…)` for any source (bytes have no sidecar; their own XMP may keep a crop).
    public func displayThumbnail(_ source: DecoderSource, maxWidth: Int, maxHeight: Int) throws(ImagingError) -> Thumbnail {
        let path = source.path
        let (reply, received) = try run(on: source, withSidecar: true) { hasSidecar in
            .thumbnail(name: source.decoderName, maxWidth: maxWidth, maxHeight: maxHeight, hasSidecar: hasSidecar)
        }
        defer { received.forEach { _ = close($0) } }
        guard case .thumbnail(let info, let width, let height, let grid, let kept) = reply,
            width <= max(maxWidth, 1), height <= max(maxHeight, 1),
            received.count == 1, let pixels = SealedPixels.read(received[0], width: width, height: height)
        else { throw .decoderStopped }
        return Thumbnail(
            info: info.named(path), pixels: pixels, losslessGrid: grid, storedCrop: Self.stored(kept, path: path),
            sidecarProblem: kept.problem)
    }

    /// What `displayThumbnail` brings back.
    public struct Thumbnail: Sendable {
        public let info: ImageInfo
        public let pixels: RGBAPixels
        public let losslessGrid: LosslessGrid?
        public let storedCrop: (crop: StoredCrop, source: StoredCropSource)?
        public let sidecarProblem: ImagingError?
    }

    /// The crop kept for `path`, as `Sidecar.read(for:)`: nil when there is none, an error when a
    /// sidecar exists but cannot be read.
    public func storedCrop(path: String) throws(ImagingError) -> (crop: StoredCrop, source: StoredCropSource)? {
        try storedCrop(.file(path))
    }

    /// As `storedCrop(path:)` for any source (bytes: only their own XMP).
    public func storedCrop(_ source: DecoderSource) throws(ImagingError) -> (crop: StoredCrop, source: StoredCropSource)? {
        let reply = try reply(on: source, withSidecar: true) { .storedCrop(name: source.decoderName, hasSidecar: $0) }
        guard case .storedCrop(let kept) = reply else { throw .decoderStopped }
        if let problem = kept.problem { throw problem }
        return Self.stored(kept, path: source.path)
    }

    private static func stored(_ kept: KeptCrop, path: String) -> (crop: StoredCrop, source: StoredCropSource)? {
        kept.crop.map { ($0, kept.inSidecar ? .sidecar(Sidecar.path(for: path)) : .embedded) }
    }

    /// Exports as `CropExporter.export` does. The request is checked here first (no bytes needed); the
    /// decoder encodes the result into a memfd it seals and hands back, and this process alone
    /// writes it: a temporary file of its own in the output's folder, flushed and renamed
    /// (`AtomicFile`), removed when anything failed. The decoder never holds a writable descriptor
    /// on a file of the user's.
    public func export(
        _ info: ImageInfo, crop: PixelRect, output: String, options: ExportOptions = ExportOptions(),
        temporaryName: String? = nil
    ) throws(ImagingError) -> ExportResult {
        try export(info, from: .file(info.path), crop: crop, output: output, options: options, temporaryName: temporaryName)
    }

    /// As `export(_:crop:output:…)`, the picture read from `source` (`info` is its probe's answer).
    public func export(
        _ info: ImageInfo, from source: DecoderSource, crop: PixelRect, output: String,
        options: ExportOptions = ExportOptions(), temporaryName: String? = nil
    ) throws(ImagingError) -> ExportResult {
        let (_, size) = try ExportCheck.check(info, crop: crop, output: output, options: options)
        let file = try AtomicFile(target: output, name: temporaryName)
        let (exported, result) = try encode(
            info, from: source, crop: crop, outputExtension: (output as NSString).pathExtension, size: size, options: options)
        defer { close(result) }
        try write(result, limit: DecoderLimits.resultLimit(width: size.width, height: size.height), into: file)
        return ExportResult(
            outputPath: file.target, width: exported.width, height: exported.height,
            lossless: exported.lossless, leftOut: exported.leftOut)
    }

    /// The whole export as `export` makes it, handed back as the encoded bytes instead of a file
    /// (`--output=-`, Copy): nothing is written anywhere. `result.outputPath` is empty.
    public func encodedExport(
        _ info: ImageInfo, from source: DecoderSource, crop: PixelRect, format: OutputFormat,
        options: ExportOptions = ExportOptions()
    ) throws(ImagingError) -> (result: ExportResult, bytes: PixelMapping) {
        var checked = options
        // No file is written, so none can be the source.
        checked.allowOverwritingSource = true
        let outputExtension = format.fileExtension
        let (_, size) = try ExportCheck.check(info, crop: crop, output: "result." + outputExtension, options: checked)
        let (exported, result) = try encode(
            info, from: source, crop: crop, outputExtension: outputExtension, size: size, options: options)
        defer { close(result) }
        let limit = DecoderLimits.resultLimit(width: size.width, height: size.height)
        guard let count = SealedPixels.sealedSize(result, limit: limit), count > 0,
            let mapping = SealedPixels.map(result, count: count)
        else { throw .decoderStopped }
        let answer = ExportResult(
            outputPath: "", width: exported.width, height: exported.height, lossless: exported.lossless,
            leftOut: exported.leftOut)
        return (answer, mapping)
    }

    /// The decoder's export of `source` into a sealed memfd of its own: what it says and that memfd
    /// (the caller closes it), checked against the size asked for.
    private func encode(
        _ info: ImageInfo, from source: DecoderSource, crop: PixelRect, outputExtension: String,
        size: (width: Int, height: Int), options: ExportOptions
    ) throws(ImagingError) -> (ExportResult, Int32) {
        let input = try source.openForDecoder()
        defer { close(input) }
        var decoderOptions = options
        // Decided here: the decoder sees only its own names for the two files.
        decoderOptions.allowOverwritingSource = true
        let request = DecoderRequest.export(
            info: info.named(source.decoderName), crop: crop, outputExtension: outputExtension, options: decoderOptions)
        let (reply, received) = try run(request, file: source.poolKey, descriptors: [input])
        guard case .exported(let exported) = reply, received.count == 1,
            exported.width <= max(size.width, 1) + 1, exported.height <= max(size.height, 1) + 1
        else {
            received.forEach { _ = close($0) }
            throw .decoderStopped
        }
        return (exported, received[0])
    }

    /// Writes the encoded result in the sealed memfd `result` (no longer than `limit`) as `file`:
    /// its temporary made here, flushed and renamed over the target; nothing left when it fails.
    private func write(_ result: Int32, limit: Int, into file: AtomicFile) throws(ImagingError) {
        guard let count = SealedPixels.sealedSize(result, limit: limit) else { throw .decoderStopped }
        // Sealed: its size cannot change under the copy, which the kernel does (no mapping here).
        try file.create { descriptor in AtomicFile.copyAll(from: result, count: count, to: descriptor) }
        try file.commit()
    }

    /// Keeps `crop` for `image` in `IMAGE.xmp`, as `Sidecar.write`: the decoder reads the existing
    /// sidecar and hands back the new one's bytes, which this process writes into a temporary file
    /// of its own, flushed and renamed; an existing sidecar the decoder cannot read is set aside
    /// here first. Returns the backup's path then.
    @discardableResult
    public func writeSidecar(_ crop: StoredCrop, for image: String) throws(ImagingError) -> String? {
        let info = try probe(path: image)
        let target = Sidecar.path(for: image)
        let file = try AtomicFile(target: target)
        let existing = open(target, O_RDONLY | O_CLOEXEC)
        defer { if existing >= 0 { close(existing) } }
        let request = DecoderRequest.writeSidecar(crop: crop, info: info, hasExisting: existing >= 0)
        let (reply, received) = try run(request, file: image, descriptors: existing >= 0 ? [existing] : [])
        defer { received.forEach { _ = close($0) } }
        guard case .sidecarWritten(let unreadable) = reply, received.count == 1 else { throw .decoderStopped }
        let backup = unreadable ? try Sidecar.setAside(target) : nil
        try write(received[0], limit: DecoderLimits.sidecarLimit, into: file)
        return backup
    }

    public func levelSuggestion(path: String) throws(ImagingError) -> StraightenAngle? { try levelSuggestion(.file(path)) }

    public func levelSuggestion(_ source: DecoderSource) throws(ImagingError) -> StraightenAngle? {
        let reply = try reply(on: source) { _ in .levelSuggestion(name: source.decoderName) }
        guard case .level(let angle) = reply else { throw .decoderStopped }
        return angle
    }

    /// The crop libvips' attention measure suggests, as `SmartCrop.suggest`: Suggest and `--crop=auto`.
    public func smartCrop(path: String, transform: ImageOrientation, target: SmartCropTarget) throws(ImagingError) -> PixelRect {
        try smartCrop(.file(path), transform: transform, target: target)
    }

    public func smartCrop(
        _ source: DecoderSource, transform: ImageOrientation, target: SmartCropTarget
    ) throws(ImagingError)
        -> PixelRect
    {
        let reply = try reply(on: source) { _ in .smartCrop(name: source.decoderName, transform: transform, target: target) }
        guard case .suggested(let rect) = reply else { throw .decoderStopped }
        return rect
    }

    /// Trim Borders: the crop around the picture inside its plain or transparent border, on the
    /// picture as shown (`info`, source's probe, then `transform`, as the export applies them). The
    /// decoder measures the content's box (`BorderContent.find`: `tolerance` percent, 0–100); a box
    /// outside the picture is refused; `BorderTrim` places the crop, of `ratio` (width ÷ height) when given.
    public func trimBorders(
        _ info: ImageInfo, from source: DecoderSource, transform: ImageOrientation = .up,
        tolerance: Int = TrimBorders.defaultTolerance, ratio: Double? = nil
    ) throws(ImagingError) -> BorderTrim.Outcome {
        let tolerance = min(max(tolerance, 0), 100)
        let reply = try reply(on: source) { _ in
            .borderContent(name: source.decoderName, transform: transform, tolerance: tolerance)
        }
        guard case .borderContent(let content) = reply else { throw .decoderStopped }
        let shown = transform.displayedSize(storedWidth: info.width, storedHeight: info.height)
        if let content {
            guard content.width > 0, content.height > 0, content.x >= 0, content.y >= 0,
                content.width <= shown.width - content.x, content.height <= shown.height - content.y
            else { throw .decoderStopped }
        }
        return BorderTrim(width: shown.width, height: shown.height).crop(content: content, ratio: ratio)
    }

    /// A zoomed view's region, as `RegionRender.render`. A cancellation stops it while it waits for
    /// a process and while the decoder renders: its flag lives in a memfd both processes map, which
    /// the decoder's strip loop reads as the in-process render read its own.
    public func renderRegion(
        _ info: ImageInfo, region: CropRect, scale: Double, cancellation: RenderCancellation? = nil
    ) throws(ImagingError) -> RenderedRegion {
        try renderRegion(info, from: .file(info.path), region: region, scale: scale, cancellation: cancellation)
    }

    /// As `renderRegion(_:region:…)`, the picture read from `source` (`info` is its probe's answer).
    public func renderRegion(
        _ info: ImageInfo, from source: DecoderSource, region: CropRect, scale: Double,
        cancellation: RenderCancellation? = nil
    ) throws(ImagingError) -> RenderedRegion {
        try cancellation?.check()
        let input = try source.openForDecoder()
        defer { close(input) }
        let flagFile = cds_flag_memfd()
        defer { if flagFile >= 0 { close(flagFile) } }
        let flag = flagFile >= 0 ? SealedPixels.mapFlag(flagFile) : nil
        defer { if let flag { SealedPixels.unmapFlag(flag) } }
        let shared = flag.map { RenderCancellation(sharing: $0) }
        let request = DecoderRequest.region(info: info.named(source.decoderName), region: region, scale: scale)
        let (reply, received) = try run(
            request, file: source.poolKey, descriptors: flag != nil ? [input, flagFile] : [input], cancellation: cancellation,
            whileWaiting: { if cancellation?.isCancelled == true { shared?.cancel() } })
        defer { received.forEach { _ = close($0) } }
        try cancellation?.check()
        guard case .region(let shown, let width, let height) = reply, received.count == 1,
            Self.regionFits(
                shown, width: width, height: height, asked: region, scale: scale, picture: (info.width, info.height)),
            let pixels = SealedPixels.read(received[0], width: width, height: height)
        else { throw .decoderStopped }
        return RenderedRegion(pixels: pixels, region: shown)
    }

    /// Whether a region's reply is what was asked: the region shown covers the one asked (inside
    /// the picture) and exceeds it by no more than the decoder's rounding to whole blocks
    /// (`regionSlack` pixels a side), and its pixels are that region at `scale`, to a pixel.
    package static func regionFits(
        _ shown: CropRect, width: Int, height: Int, asked: CropRect, scale: Double, picture: (width: Int, height: Int)
    ) -> Bool {
        guard let wanted = asked.intersection(.unit), picture.width > 0, picture.height > 0 else { return false }
        let slackX = regionSlack / Double(picture.width), slackY = regionSlack / Double(picture.height)
        let epsilon = 1e-9
        guard shown.minX >= -epsilon, shown.minY >= -epsilon, shown.maxX <= 1 + epsilon, shown.maxY <= 1 + epsilon,
            shown.minX <= wanted.minX + epsilon, shown.minY <= wanted.minY + epsilon,
            shown.maxX >= wanted.maxX - epsilon, shown.maxY >= wanted.maxY - epsilon,
            shown.minX >= wanted.minX - slackX, shown.minY >= wanted.minY - slackY,
            shown.maxX <= wanted.maxX + slackX, shown.maxY <= wanted.maxY + slackY
        else { return false }
        let expectedWidth = shown.width * Double(picture.width) * scale
        let expectedHeight = shown.height * Double(picture.height) * scale
        return abs(Double(width) - expectedWidth) <= 1.5 && abs(Double(height) - expectedHeight) <= 1.5
    }

    /// How far a region's reply may reach past the region asked, in picture pixels a side: a JPEG
    /// region is decoded in whole blocks of up to 8 × 8 pixels, shrunk at most 8 times.
    package static let regionSlack = 64.0

    /// Test builds: asks a process to try what its confinement must refuse; what the call returned,
    /// or `decoderStopped` when the process was killed for it.
    public func tryEscaping(_ request: DecoderTestRequest) throws(ImagingError) -> String {
        let (reply, received) = try run(.test(request), file: nil, descriptors: [])
        received.forEach { _ = close($0) }
        guard case .tested(let outcome) = reply else { throw .decoderStopped }
        return outcome
    }
}
