// Whether two paths name the same file, so the source is never chosen as the output, however it is spelled.

import Foundation

public enum FileIdentity {
    /// True for the same path spelled differently (`./a.jpg`, `dir/../a.jpg`, a symbolic link to
    /// it) and for two names of one file (a hard link): writing either would lose the source.
    public static func same(_ a: String, _ b: String) -> Bool {
        if resolved(a) == resolved(b) { return true }
        var first = stat(), second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// The absolute path with links and `..` resolved; an output usually does not exist yet, so
    /// then its folder is resolved and the name appended.
    public static func resolved(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        if let real = realPath(absolute) { return real }
        let url = URL(fileURLWithPath: absolute)
        let folder = url.deletingLastPathComponent().path
        guard let realFolder = realPath(folder) else { return absolute }
        return (realFolder as NSString).appendingPathComponent(url.lastPathComponent)
    }

    private static func realPath(_ path: String) -> String? {
        guard let buffer = realpath(path, nil) else { return nil }
        defer { free(buffer) }
        return String(cString: buffer)
    }
}
