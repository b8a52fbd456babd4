// Where the metadata fix reads and saves: the written file, or a JPEG's header alone with its image data moved once afterwards.

import CExiv
import Foundation
import Glibc
import ImagingCore

/// What `MetadataFixer` opens and saves. Each attempt opens what the attempt before saved.
package protocol MetadataStore {
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
package struct FileStore: MetadataStore {
    package let path: String

    package init(path: String) { self.path = path }

    package func open() throws(MetadataUnusable) -> UnsafeMutablePointer<GExiv2Metadata> { try MetadataFixer.open(path) }

    package func save(_ metadata: UnsafeMutablePointer<GExiv2Metadata>) -> MetadataProblem? {
        var error: UnsafeMutablePointer<GError>?
        return gexiv2_metadata_save_file(metadata, path, &error) != 0 ? nil : problem(error)
    }
}

/// A JPEG's header (everything up to and including its first SOS segment), given to exiv2 as a
/// JPEG of its own with an end marker and no image data. exiv2 keeps all its metadata in the
/// header and copies everything from the image data on as it is, so the fixed file is the fixed
/// header followed by the file's own bytes after its header, and `commit` writes exactly that:
/// the image data moved once, where exiv2 would read and copy the whole file through memory
/// twice: the work then follows the header's size, a few KB, not the picture's.
package final class JPEGHeaderStore: MetadataStore {
    private let path: String
    /// The header's length in the file.
    private let headerLength: Int
    /// Its SOS segment, which exiv2 must write back unchanged.
    private let scanHeader: [UInt8]
    /// The header as a JPEG of its own (header and end marker), as last saved.
    private var current: [UInt8]

    /// Nil when `path` is no JPEG whose segments lead plainly to its first SOS within the part
    /// `JPEGSegments.header(from:)` reads: such a file is fixed whole.
    package init?(path: String) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let header = JPEGSegments.header(from: handle), let scan = Self.scanRange(header) else { return nil }
        self.path = path
        headerLength = scan.upperBound
        scanHeader = Array(header.bytes[scan])
        current = Array(header.bytes[..<scan.upperBound]) + [0xFF, 0xD9]
    }

    package func open() throws(MetadataUnusable) -> UnsafeMutablePointer<GExiv2Metadata> {
        try current.withUnsafeBufferPointer { buffer throws(MetadataUnusable) in
            try MetadataFixer.opened { metadata, error in
                gexiv2_metadata_open_buf(metadata, buffer.baseAddress, glong(buffer.count), &error)
            }
        }
    }

    package func save(_ metadata: UnsafeMutablePointer<GExiv2Metadata>) -> MetadataProblem? {
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
        guard fixed.count >= scanHeader.count + 2, fixed.suffix(2) == [0xFF, 0xD9],
            fixed[(fixed.count - 2 - scanHeader.count)..<(fixed.count - 2)].elementsEqual(scanHeader)
        else { return .library(detail: "exiv2 rewrote the image data") }
        current = fixed
        return nil
    }

    /// Writes the saved header in place of the file's own, the image data after it moved to
    /// follow it. False (with errno) when the file could not be read or written.
    package func commit() -> Bool {
        let header = current.dropLast(2)
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

    /// Where the first SOS segment of the JPEG starting `bytes` ends, when every segment before
    /// it follows the one before directly, or nil.
    package static func headerEnd(_ bytes: [UInt8]) -> Int? { JPEGSegments(bytes).flatMap(scanRange)?.upperBound }

    /// The first SOS segment's place, when every segment before it follows the one before directly:
    /// no fill bytes or stray bytes, which libjpeg skips and exiv2 may handle its own way.
    private static func scanRange(_ header: JPEGSegments) -> Range<Int>? {
        guard header.reachesImageData else { return nil }
        var at = 2
        for segment in header.segments {
            guard segment.range.lowerBound == at else { return nil }
            at = segment.range.upperBound
        }
        let bytes = header.bytes
        guard at + 4 <= bytes.count, bytes[at] == 0xFF, bytes[at + 1] == 0xDA else { return nil }
        let end = at + 2 + (Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]))
        return end <= bytes.count ? at..<end : nil
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
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: false)
        guard (try? handle.seek(toOffset: UInt64(from))) != nil else { return false }
        let data = handle.readData(ofLength: count)
        return data.count == count && write(fd, data, at: to)
    }

    /// `bytes` written at `offset` (`AtomicFile.writeAll`, after a seek there).
    private static func write(_ fd: Int32, _ bytes: some ContiguousBytes, at offset: Int) -> Bool {
        lseek(fd, off_t(offset), SEEK_SET) == off_t(offset) && bytes.withUnsafeBytes { AtomicFile.writeAll($0, to: fd) } == 0
    }
}
