// Temporaries of earlier saves that never finished (a crash, SIGKILL, power loss), removed by the next save in their folder.

import Foundation
import Glibc

extension AtomicFile {
    /// Removes from `folder` each `.cropeditor-*.tmp` that is a regular file of this user's, last
    /// written before `start` (this save's beginning), and not being written: every save holds an
    /// `flock` on its file while it lives, so one whose lock can be taken belongs to a save that
    /// ended without finishing. Nothing else is touched, and a link or a pipe of that name is not
    /// opened through.
    static func removeStaleTemporaries(in folder: Int32, olderThan start: timespec) {
        let listing = dup(folder)
        guard listing >= 0, let directory = fdopendir(listing) else {
            if listing >= 0 { close(listing) }
            return
        }
        defer { closedir(directory) }
        rewinddir(directory)
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name.hasPrefix(".cropeditor-"), name.hasSuffix(".tmp") { names.append(name) }
        }
        for name in names { removeIfStale(name, in: folder, olderThan: start) }
    }

    private static func removeIfStale(_ name: String, in folder: Int32, olderThan start: timespec) {
        let file = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_uid == geteuid(),
            isBefore(status.st_mtim, start), flock(file, LOCK_EX | LOCK_NB) == 0,
            isFile(file, named: name, in: folder)
        else { return }
        unlinkat(folder, name, 0)
    }

    private static func isBefore(_ time: timespec, _ start: timespec) -> Bool {
        time.tv_sec < start.tv_sec || (time.tv_sec == start.tv_sec && time.tv_nsec < start.tv_nsec)
    }
}
