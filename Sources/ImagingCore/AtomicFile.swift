// Writing a result safely: a temporary file in the destination folder, flushed to disk, then renamed over the target.

import Foundation
import Glibc

/// A temporary file beside `target`; `commit` renames it over the target, `discard` removes it.
/// Until `commit`, the target is untouched, so a failure at any point leaves it as it was.
/// Public for the process that hands the decoding process the temporary file to write into.
public struct AtomicFile: Sendable {
    public let target: String
    public let temporary: String

    /// `name`: the temporary's name, when the caller chose it (a batch names its workers' temporaries
    /// itself, so that it removes only what it named); a fresh hidden one otherwise.
    public init(target: String, name: String? = nil) throws(ImagingError) {
        self.target = target
        let folder =
            (target as NSString).deletingLastPathComponent.isEmpty
            ? "." : (target as NSString).deletingLastPathComponent
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

    /// A hidden, unique name for a temporary file.
    public static func temporaryName() -> String { ".cropeditor-\(UUID().uuidString.prefix(8)).tmp" }

    /// Makes the temporary file (it must not exist) and has `fill` write it through the descriptor
    /// given, returning 0 or the errno that stopped it; the file is removed when anything failed.
    public func create(_ fill: (Int32) -> Int32) throws(ImagingError) {
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw abandoned(ImagingError.WriteFailure.write) }
        let failure = fill(fd)
        close(fd)
        guard failure == 0 else { throw abandoned(ImagingError.WriteFailure.write, errno: failure) }
    }

    /// Flushes the temporary file to disk and renames it over the target.
    public func commit() throws(ImagingError) {
        Self.pauseBeforeCommitForTests()
        let fd = open(temporary, O_RDONLY)
        guard fd >= 0 else { throw abandoned(ImagingError.WriteFailure.reopen) }
        let synced = fsync(fd)
        // fsync's errno, before close can change it.
        let syncFailure = errno
        close(fd)
        guard synced == 0 else { throw abandoned(ImagingError.WriteFailure.write, errno: syncFailure) }
        // A stop signal from here on waits until the result is in place (and, in a batch worker,
        // reported), so the result is never both written and uncounted.
        TemporaryFileSignal.holdStops()
        defer { TemporaryFileSignal.releaseStops() }
        guard rename(temporary, target) == 0 else { throw abandoned(ImagingError.WriteFailure.rename) }
        TemporaryFileSignal.temporaryChanged(nil)
        // The rename itself is durable once the folder is synced.
        let folder = (target as NSString).deletingLastPathComponent.isEmpty ? "." : (target as NSString).deletingLastPathComponent
        let dfd = open(folder, O_RDONLY | O_DIRECTORY)
        if dfd >= 0 { _ = fsync(dfd); close(dfd) }
    }

    /// Debug builds only, under the test harness's variable: the written temporary waits this many
    /// seconds before it is flushed and renamed, so a test can stop the process while it exists.
    private static func pauseBeforeCommitForTests() {
        #if DEBUG
            if let text = getenv("CROP_EDITOR_TEST_COMMIT_PAUSE"), let seconds = UInt32(String(cString: text)) {
                sleep(seconds)
            }
        #endif
    }

    public func discard() {
        TemporaryFileSignal.temporaryChanged(nil)
        unlink(temporary)
    }

    /// The temporary removed, and the failure of the step that stopped with `code` (errno unless
    /// given: read before the removal can change it).
    private func abandoned(_ failure: (Int32) -> ImagingError.WriteFailure, errno code: Int32 = errno) -> ImagingError {
        discard()
        return .writeFailed(failure(code))
    }
}

extension AtomicFile {
    /// Copies the first `count` bytes of `source` (read from its start, its own offset untouched) to
    /// `descriptor` in the kernel, again after interruptions and short copies: no mapping of either
    /// to fault in, no copy in this process. A target the kernel cannot copy into that way (some
    /// devices and file systems) gets the bytes through a buffer instead. Returns 0, or the errno
    /// that stopped it (ENOSPC for a write that wrote nothing, EIO for a source shorter than `count`).
    public static func copyAll(from source: Int32, count: Int, to descriptor: Int32) -> Int32 {
        var offset: off_t = 0
        while offset < count {
            let copied = sendfile(descriptor, source, &offset, count - Int(offset))
            if copied < 0, errno == EINTR { continue }
            if copied < 0, errno == EINVAL || errno == ENOSYS {
                return copyThroughBuffer(from: source, at: Int(offset), count: count, to: descriptor)
            }
            guard copied > 0 else { return copied == 0 ? EIO : errno }
        }
        return 0
    }

    /// The rest of `copyAll`'s copy, from `start` on, read and written 1 MiB at a time.
    private static func copyThroughBuffer(from source: Int32, at start: Int, count: Int, to descriptor: Int32) -> Int32 {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var offset = start
        while offset < count {
            let read = buffer.withUnsafeMutableBytes {
                pread(source, $0.baseAddress, min($0.count, count - offset), off_t(offset))
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
