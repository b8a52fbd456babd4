// The editor's and the command line's way to any image bytes: a pool of confined decoding processes (crop-editor-decoder), each restarted when it dies.
//
// Public API (everything that parses a picture or a sidecar goes through one of these):
//   DecoderPool.shared                      the process-wide pool (size 1: the window, its prefetch, the command line)
//   DecoderPool(size:timeout:program:)      a pool of its own (a batch runs N jobs at once on N processes)
//   probe(path:)                            the header checks: an `ImageInfo`
//   displayThumbnail(path:maxWidth:maxHeight:)  the window's picture, with its block grid and kept crop
//   storedCrop(path:)                       the crop kept in a sidecar or the picture's XMP
//   export(_:crop:output:options:)          the whole export; this process makes the temporary file,
//                                           flushes and renames it (`AtomicFile`), the decoder fills it
//   writeSidecar(_:for:)                    Keep Crop and `--sidecar`: IMAGE.xmp written as `Sidecar.write` does
//   levelSuggestion(path:)                  `--straighten=auto`
//   smartCrop(path:transform:target:)       Suggest and `--crop=auto`: libvips' attention measure
//   renderRegion(_:region:scale:cancellation:)  a zoomed view's sharp region
//   confinement()                           what the processes are confined by, for `--version` and the log
//   timeout                                 each job's wall-clock limit in seconds (settable, for tests)
//   workingPIDs, idlePIDs                   the processes' pids, for tests that look at them from outside
//   shutdown()                              ends the idle processes and reaps them (the command line, at its end)
// A job that crashes, is killed by its confinement or limits, or overruns its time fails with
// `ImagingError.decoderStopped`; nothing is written, and the next job gets a fresh process.

import CDecoderSupport
import CropKit
import Foundation
import Glibc
import Imaging

public final class DecoderPool: @unchecked Sendable {
    /// The process-wide pool.
    public static let shared = DecoderPool(size: 1)

    /// The program's name, found beside the running program or in `PREFIX/libexec/crop-editor/`.
    public static let programName = "crop-editor-decoder"

    /// Each job's wall-clock limit, in seconds: a decoder that loops or crawls on a hostile file is
    /// ended. `CROP_EDITOR_DECODER_TIMEOUT` sets it for a run (the tests make it short).
    public var timeout: Double {
        get { lock.withLock { jobTimeout } }
        set { lock.withLock { jobTimeout = newValue } }
    }

    public let size: Int
    private let program: String?
    private let lock = NSCondition()
    private var jobTimeout: Double
    /// Started processes not lent out.
    private var idle: [DecoderProcess] = []
    /// How many processes are lent out or being started.
    private var busy = 0
    private var lent: [pid_t] = []
    private var lastConfinement: Confinement?

    /// The default per-job limit: long enough for a gigapixel export on a slow machine.
    public static let defaultTimeout = 300.0

