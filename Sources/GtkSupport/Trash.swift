// The desktop's trash (GIO's g_file_trash, the freedesktop.org trash layout): a file moved there, found there, and put back.

import CGtk
import Foundation
import Glibc

/// A file in the trash: where it was, where the trash keeps it (`TRASH/files/NAME`) and the record
/// the trash wrote for it (`TRASH/info/NAME.trashinfo`, which file managers restore by).
public struct TrashedFile: Equatable, Sendable {
    public let originalPath: String
    public let trashedPath: String
    public let infoPath: String
}

/// Why the trash could not take or give back a file, in GIO's or the system's words.
public struct TrashFailure: Error, Equatable, Sendable {
    public let reason: String
}

/// Moving files to the trash and back. Without gvfs there is no `trash://` to restore through, so a
/// file is put back by the `.trashinfo` record the trash wrote (the freedesktop.org Trash
/// specification: `Path=` the original place, URI-escaped, absolute in the home trash and relative
/// to the top directory in a mount's own). Blocking file work: call off the main thread.
public enum Trash {
    /// Moves the file at `path` to the trash (`g_file_trash`) and finds it there.
    public static func move(_ path: String) throws(TrashFailure) -> TrashedFile {
        var before = stat()
        guard lstat(path, &before) == 0 else { throw TrashFailure(reason: String(cString: strerror(errno))) }
        let file = g_file_new_for_path(path)!
        defer { g_object_unref(file.raw) }
        // The place as GIO writes it in the record (`a//b/./c` is `a/b/c`).
        let path = Files.path(of: file) ?? path
        var error: UnsafeMutablePointer<GError>?
        guard g_file_trash(file, nil, &error) != 0 else {
            defer { if let error { g_error_free(error) } }
            throw TrashFailure(reason: error.map { String(cString: $0.pointee.message) } ?? "the trash refused it")
        }
        for (folder, top) in folders(for: path, device: before.st_dev) {
            if let found = find(path, device: before.st_dev, inode: before.st_ino, in: folder, top: top) { return found }
        }
        throw TrashFailure(reason: "the trash took it, but its record is not where the trash keeps them")
    }

    /// Puts `trashed` back in its place (never over a file that is there now) and removes its record.
    public static func restore(_ trashed: TrashedFile) throws(TrashFailure) {
        let from = g_file_new_for_path(trashed.trashedPath), to = g_file_new_for_path(trashed.originalPath)
        defer { g_object_unref(from?.raw); g_object_unref(to?.raw) }
        var error: UnsafeMutablePointer<GError>?
        guard g_file_move(from, to, G_FILE_COPY_NOFOLLOW_SYMLINKS, nil, nil, nil, &error) != 0 else {
            defer { if let error { g_error_free(error) } }
            throw TrashFailure(reason: error.map { String(cString: $0.pointee.message) } ?? "it could not be moved back")
        }
        unlink(trashed.infoPath)
    }

    /// The trash folders a file at `path` on `device` can have gone to, each with the top directory
    /// its records' relative places start from: the home trash (`$XDG_DATA_HOME/Trash`), then the
    /// file's mount's own (`TOP/.Trash/UID`, `TOP/.Trash-UID`).
    static func folders(for path: String, device: dev_t) -> [(folder: String, top: String)] {
        let home = String(cString: g_get_user_data_dir()) + "/Trash"
        var top = (path as NSString).deletingLastPathComponent
        // The top directory of the mount: the highest folder still on the file's device.
        while top != "/" {
            let parent = (top as NSString).deletingLastPathComponent
            var info = stat()
            guard lstat(parent, &info) == 0, info.st_dev == device else { break }
            top = parent
        }
        let base = top == "/" ? "" : top, uid = getuid()
        return [(home, "/"), ("\(base)/.Trash/\(uid)", top), ("\(base)/.Trash-\(uid)", top)]
    }

    /// The entry of `trash` for the file that was at `path`: a record naming that place whose file
    /// is the same file (device and inode: trashing renames, so they stay). Several files once at the
    /// same place may be in the trash; only the one just moved is this file. `top`: where the
    /// records' relative places start.
    static func find(_ path: String, device: dev_t, inode: ino_t, in trash: String, top: String) -> TrashedFile? {
        let info = trash + "/info", files = trash + "/files"
        guard let records = try? FileManager.default.contentsOfDirectory(atPath: info) else { return nil }
        for record in records where record.hasSuffix(".trashinfo") {
            let recordPath = info + "/" + record
            guard let text = try? String(contentsOfFile: recordPath, encoding: .utf8), let place = originalPath(in: text)
            else { continue }
            let original = place.hasPrefix("/") ? place : (top as NSString).appendingPathComponent(place)
            guard original == path else { continue }
            let trashed = files + "/" + String(record.dropLast(".trashinfo".count))
            var now = stat()
            guard lstat(trashed, &now) == 0, now.st_dev == device, now.st_ino == inode else { continue }
            return TrashedFile(originalPath: path, trashedPath: trashed, infoPath: recordPath)
        }
        return nil
    }

    /// The `Path=` of a `.trashinfo` record's `[Trash Info]` group, unescaped.
    static func originalPath(in record: String) -> String? {
        var inGroup = false
        for line in record.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("[") { inGroup = line == "[Trash Info]" }
            if inGroup, line.hasPrefix("Path=") { return String(line.dropFirst(5)).removingPercentEncoding }
        }
        return nil
    }
}
