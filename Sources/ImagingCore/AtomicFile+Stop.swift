// The process's saves and a request to stop: a save being put in place finishes, the others are undone.

import Foundation
import Glibc

extension AtomicFile {
    /// Every save of this process (one registry, whatever the thread).
    static let saves = Saves()

    /// For a process about to end on a stop signal (the window's SIGTERM, SIGINT, SIGHUP): a save
    /// being put in place (link and rename, a few milliseconds) is waited for; every other one is
    /// undone, its hidden name removed now, and none is put in place after this. The targets keep
    /// either their old contents or the whole new ones.
    public static func stopSaves() { saves.stop() }

    /// The hidden names in use and whether the process is stopping, behind one lock.
    final class Saves: @unchecked Sendable {
        /// Recursive: a save undone while it is put in place forgets itself under the same lock.
        private let lock = NSRecursiveLock()
        private var stopped = false
        /// Saves whose file has its hidden name and is not in place yet, with the descriptors to remove it by.
        private var named: [ObjectIdentifier: (folder: Int32, file: Int32, name: String)] = [:]

        /// Puts `file` in place unless the process is stopping (then it is undone).
        func putInPlace(_ file: AtomicFile) throws(ImagingError) {
            lock.lock()
            defer { lock.unlock() }
            guard !stopped else { throw file.abandoned(ImagingError.WriteFailure.rename, errno: EINTR) }
            try file.putInPlace()
        }

        /// `file` has the hidden name `name` in `folder` until `forget`.
        func noteNamed(_ file: AtomicFile, folder: Int32, descriptor: Int32, name: String) {
            lock.withLock { named[ObjectIdentifier(file)] = (folder, descriptor, name) }
        }

        /// Called before `file` closes its descriptors: nothing of it is to be removed any more.
        func forget(_ file: AtomicFile) {
            lock.withLock { _ = named.removeValue(forKey: ObjectIdentifier(file)) }
        }

        func stop() {
            lock.withLock {
                stopped = true
                for entry in named.values where AtomicFile.isFile(entry.file, named: entry.name, in: entry.folder) {
                    unlinkat(entry.folder, entry.name, 0)
                }
                named.removeAll()
            }
        }
    }
}
