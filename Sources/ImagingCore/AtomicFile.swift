// Writing a result safely: no name until it is whole, the replaced file's owner and mode kept, then put in place atomically.

import CSafeFiles
import Foundation
import Glibc

/// A result on its way to `target`; until `commit`, the target is untouched, so a failure at any
/// point leaves it as it was, and no temporary outlives the save.
///
/// Written through a descriptor (`create`, the editor's and the command line's saves): the file has
/// no name while it is written (`O_TMPFILE`), or, on a file system without that, a hidden name held
/// locked (`flock`) while it is written. `commit` gives it the replaced file's owner, group, mode and
/// extended attributes (ACLs and labels among them) as far as this process may, or the usual mode
/// for a new file, flushes it, and then links it as the target (a new one) or under `temporary` and
/// renames it over the target. Each save first removes the stale temporaries of earlier saves in its
/// folder (`removeStaleTemporaries`): one of ours, older than this save, whose lock can be taken.
///
/// Written by name (the decoder's libraries write `temporary` themselves, where every name is a
/// descriptor the decoder was handed): `commit` flushes and renames that name.
public final class AtomicFile: @unchecked Sendable {
    public let target: String
    /// The hidden name the result has in the target's folder before its rename.
    public let temporary: String
    let folderPath: String
    /// When the save began: only temporaries older than this are stale.
    let started: timespec
    /// What `create` opened (nil for a result written by name).
    var written: Written?
    /// Whether the result is written through a descriptor (`create` was called).
    var byDescriptor = false

    /// A result being written through a descriptor.
    struct Written {
        /// The target's folder (read-only, for the `*at` calls and the final flush).
        let folder: Int32
        let file: Int32
        /// Whether the file has the hidden name (else it has none yet).
        var named: Bool
        var committed = false
    }

    /// `name`: the temporary's name, when the caller chose it (a batch names its workers' temporaries
    /// itself, so that it removes only what it named); a fresh hidden one otherwise.
    public init(target: String, name: String? = nil) throws(ImagingError) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        started = now
        self.target = target
        let folder =
            (target as NSString).deletingLastPathComponent.isEmpty
            ? "." : (target as NSString).deletingLastPathComponent
        folderPath = folder
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .writeFailed(.folderMissing(folder))
        }
        guard access(folder, W_OK) == 0 else { throw .writeFailed(.folderNotWritable(folder)) }
        guard (target as NSString).lastPathComponent.utf8.count <= Int(NAME_MAX) else {
            throw .writeFailed(.nameTooLong(limit: Int(NAME_MAX)))
        }
        // Hidden, unique, short (any target name that fits, fits), and in the same folder so the
        // final rename is atomic (same file system).
        let name = name ?? Self.temporaryName()
        temporary = (folder as NSString).appendingPathComponent(name)
        // Where the command line's SIGTERM/SIGINT handler looks (see `TemporaryFileSignal.removeTemporariesOnInterrupt`).
        TemporaryFileSignal.temporaryChanged(temporary)
    }

    deinit { abandonWritten() }

    /// A hidden, unique name for a temporary file.
    public static func temporaryName() -> String { ".cropeditor-\(UUID().uuidString.prefix(8)).tmp" }

    var targetName: String { (target as NSString).lastPathComponent }
    var temporaryName: String { (temporary as NSString).lastPathComponent }

    /// Makes the file (stale temporaries of the folder removed first) and has `fill` write it
    /// through the descriptor given, returning 0 or the errno that stopped it; nothing is left when
    /// anything failed.
    public func create(_ fill: (Int32) -> Int32) throws(ImagingError) {
        byDescriptor = true
        let folder = csf_open_folder(folderPath, 1)
        guard folder >= 0 else { throw abandoned(ImagingError.WriteFailure.write) }
        Self.removeStaleTemporaries(in: folder, olderThan: started)
        // While it is written, only this process may read it when it is to replace a file (whose
        // readers `commit` then gives it); a new file gets the usual mode from the start.
        let replacing = Self.exists(targetName, in: folder)
        guard let opened = Self.makeFile(in: folder, named: temporaryName, mode: replacing ? 0o600 : 0o666) else {
            let code = errno
            close(folder)
            throw abandoned(ImagingError.WriteFailure.write, errno: code)
        }
        written = Written(folder: folder, file: opened.file, named: opened.named)
        if opened.named { Self.saves.noteNamed(self, folder: folder, descriptor: opened.file, name: temporaryName) }
        let failure = fill(opened.file)
        guard failure == 0 else { throw abandoned(ImagingError.WriteFailure.write, errno: failure) }
    }

    /// Puts the result in place: see the type's description.
    public func commit() throws(ImagingError) {
        guard byDescriptor else { return try commitNamed() }
        try finishWritten()
        Self.pauseForTests("CROP_EDITOR_TEST_COMMIT_PAUSE")
        // A stop signal from here on waits until the result is in place (and, in a batch worker,
        // reported), so the result is never both written and uncounted, nor half renamed.
        TemporaryFileSignal.holdStops()
        defer { TemporaryFileSignal.releaseStops() }
        try Self.saves.putInPlace(self)
    }

    /// Removes what was written (nothing is left of it).
    public func discard() {
        TemporaryFileSignal.temporaryChanged(nil)
        if byDescriptor { return abandonWritten() }
        unlink(temporary)
    }

    /// Flushes a result written by name and renames it over the target.
    private func commitNamed() throws(ImagingError) {
        Self.pauseForTests("CROP_EDITOR_TEST_COMMIT_PAUSE")
        let fd = open(temporary, O_RDONLY)
        guard fd >= 0 else { throw abandoned(ImagingError.WriteFailure.reopen) }
        let synced = fsync(fd)
        // fsync's errno, before close can change it.
        let syncFailure = errno
        close(fd)
        guard synced == 0 else { throw abandoned(ImagingError.WriteFailure.write, errno: syncFailure) }
        TemporaryFileSignal.holdStops()
        defer { TemporaryFileSignal.releaseStops() }
        guard rename(temporary, target) == 0 else { throw abandoned(ImagingError.WriteFailure.rename) }
        TemporaryFileSignal.temporaryChanged(nil)
        // The rename itself is durable once the folder is synced.
        let dfd = open(folderPath, O_RDONLY | O_DIRECTORY)
        if dfd >= 0 { _ = fsync(dfd); close(dfd) }
    }

    /// The failure of the step that stopped with `code` (errno unless given: read before the
    /// removal can change it), what was written removed.
    func abandoned(_ failure: (Int32) -> ImagingError.WriteFailure, errno code: Int32 = errno) -> ImagingError {
        discard()
        return .writeFailed(failure(code))
    }
}

