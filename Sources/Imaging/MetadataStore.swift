// Where the metadata fix reads and saves: the written file itself, or a JPEG's header alone with its image data moved once afterwards.

import CExiv
import Foundation
import Glibc

/// What `MetadataFixer` opens and saves. Each attempt opens what the attempt before saved.
protocol MetadataStore {
    /// A fresh view of the metadata as last saved.
    func open() throws(MetadataUnusable) -> UnsafeMutablePointer<GExiv2Metadata>
    /// Saves `metadata`; nil, or why it could not.
    func save(_ metadata: UnsafeMutablePointer<GExiv2Metadata>) -> MetadataProblem?
}

/// gexiv2's error as a problem, freed.
private func problem(_ error: UnsafeMutablePointer<GError>?) -> MetadataProblem {
    defer { if let error { g_error_free(error) } }
    return .library(detail: error.map { String(cString: $0.pointee.message) })
}

/// The written file: exiv2 reads it and rewrites all of it.
struct FileStore: MetadataStore {
    let path: String

    func open() throws(MetadataUnusable) -> UnsafeMutablePointer<GExiv2Metadata> { try MetadataFixer.open(path) }

    func save(_ metadata: UnsafeMutablePointer<GExiv2Metadata>) -> MetadataProblem? {
        var error: UnsafeMutablePointer<GError>?
        return gexiv2_metadata_save_file(metadata, path, &error) != 0 ? nil : problem(error)
    }
}

/// A JPEG's header (everything up to and including its first SOS segment), given to exiv2 as a
/// JPEG of its own with an end marker and no image data. exiv2 keeps all its metadata in the
/// header and copies everything from the image data on as it is, so the fixed file is the fixed
/// header followed by the file's own bytes after its header, and `commit` writes exactly that:
/// the image data moved once, where exiv2 would read and copy the whole file through memory
/// twice (a 24-megapixel export's result, 2.8 MB, cost it some 9 ms; its header is a few KB).
final class JPEGHeaderStore: MetadataStore {
    private let path: String
    /// The header's length in the file.
    private let headerLength: Int
    /// The header as a JPEG of its own (header and end marker), as last saved.
    private var current: [UInt8]
    private let original: [UInt8]

    /// Nil when `path` is no JPEG whose segments lead plainly to its first SOS (within 16 MiB):
    /// such a file is fixed whole.
    init?(path: String) {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var want = 1 << 16
        var end: Int?
        while end == nil, want <= 1 << 24 {
            bytes = Self.read(fd, count: want)
            end = Self.headerEnd(bytes)
            if bytes.count < want { break }
            want *= 2
        }
        guard let end else { return nil }
        self.path = path
        headerLength = end
        original = Array(bytes[..<end]) + [0xFF, 0xD9]
        current = original
    }

    func open() throws(MetadataUnusable) -> UnsafeMutablePointer<GExiv2Metadata> {
        try current.withUnsafeBufferPointer { buffer throws(MetadataUnusable) in
            try MetadataFixer.opened { metadata, error in
                gexiv2_metadata_open_buf(metadata, buffer.baseAddress, glong(buffer.count), &error)
            }
        }
    }

    func save(_ metadata: UnsafeMutablePointer<GExiv2Metadata>) -> MetadataProblem? {
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        var error: UnsafeMutablePointer<GError>?
        let saved = current.withUnsafeBufferPointer {
            cex_save_to_memory(metadata, $0.baseAddress, $0.count, &out, &length, &error)
        }
        guard saved != 0, let out else { return problem(error) }
        defer { free(out) }
        let fixed = Array(UnsafeBufferPointer(start: out, count: length))
        // exiv2 copied the image data (here: the end marker) as it was, after the same SOS segment:
        // anything else, and the splice would not be what exiv2 writes.
        let sos = original[..<headerLength].suffix(from: Self.lastSegmentStart(original, end: headerLength))
        guard fixed.count >= sos.count + 2, fixed.suffix(2) == [0xFF, 0xD9],
            fixed[(fixed.count - 2 - sos.count)..<(fixed.count - 2)].elementsEqual(sos)
        else { return .library(detail: "exiv2 rewrote the image data") }
        current = fixed
        return nil
    }

    /// Writes the saved header in place of the file's own, the image data after it moved to
    /// follow it. False (with errno) when the file could not be read or written.
    func commit() -> Bool {
        let header = Array(current.dropLast(2))
        let fd = Glibc.open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, Int(status.st_size) >= headerLength else { return false }
        let size = Int(status.st_size), body = size - headerLength, newSize = header.count + body
        if header.count != headerLength {
            // Longer: the room made first; shorter: the tail cut once the data has moved.
            guard newSize <= size || ftruncate(fd, off_t(newSize)) == 0,
                Self.move(fd, count: body, from: headerLength, to: header.count, mapping: max(size, newSize)),
                newSize >= size || ftruncate(fd, off_t(newSize)) == 0
            else { return false }
        }
        return Self.write(fd, header, at: 0)
    }

    /// Moves `count` bytes of the file from offset `from` to `to` (the ranges may overlap): in a
    /// shared mapping of its first `mapping` bytes, one copy in memory; through a buffer where
    /// the file cannot be mapped.
    private static func move(_ fd: Int32, count: Int, from: Int, to: Int, mapping: Int) -> Bool {
        if let map = mmap(nil, mapping, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), map != MAP_FAILED {
            memmove(map + to, map + from, count)
            munmap(map, mapping)
            return true
        }
        let data = read(fd, count: count, at: from)
        return data.count == count && write(fd, data, at: to)
    }

    /// The end of the first SOS segment of the JPEG starting `bytes`, when every segment before it
    /// follows the one before directly (no fill bytes, no stray bytes), or nil.
    static func headerEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var at = 2
        while at + 4 <= bytes.count {
            let marker = bytes[at + 1]
            guard bytes[at] == 0xFF, marker != 0xFF, marker != 0x00, marker != 0xD9, marker != 0x01,
                !(0xD0...0xD8).contains(marker)
            else { return nil }
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length >= 2 else { return nil }
            if marker == 0xDA { return at + 2 + length <= bytes.count ? at + 2 + length : nil }
            at += 2 + length
        }
        return nil
    }

    /// Where the last segment of a header ending at `end` starts (its SOS segment).
    private static func lastSegmentStart(_ bytes: [UInt8], end: Int) -> Int {
        var at = 2
        while true {
            let next = at + 2 + (Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]))
            if next >= end { return at }
            at = next
        }
    }

    /// Up to `count` bytes from offset `at` (fewer at the end of the file).
    private static func read(_ fd: Int32, count: Int, at offset: Int = 0) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, count - done, off_t(offset + done)) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            done += got
        }
        return Array(bytes[..<done])
    }

    private static func write(_ fd: Int32, _ bytes: [UInt8], at offset: Int) -> Bool {
        var done = 0
        while done < bytes.count {
            let put = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress! + done, bytes.count - done, off_t(offset + done)) }
            if put < 0, errno == EINTR { continue }
            guard put > 0 else { return false }
            done += put
        }
        return true
    }
}
