// Waiting for something to appear in a folder without polling: inotify tells when a file is created or moved in.

import Foundation
import Glibc

@testable import TestSupport

/// An inotify watch on one folder's new entries, closed when it goes.
final class FolderWatch {
    private let fd: Int32

    init(_ folder: URL) throws {
        fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0, inotify_add_watch(fd, folder.path, UInt32(IN_CREATE | IN_MOVED_TO)) >= 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    deinit { close(fd) }

    /// Returns once `condition` holds, checked now and after each new entry, or when `seconds` pass.
    func wait(seconds: Double, until condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !condition() {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return }
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, Int32(left * 1000) + 1) > 0 else { continue }
            _ = read(fd, &buffer, buffer.count)  // drain: what changed is read back through `condition`
        }
    }
}
