// Who hears of the temporary file a write is filling: the signal handler always, and a batch worker's batch, which removes it if the worker dies mid-write.

import CInterrupt
import Foundation

extension Imaging {
    /// Calls `observer` with each temporary file a write starts filling, and with nil once it is
    /// renamed or removed. A batch's worker process passes them on to its batch: a worker that
    /// crashes, or is killed outright, cannot remove its own.
    public static func watchTemporaries(_ observer: @escaping @Sendable (String?) -> Void) {
        TemporaryWatch.shared.set(observer)
    }

    /// The write now filling `path` (nil: none).
    static func temporaryChanged(_ path: String?) {
        ci_set_temporary(path)
        TemporaryWatch.shared.observer?(path)
    }
}

private final class TemporaryWatch: @unchecked Sendable {
    static let shared = TemporaryWatch()
    private let lock = NSLock()
    private var current: (@Sendable (String?) -> Void)?

    func set(_ observer: @escaping @Sendable (String?) -> Void) {
        lock.lock()
        current = observer
        lock.unlock()
    }

    var observer: (@Sendable (String?) -> Void)? {
        lock.lock()
        defer { lock.unlock() }
        return current
    }
}
