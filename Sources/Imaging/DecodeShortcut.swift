// What the tests see and steer of a way around libvips' own load (a JPEG crop decoded alone, libspng's PNG rows).

import Foundation

/// For the tests, by source path: how many decodes took the shortcut to the end (kept once a test asks),
/// and the sources that go libvips' way regardless, to compare the two on the same file. By path, so that
/// tests running at once never steer each other's files.
package final class DecodeShortcut: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int]?
    private var libvipsWay: Set<String> = []

    /// Starts keeping counts (nothing is kept before: a session decodes any number of files).
    package func keep() { lock.withLock { counts = counts ?? [:] } }

    /// How many decodes of `path` took the shortcut to the end since counts were kept.
    package func count(_ path: String) -> Int { lock.withLock { counts?[path] ?? 0 } }

    /// Sends `path`'s decodes libvips' way (today's), or back.
    package func takeLibvipsWay(_ path: String, _ yes: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if yes { libvipsWay.insert(path) } else { libvipsWay.remove(path) }
    }

    func allows(_ path: String) -> Bool { lock.withLock { !libvipsWay.contains(path) } }

    func add(_ path: String) { lock.withLock { counts?[path, default: 0] += 1 } }
}
