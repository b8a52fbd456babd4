// The picture and its sidecar, opened relative to their folder without following a link and checked on the descriptor.

import CSafeFiles
import Foundation
import Glibc
import ImagingCore

/// A picture opened for a decoder and, when asked for, its sidecar (`IMAGE.xmp`) from the same folder.
/// Nothing is looked at before it is open (no `stat` of a path that could change in between): each
/// file is opened without following a link (openat2's `RESOLVE_NO_SYMLINKS`, `O_NOFOLLOW` on older
/// kernels) and without waiting on a pipe or a device (`O_NONBLOCK`, cleared once open), then its
/// descriptor must be a regular file on a file system that stores files (`csf_is_pseudo_file_system`
/// names the ones that do not: /proc, /sys and their kin).
package struct PictureFiles {
    /// The picture, read-only.
    package let picture: OwnedDescriptor
    /// Its sidecar when one was asked for.
    package let sidecar: Sidecar

    /// A picture's sidecar as the editor found it.
    package enum Sidecar {
        /// None beside the picture (or none asked for).
        case absent
        /// Open read-only: a regular file on the picture's own device, at most `DecoderLimits.sidecarLimit` bytes.
        case opened(OwnedDescriptor)
        /// There, but not handed to a decoder: it is read as absent, and not replaced.
        case refused(ImagingError.SidecarRefusal)

        /// The open sidecar, or nil.
        package var descriptor: OwnedDescriptor? {
            if case .opened(let file) = self { return file }
            return nil
        }
    }

    /// Opens the picture at `path` with the causes `ImageProbe.probe` gives (missing, a folder, no
    /// permission, empty), and those only a hostile name earns (not a regular file, a file of the
    /// system). A path whose last part is a link that a person named is the file it leads to, opened
    /// and checked the same way; the sidecar, which nobody named, is never followed. With
    /// `withSidecar`, `IMAGE.xmp` in the picture's folder too.
    package static func open(_ path: String, withSidecar: Bool) throws(ImagingError) -> PictureFiles {
        let (folderPath, name) = split(path)
        let folder = OwnedDescriptor(csf_open_folder(folderPath, 0))
        guard folder.fd >= 0 else { throw folderError(errno) }
        let picture = try openPicture(name, in: folder, path: path)
        guard withSidecar else { return PictureFiles(picture: picture, sidecar: .absent) }
        let sidecar = openSidecar(name + ".xmp", in: folder, device: csf_device(picture.fd))
        return PictureFiles(picture: picture, sidecar: sidecar)
    }

    /// The sidecar of the picture at `path` alone (Keep Crop's existing one): as `open` finds it.
    package static func sidecar(of path: String) throws(ImagingError) -> Sidecar {
        try open(path, withSidecar: true).sidecar
    }

    /// `path`'s folder (`.` for a bare name) and last part.
    private static func split(_ path: String) -> (folder: String, name: String) {
        let folder = (path as NSString).deletingLastPathComponent
        return (folder.isEmpty ? "." : folder, (path as NSString).lastPathComponent)
    }

    private static func openPicture(
        _ name: String, in folder: OwnedDescriptor, path: String
    ) throws(ImagingError) -> OwnedDescriptor {
        // "/", "dir/..": a folder whatever it holds.
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/") else { throw .unreadable(.folder) }
        var refusal: Int32 = 0
        let opened = csf_open_checked(folder.fd, name, 0, -1, 1, &refusal)
        if opened >= 0 { return OwnedDescriptor(opened) }
        guard Int(refusal) == CSF_SYMBOLIC_LINK else { throw pictureError(refusal, errno) }
        // Named through a link: the file it leads to, from its own folder, no further link followed.
        guard let target = resolved(path) else { throw .unreadable(.missing) }
        let (targetFolderPath, targetName) = split(target)
        let targetFolder = OwnedDescriptor(csf_open_folder(targetFolderPath, 0))
        guard targetFolder.fd >= 0 else { throw folderError(errno) }
        let followed = csf_open_checked(targetFolder.fd, targetName, 0, -1, 1, &refusal)
        guard followed >= 0 else {
            // A link again: it changed since it was resolved. Nothing is opened through it.
            throw Int(refusal) == CSF_SYMBOLIC_LINK ? .unreadable(.notRegularFile) : pictureError(refusal, errno)
        }
        return OwnedDescriptor(followed)
    }

    private static func openSidecar(_ name: String, in folder: OwnedDescriptor, device: UInt64) -> Sidecar {
        var refusal: Int32 = 0
        let opened = csf_open_checked(folder.fd, name, device, Int64(DecoderLimits.sidecarLimit), 0, &refusal)
        if opened >= 0 { return .opened(OwnedDescriptor(opened)) }
        let code = errno
        switch Int(refusal) {
        case CSF_MISSING: return .absent
        case CSF_DENIED: return .refused(.permissionDenied)
        case CSF_SYMBOLIC_LINK: return .refused(.symbolicLink)
        case CSF_FOLDER: return .refused(.folder)
        case CSF_NOT_REGULAR: return .refused(.notRegularFile)
        case CSF_PSEUDO_FILE_SYSTEM: return .refused(.systemFile)
        case CSF_OTHER_DEVICE: return .refused(.otherDevice)
        case CSF_TOO_LARGE: return .refused(.tooLarge(limit: DecoderLimits.sidecarLimit))
        default: return .refused(.unopenable(errno: code))
        }
    }

    private static func pictureError(_ refusal: Int32, _ code: Int32) -> ImagingError {
        switch Int(refusal) {
        case CSF_MISSING: return .unreadable(.missing)
        case CSF_DENIED: return .unreadable(.permissionDenied)
        case CSF_FOLDER: return .unreadable(.folder)
        case CSF_NOT_REGULAR, CSF_SYMBOLIC_LINK, CSF_OTHER_DEVICE: return .unreadable(.notRegularFile)
        case CSF_PSEUDO_FILE_SYSTEM: return .unreadable(.systemFile)
        case CSF_EMPTY: return .unreadable(.empty)
        default: return code == EACCES ? .unreadable(.permissionDenied) : .unreadable(.readFailed)
        }
    }

    private static func folderError(_ code: Int32) -> ImagingError {
        switch code {
        case ENOENT, ENOTDIR, ELOOP: return .unreadable(.missing)
        case EACCES, EPERM: return .unreadable(.permissionDenied)
        default: return .unreadable(.readFailed)
        }
    }

    /// The path with every link resolved, or nil when it leads nowhere.
    private static func resolved(_ path: String) -> String? {
        guard let buffer = realpath(path, nil) else { return nil }
        defer { free(buffer) }
        return String(cString: buffer)
    }
}
