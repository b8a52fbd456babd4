// The kernel-side copy that writes a decoder's sealed result into the editor's temporary file: every byte, the errors as errno.

import Foundation
import Glibc
import ImagingCore
import Testing

@Suite struct CopyAllTests {
    /// A fresh file, already unlinked (the descriptor is all there is of it), read and write.
    private func scratch() -> Int32 {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("copy-all-\(UUID().uuidString)").path
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0o600)
        unlink(path)
        return fd
    }

    /// A file holding `count` bytes of a pattern, its offset left at the end (as a writer leaves it).
    private func filled(_ count: Int) -> (fd: Int32, bytes: [UInt8]) {
        let fd = scratch()
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        _ = bytes.withUnsafeBytes { AtomicFile.writeAll($0, to: fd) }
        return (fd, bytes)
    }

    @Test(arguments: [0, 1, 4096, 3 << 20]) func everyByteArrivesInOrder(count: Int) throws {
        let (source, bytes) = filled(count)
        defer { close(source) }
        let target = scratch()
        defer { close(target) }
        #expect(AtomicFile.copyAll(from: source, count: count, to: target) == 0)
        var copied = [UInt8](repeating: 0, count: count)
        #expect(pread(target, &copied, count, 0) == count)
        #expect(copied == bytes)
        // The source's own offset is where its writer left it.
        #expect(lseek(source, 0, SEEK_CUR) == off_t(count))
    }

    /// One result of several in one memfd: the bytes from `start` on, and no others.
    @Test(arguments: [(0, 1000), (1000, 5000), (4097, (3 << 20) - 4097)]) func aStretchFromAnOffset(start: Int, count: Int) {
        let (source, bytes) = filled(3 << 20)
        defer { close(source) }
        let target = scratch()
        defer { close(target) }
        #expect(AtomicFile.copyAll(from: source, at: start, count: count, to: target) == 0)
        #expect(lseek(target, 0, SEEK_END) == off_t(count))
        var copied = [UInt8](repeating: 0, count: count)
        #expect(pread(target, &copied, count, 0) == count)
        #expect(copied[...] == bytes[start..<(start + count)])
        #expect(AtomicFile.copyAll(from: source, at: (3 << 20) - 10, count: 11, to: target) == EIO)
    }

    @Test func aFullDiskIsENOSPC() throws {
        let (source, _) = filled(1 << 16)
        defer { close(source) }
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        defer { close(full) }
        #expect(AtomicFile.copyAll(from: source, count: 1 << 16, to: full) == ENOSPC)
    }

    @Test func aSourceShorterThanAskedIsEIO() throws {
        let (source, _) = filled(100)
        defer { close(source) }
        let target = scratch()
        defer { close(target) }
        #expect(AtomicFile.copyAll(from: source, count: 200, to: target) == EIO)
    }
}