    public init(size: Int = 1, timeout: Double? = nil, program: String? = nil) {
        self.size = max(1, size)
        self.program = program ?? Self.locateProgram()
        let fromEnvironment = ProcessInfo.processInfo.environment["CROP_EDITOR_DECODER_TIMEOUT"].flatMap(Double.init)
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
    /// The pids of the started processes waiting for a job.
    public var idlePIDs: [pid_t] { lock.withLock { idle.map(\.pid) } }

    /// What the processes are confined by (starting one if none ran yet); nil when none can start.
    public func confinement() -> Confinement? {
        if let known = lock.withLock({ lastConfinement }) { return known }
        guard let process = try? borrow() else { return nil }
        giveBack(process)
        return process.confinement
    }

    /// Ends the idle processes and waits for them (the command line, before it exits). A later job
    /// starts a fresh one.
    public func shutdown() {
        let ending = lock.withLock { () -> [DecoderProcess] in
            defer { idle.removeAll() }
            return idle
        }
        ending.forEach { $0.finish() }
    }

    // MARK: lending processes

    /// A process for one job; waits while all are lent out (a render's `cancellation` stops the wait).
    private func borrow(cancellation: RenderCancellation? = nil) throws(ImagingError) -> DecoderProcess {
        lock.lock()
        while idle.isEmpty && busy >= size {
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
        if let process = idle.popLast() {
            busy += 1
            lent.append(process.pid)
            lock.unlock()
            return process
        }
        busy += 1
        lock.unlock()
        guard let program, let process = DecoderProcess(program: program) else {
            lock.withLock { busy -= 1 }
            lock.signal()
            throw .decoderStopped
        }
        lock.withLock {
            lent.append(process.pid)
            lastConfinement = process.confinement
        }
        return process
    }

    private func giveBack(_ process: DecoderProcess) {
        lock.withLock {
            busy -= 1
            lent.removeAll { $0 == process.pid }
            // A process that died or overran is dropped; the next job starts a fresh one.
            if process.isAlive { idle.append(process) }
        }
        lock.signal()
    }

    /// Runs `request` on a process with `descriptors`; closes nothing of the caller's.
    func run(
        _ request: DecoderRequest, descriptors: [Int32], cancellation: RenderCancellation? = nil,
        whileWaiting: (() -> Void)? = nil
    ) throws(ImagingError) -> (DecoderReply, [Int32]) {
        var answer: (DecoderReply, [Int32])?
        // A process that died while idle answers nil (nothing of this job ran): once more on a fresh one.
        for _ in 0..<2 where answer == nil {
            let process = try borrow(cancellation: cancellation)
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

    /// Opens `path` for the decoder, with the same checks and causes as `Imaging.probe`'s.
    static func openSource(_ path: String) throws(ImagingError) -> Int32 {
        try Imaging.checkReadable(path)
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw errno == EACCES ? .unreadable(.permissionDenied) : .unreadable(.readFailed) }
        return fd
    }

    /// The name the decoder's libraries see for a file (its own name: libraries put it in their words).
    static func name(_ path: String) -> String { (path as NSString).lastPathComponent }

    /// Runs the request `make` builds on the file at `path`, opened here and handed over, with its
    /// sidecar after it when `withSidecar` and one exists (`make` is told whether it does). Returns
    /// the reply and the descriptors the decoder sent back, which the caller closes.
    private func run(
        onFile path: String, withSidecar: Bool = false, _ make: (_ hasSidecar: Bool) -> DecoderRequest
    ) throws(ImagingError) -> (DecoderReply, [Int32]) {
        let source = try Self.openSource(path)
        defer { close(source) }
        let sidecar = withSidecar ? open(Sidecar.path(for: path), O_RDONLY | O_CLOEXEC) : -1
        defer { if sidecar >= 0 { close(sidecar) } }
        return try run(make(sidecar >= 0), descriptors: sidecar >= 0 ? [source, sidecar] : [source])
    }

    /// As `run(onFile:)`, for a reply that carries no descriptors (any sent are closed).
    private func reply(
        onFile path: String, withSidecar: Bool = false, _ make: (_ hasSidecar: Bool) -> DecoderRequest
    ) throws(ImagingError) -> DecoderReply {
        let (reply, received) = try run(onFile: path, withSidecar: withSidecar, make)
        received.forEach { _ = close($0) }
        return reply
    }

    public func probe(path: String) throws(ImagingError) -> ImageInfo {
        let reply = try reply(onFile: path) { _ in .probe(name: Self.name(path)) }
        guard case .probed(let info) = reply else { throw .decoderStopped }
        return info.named(path)
    }

    /// The window's picture: what `Imaging.displayThumbnail` gives, a JPEG's block grid, and the
    /// crop kept for it (the sidecar first, then the picture's own XMP) or why a sidecar that
    /// exists could not be read.
    public func displayThumbnail(path: String, maxWidth: Int, maxHeight: Int) throws(ImagingError) -> Thumbnail {
        let (reply, received) = try run(onFile: path, withSidecar: true) { hasSidecar in
            .thumbnail(name: Self.name(path), maxWidth: maxWidth, maxHeight: maxHeight, hasSidecar: hasSidecar)
        }
        defer { received.forEach { _ = close($0) } }
        guard case .thumbnail(let info, let width, let height, let grid, let kept) = reply,
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
        let reply = try reply(onFile: path, withSidecar: true) { .storedCrop(name: Self.name(path), hasSidecar: $0) }
        guard case .storedCrop(let kept) = reply else { throw .decoderStopped }
        if let problem = kept.problem { throw problem }
        return Self.stored(kept, path: path)
    }

    private static func stored(_ kept: KeptCrop, path: String) -> (crop: StoredCrop, source: StoredCropSource)? {
        kept.crop.map { ($0, kept.inSidecar ? .sidecar(Sidecar.path(for: path)) : .embedded) }
    }

    /// Exports as `Imaging.export` does. The request is checked here first (no bytes needed), the
    /// temporary file made here in the output's folder; the decoder writes it, and it is flushed and
    /// renamed here, or removed when anything failed.
    public func export(
        _ info: ImageInfo, crop: PixelRect, output: String, options: ExportOptions = ExportOptions()
    ) throws(ImagingError) -> ExportResult {
        _ = try Imaging.checkExport(info, crop: crop, output: output, options: options)
        let source = try Self.openSource(info.path)
        defer { close(source) }
        let file = try AtomicFile(target: output)
        let result = open(file.temporary, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard result >= 0 else {
            let failure = errno
            file.discard()
            throw .writeFailed(.write(errno: failure))
        }
        do throws(ImagingError) {
            defer { close(result) }
            var decoderOptions = options
            // Decided here: the decoder sees only its own names for the two files.
            decoderOptions.allowOverwritingSource = true
            let request = DecoderRequest.export(
                info: info.named(Self.name(info.path)), crop: crop,
                outputExtension: (output as NSString).pathExtension, options: decoderOptions)
            let (reply, received) = try run(request, descriptors: [source, result])
            received.forEach { _ = close($0) }
            guard case .exported(let exported) = reply else { throw .decoderStopped }
            try file.commit()
            return ExportResult(
                outputPath: file.target, width: exported.width, height: exported.height,
                lossless: exported.lossless, leftOut: exported.leftOut)
        } catch {
            file.discard()
            throw error
        }
    }

    /// Keeps `crop` for `image` in `IMAGE.xmp`, as `Sidecar.write`: the decoder reads the existing
    /// sidecar and writes the new one into a temporary file made here, which is flushed and renamed
    /// here; an existing sidecar it cannot read is set aside here first. Returns the backup's path then.
    @discardableResult
    public func writeSidecar(_ crop: StoredCrop, for image: String) throws(ImagingError) -> String? {
        let info = try probe(path: image)
        let target = Sidecar.path(for: image)
        let file = try AtomicFile(target: target)
        let temporary = open(file.temporary, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard temporary >= 0 else {
            let failure = errno
            file.discard()
            throw .sidecar(.write(detail: String(cString: strerror(failure))))
        }
        let existing = open(target, O_RDONLY | O_CLOEXEC)
        do throws(ImagingError) {
            defer {
                close(temporary)
                if existing >= 0 { close(existing) }
            }
            let request = DecoderRequest.writeSidecar(crop: crop, info: info, hasExisting: existing >= 0)
            let (reply, received) = try run(request, descriptors: existing >= 0 ? [existing, temporary] : [temporary])
            received.forEach { _ = close($0) }
            guard case .sidecarWritten(let unreadable) = reply else { throw .decoderStopped }
            let backup = unreadable ? try Sidecar.setAside(target) : nil
            try file.commit()
            return backup
        } catch {
            file.discard()
            throw error
        }
    }

    public func levelSuggestion(path: String) throws(ImagingError) -> StraightenAngle? {
        let reply = try reply(onFile: path) { _ in .levelSuggestion(name: Self.name(path)) }
        guard case .level(let angle) = reply else { throw .decoderStopped }
        return angle
    }

    /// The crop libvips' attention measure suggests, as `Imaging.smartCrop`: Suggest and `--crop=auto`.
    public func smartCrop(path: String, transform: ImageOrientation, target: SmartCropTarget) throws(ImagingError) -> PixelRect {
        let reply = try reply(onFile: path) { _ in .smartCrop(name: Self.name(path), transform: transform, target: target) }
        guard case .suggested(let rect) = reply else { throw .decoderStopped }
        return rect
    }

    /// A zoomed view's region, as `Imaging.renderRegion`. A cancellation stops it while it waits for
    /// a process and while the decoder renders: its flag lives in a memfd both processes map, which
    /// the decoder's strip loop reads as the in-process render read its own.
    public func renderRegion(
        _ info: ImageInfo, region: CropRect, scale: Double, cancellation: RenderCancellation? = nil
    ) throws(ImagingError) -> RenderedRegion {
        try cancellation?.check()
        let source = try Self.openSource(info.path)
        defer { close(source) }
        let flagFile = cds_flag_memfd()
        defer { if flagFile >= 0 { close(flagFile) } }
        let flag = flagFile >= 0 ? SealedPixels.mapFlag(flagFile) : nil
        defer { if let flag { SealedPixels.unmapFlag(flag) } }
        let shared = flag.map { RenderCancellation(sharing: $0) }
        let request = DecoderRequest.region(info: info.named(Self.name(info.path)), region: region, scale: scale)
        let (reply, received) = try run(
            request, descriptors: flag != nil ? [source, flagFile] : [source], cancellation: cancellation,
            whileWaiting: { if cancellation?.isCancelled == true { shared?.cancel() } })
        defer { received.forEach { _ = close($0) } }
        try cancellation?.check()
        guard case .region(let shown, let width, let height) = reply, received.count == 1,
            let pixels = SealedPixels.read(received[0], width: width, height: height)
        else { throw .decoderStopped }
        return RenderedRegion(pixels: pixels, region: shown)
    }

    /// Test builds: asks a process to try what its confinement must refuse; what the call returned,
    /// or `decoderStopped` when the process was killed for it.
    public func tryEscaping(_ request: DecoderTestRequest) throws(ImagingError) -> String {
        let (reply, received) = try run(.test(request), descriptors: [])
        received.forEach { _ = close($0) }
        guard case .tested(let outcome) = reply else { throw .decoderStopped }
        return outcome
    }
}
