// What a process holds open, read from /proc: its memfds, and a file with no name it is writing in a folder.

import Foundation

enum ProcessFiles {
    /// Where each descriptor of `pid` leads (`/proc/PID/fd`).
    static func targets(of pid: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        return names.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/" + $0) }
    }

    /// How many memfds `pid` (this process by default) holds.
    static func memfds(of pid: String = "self") -> Int { targets(of: pid).filter { $0.hasPrefix("/memfd:") }.count }

    /// Whether `pid` holds a file with no name in `folder` (O_TMPFILE: `FOLDER/#N (deleted)`).
    static func holdsAnUnnamedFile(_ pid: Int32, in folder: URL) -> Bool {
        targets(of: "\(pid)").contains { $0.hasPrefix(folder.path + "/#") && $0.hasSuffix(" (deleted)") }
    }
}
