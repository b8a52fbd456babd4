// An unreadable sidecar kept under a fresh name (IMAGE.xmp~, IMAGE.xmp~1, …): nothing is replaced or removed.

import CSafeFiles
import Foundation
import Glibc

extension Sidecar {
    /// How many numbered names are tried before giving up (`IMAGE.xmp~` … `IMAGE.xmp~999`).
    static let backupNames = 1000

    /// Keeps the sidecar open on `descriptor` (the very file that could not be read, whatever its name
    /// says now) under the first free name of `IMAGE.xmp~`, `IMAGE.xmp~1`, `IMAGE.xmp~2`, … beside
    /// `sidecar`: a hard link made with `linkat`, which never replaces a name, so a file or folder
    /// already called so is left as it is. Where the file system has no hard links, the sidecar is
    /// renamed with `renameat2(RENAME_NOREPLACE)` instead, if it is still that file. The backup's path;
    /// nil when the file is gone (nothing to keep).
    public static func setAside(_ descriptor: Int32, of sidecar: String) throws(ImagingError) -> String? {
        let folderPath = (sidecar as NSString).deletingLastPathComponent
        let name = (sidecar as NSString).lastPathComponent
        let folder = csf_open_folder(folderPath.isEmpty ? "." : folderPath, 0)
        guard folder >= 0 else { throw .sidecar(.backup(detail: String(cString: strerror(errno)))) }
        defer { close(folder) }
        var linksWork = true
        for number in 0..<backupNames {
            let backup = name + "~" + (number == 0 ? "" : String(number))
            if linksWork {
                if csf_link(descriptor, folder, backup) == 0 { return path(backup, beside: folderPath) }
                if errno == EEXIST { continue }
                if errno == ENOENT { return nil }
                guard errno == EPERM || errno == EOPNOTSUPP || errno == EMLINK else { throw backupFailure(errno) }
                linksWork = false
            }
            guard isStill(descriptor, named: name, in: folder) else { return nil }
            if csf_rename_noreplace(folder, name, backup) == 0 { return path(backup, beside: folderPath) }
            guard errno == EEXIST else { throw backupFailure(errno) }
        }
        throw backupFailure(EEXIST)
    }

    /// `setAside` for the sidecar at `sidecar` (opened here without following a link).
    public static func setAside(_ sidecar: String) throws(ImagingError) -> String? {
        let fd = open(sidecar, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw backupFailure(errno) }
        defer { close(fd) }
        return try setAside(fd, of: sidecar)
    }

    private static func path(_ name: String, beside folder: String) -> String {
        folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
    }

    /// Whether `name` in `folder` is still the file open on `descriptor`.
    private static func isStill(_ descriptor: Int32, named name: String, in folder: Int32) -> Bool {
        var open = stat(), named = stat()
        return fstat(descriptor, &open) == 0 && fstatat(folder, name, &named, AT_SYMLINK_NOFOLLOW) == 0
            && open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }

    private static func backupFailure(_ code: Int32) -> ImagingError {
        .sidecar(.backup(detail: String(cString: strerror(code))))
    }
}
