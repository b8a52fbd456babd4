// Display thumbnails of a session's photos decoded ahead in the background, so the next and previous photo show at once.

import Canvas
import Foundation

/// Holds the decoded pictures of the photos around the shown one, and the decodes still running.
/// A photo asked for while its decode runs waits for that decode rather than starting another.
@MainActor
final class PhotoPrefetcher {
    typealias Decoded = Result<LoadedImage, ImageLoadError>

    private var ready: [String: Decoded] = [:]
    private var running: [String: (id: Int, task: Task<Decoded, Never>)] = [:]
    /// Tells a decode from a later one of the same file (started again after a drop).
    private var started = 0
    /// The largest picture decoded, in device pixels (the window's screen limit).
    private let limit: @MainActor () -> (width: Int, height: Int)

    /// Told of each picture decoded ahead and kept (the window draws it for its canvas).
    var onPrepared: (@MainActor (String, LoadedImage) -> Void)?

    init(limit: @escaping @MainActor () -> (width: Int, height: Int)) {
        self.limit = limit
    }

    /// The decoded picture of `path` if it is ready now (shown without waiting), else nil.
    func prepared(_ path: String) -> Decoded? { ready[path] }

    /// Decodes `path` (or waits for the decode already running); the result is kept for `keep(_:)`.
    func load(_ path: String) async -> Decoded {
        if let done = ready[path] { return done }
        return await start(path, priority: .userInitiated).value
    }

    /// Keeps only `paths`' pictures and starts decoding those not yet decoded, at a lower priority
    /// than what the person waits for.
    func keep(_ paths: [String]) {
        let wanted = Set(paths)
        ready = ready.filter { wanted.contains($0.key) }
        for (path, decode) in running where !wanted.contains(path) {
            decode.task.cancel()
            running[path] = nil
        }
        for path in paths where ready[path] == nil && running[path] == nil { _ = start(path, priority: .utility) }
    }

    /// Forgets `path`'s picture (its file changed on disk).
    func drop(_ path: String) {
        ready[path] = nil
        running[path]?.task.cancel()
        running[path] = nil
    }

    /// Forgets everything (the window closed or left the folder).
    func dropAll() {
        for decode in running.values { decode.task.cancel() }
        running = [:]
        ready = [:]
    }

    /// Takes over a decode of `path` begun elsewhere (the application's, at launch): its result
    /// when it ended, else as the running decode.
    func adopt(_ path: String, _ decode: LaunchPicture.Handover) {
        guard running[path] == nil else { return }
        switch decode {
        case .ready(let result): ready[path] = result
        case .running(let task): track(path, task)
        }
    }

    private func start(_ path: String, priority: TaskPriority) -> Task<Decoded, Never> {
        if let decode = running[path] { return decode.task }
        let (width, height) = limit()
        return track(
            path,
            Task.detached(priority: priority) {
                ImageSource.decode(path: path, maxWidth: width, maxHeight: height)
            })
    }

    /// Keeps `decode` as `path`'s running decode, its result kept when it ends unless dropped meanwhile.
    @discardableResult
    private func track(_ path: String, _ decode: Task<Decoded, Never>) -> Task<Decoded, Never> {
        started += 1
        let id = started
        let task = Task { @MainActor [weak self] in
            let result = await decode.value
            // A decode dropped meanwhile (the session moved on) is not kept.
            if let self, self.running[path]?.id == id {
                self.running[path] = nil
                self.ready[path] = result
                if case .success(let image) = result { self.onPrepared?(path, image) }
            }
            return result
        }
        running[path] = (id, task)
        return task
    }
}
