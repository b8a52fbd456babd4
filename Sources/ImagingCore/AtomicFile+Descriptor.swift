// A result written through a descriptor: made nameless or locked, given the replaced file's attributes, linked, renamed.

import CSafeFiles
import Foundation
import Glibc

extension AtomicFile {
    /// A new file to write in `folder`: with no name where the file system allows it (`O_TMPFILE`),
    /// else `name` made afresh (`O_EXCL`); locked (`flock`) either way, so that no other save takes it
    /// for a stale leftover while it is written. nil with errno when neither can be made.
    static func makeFile(in folder: Int32, named name: String, mode: mode_t) -> (file: Int32, named: Bool)? {
        if !namedForTests {
            let unnamed = csf_open_unnamed(folder, mode)
            if unnamed >= 0 {
                flock(unnamed, LOCK_EX)
                return (unnamed, false)
            }
            // A file system without nameless files (FAT, some network ones) says so in one of these.
            guard [EOPNOTSUPP, EISDIR, EINVAL, ENOENT].contains(errno) else { return nil }
        }
        let file = openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard file >= 0 else { return nil }
        flock(file, LOCK_EX)
        // Another save could have taken it for stale before the lock: then it has no name any more.
        guard isFile(file, named: name, in: folder) else {
            close(file)
            errno = ENOENT
            return nil
        }
        return (file, true)
    }

    /// Whether anything (a link too) is called `name` in `folder`.
    static func exists(_ name: String, in folder: Int32) -> Bool {
        var status = stat()
        return fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0
    }

    /// Whether `name` in `folder` is the file open on `file`.
    static func isFile(_ file: Int32, named name: String, in folder: Int32) -> Bool {
        var open = stat(), named = stat()
        return fstat(file, &open) == 0 && fstatat(folder, name, &named, AT_SYMLINK_NOFOLLOW) == 0
            && open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }

    /// Gives the written file what the target is now besides its bytes (a regular file's owner,
    /// group, mode and extended attributes), or the usual mode for a new one, and flushes it.
    func finishWritten() throws(ImagingError) {
        guard let written else { throw abandoned(ImagingError.WriteFailure.write, errno: EBADF) }
        let replaced = csf_open_entry(written.folder, targetName)
        var status = stat()
        if replaced >= 0, fstat(replaced, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG {
            _ = csf_copy_attributes(replaced, written.file)
        } else {
            // A new file (or one replacing a link): what a new file gets, 0666 less the umask.
            fchmod(written.file, 0o666 & ~csf_umask())
        }
        if replaced >= 0 { close(replaced) }
        guard fsync(written.file) == 0 else { throw abandoned(ImagingError.WriteFailure.write) }
    }

    /// Links the flushed file as the target when there is none (no name in between), else under the
    /// hidden name, and renames that over the target; then flushes the folder.
    func putInPlace() throws(ImagingError) {
        guard var done = written else { throw abandoned(ImagingError.WriteFailure.write, errno: EBADF) }
        if !done.named {
            if csf_link(done.file, done.folder, targetName) == 0 {
                done.committed = true
                written = done
                return finish()
            }
            guard errno == EEXIST, csf_link(done.file, done.folder, temporaryName) == 0 else {
                throw abandoned(ImagingError.WriteFailure.rename)
            }
            done.named = true
            written = done
        }
        Self.pauseForTests("CROP_EDITOR_TEST_RENAME_PAUSE")
        guard renameat(done.folder, temporaryName, done.folder, targetName) == 0 else {
            throw abandoned(ImagingError.WriteFailure.rename)
        }
        done.committed = true
        written = done
        finish()
    }

    /// After the rename: the rename made durable, the descriptors closed.
    private func finish() {
        TemporaryFileSignal.temporaryChanged(nil)
        guard let written else { return }
        Self.saves.forget(self)
        _ = fsync(written.folder)
        close(written.file)
        close(written.folder)
        self.written = nil
    }

    /// A result written through a descriptor that will not be committed: its name (when it has one
    /// and it is still this file) removed, its descriptors closed.
    func abandonWritten() {
        guard let written else { return }
        self.written = nil
        Self.saves.forget(self)
        if written.named, !written.committed, Self.isFile(written.file, named: temporaryName, in: written.folder) {
            unlinkat(written.folder, temporaryName, 0)
        }
        close(written.file)
        close(written.folder)
    }

    /// Debug builds only: whether the test harness asked for the hidden-name way on every file
    /// system (`CROP_EDITOR_TEST_NAMED_TEMPORARY=1`), as on one without nameless files.
    static var namedForTests: Bool {
        #if DEBUG
            return getenv("CROP_EDITOR_TEST_NAMED_TEMPORARY").map { String(cString: $0) == "1" } ?? false
        #else
            return false
        #endif
    }

    /// Debug builds only, under the test harness's `variable`: the save waits this many seconds, so
    /// a test can stop the process there (`CROP_EDITOR_TEST_COMMIT_PAUSE`: written, flushed, before it
    /// has any name but its hidden one; `CROP_EDITOR_TEST_RENAME_PAUSE`: under the hidden name, just
    /// before the rename).
    static func pauseForTests(_ variable: String) {
        #if DEBUG
            if let text = getenv(variable), let seconds = UInt32(String(cString: text)) { sleep(seconds) }
        #endif
    }
}