extension AtomicFile {
    /// Copies `count` bytes of `source` from `start` (its own offset untouched) to `descriptor` in the
    /// kernel, again after interruptions and short copies: no mapping of either to fault in, no copy
    /// in this process. A target the kernel cannot copy into that way (some devices and file systems)
    /// gets the bytes through a buffer instead. Returns 0, or the errno that stopped it (ENOSPC for a
    /// write that wrote nothing, EIO for a source shorter than `start + count`).
    public static func copyAll(from source: Int32, at start: Int = 0, count: Int, to descriptor: Int32) -> Int32 {
        var offset = off_t(start)
        let end = start + count
        while offset < end {
            let copied = sendfile(descriptor, source, &offset, end - Int(offset))
            if copied < 0, errno == EINTR { continue }
            if copied < 0, errno == EINVAL || errno == ENOSYS {
                return copyThroughBuffer(from: source, at: Int(offset), until: end, to: descriptor)
            }
            guard copied > 0 else { return copied == 0 ? EIO : errno }
        }
        return 0
    }

    /// The rest of `copyAll`'s copy, from `start` until `end`, read and written 1 MiB at a time.
    private static func copyThroughBuffer(from source: Int32, at start: Int, until end: Int, to descriptor: Int32) -> Int32 {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var offset = start
        while offset < end {
            let read = buffer.withUnsafeMutableBytes {
                pread(source, $0.baseAddress, min($0.count, end - offset), off_t(offset))
            }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { return read == 0 ? EIO : errno }
            let failure = buffer.withUnsafeBytes { writeAll(UnsafeRawBufferPointer(rebasing: $0.prefix(read)), to: descriptor) }
            guard failure == 0 else { return failure }
            offset += read
        }
        return 0
    }

    /// Writes all of `bytes` to `descriptor`, again after interruptions and short writes. Returns
    /// 0, or the errno that stopped it (ENOSPC for a write that wrote nothing).
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return written == 0 ? ENOSPC : errno }
            offset += written
        }
        return 0
    }
}
