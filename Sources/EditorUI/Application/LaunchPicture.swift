// The photo named at launch, decoded while GTK and the window start, so the first window waits for no decode.

import CGtk
import Canvas
import Foundation
import GtkSupport
import LaunchTrace

/// A launch with a file starts GTK, libadwaita and the window before the window could ask for its
/// picture, and the decoder's process is ready sooner (docs/BENCHMARKS.md, "Where the launch's time
/// goes"). So the
/// application asks for the first file's display thumbnail as soon as the screen is known (its
/// size is the thumbnail's box), and the window that opens the file takes that decode over.
@MainActor
final class LaunchPicture {
    /// The first file argument as GIO resolves it (the path `open` will be handed), until started.
    private var path: String?
    /// The decode begun at start-up, until a window takes it.
    private var decode: (path: String, task: Task<PhotoPrefetcher.Decoded, Never>, done: Finished)?

    /// A decode handed to a window: its result when it has ended (shown in the window's first frame,
    /// with no turn of the main loop in between), else the decode to wait for.
    enum Handover {
        case ready(PhotoPrefetcher.Decoded)
        case running(Task<PhotoPrefetcher.Decoded, Never>)
    }

    /// The result, set on the decoding thread the moment it exists (a task's value can only be awaited).
    private final class Finished: @unchecked Sendable {
        private let lock = NSLock()
        private var result: PhotoPrefetcher.Decoded?
        func set(_ value: PhotoPrefetcher.Decoded) { lock.withLock { result = value } }
        var value: PhotoPrefetcher.Decoded? { lock.withLock { result } }
    }

    /// Remembers the first argument that names a local file (options and URIs are left to GApplication).
    func note(_ arguments: [String]) {
        guard let first = arguments.dropFirst().first(where: { !$0.hasPrefix("-") }) else { return }
        path = Files.localPath(ofArgument: first)
    }

    /// Starts decoding the remembered file, sized for the window it will open in: call once the
    /// display is open. (The photos after it are decoded for the screen, ahead of time; this one
    /// is waited for, and a big JPEG decodes sooner for a window than for the screen, as libjpeg can
    /// scale it down by a larger power of two.)
    func start() {
        guard let path else { return }
        self.path = nil
        let limit = ImageSource.windowLimit(AppSettings.restoredSize)
        LaunchTrace.mark("launch picture asked")
        LaunchTrace.mark("launch picture's box \(limit.width) × \(limit.height)")
        let done = Finished()
        let task = Task.detached(priority: .userInitiated) {
            let result = ImageSource.decode(path: path, maxWidth: limit.width, maxHeight: limit.height)
            done.set(result)
            return result
        }
        decode = (path, task, done)
    }

    /// The decode of `path` begun at launch, handed over once; nil for any other file.
    func take(_ path: String) -> Handover? {
        guard let decode, decode.path == path else { return nil }
        self.decode = nil
        return decode.done.value.map { .ready($0) } ?? .running(decode.task)
    }
}
