// Where a decoder reads a picture from: a file the editor opens read-only, or bytes in memory sealed in a memfd.

import CDecoderSupport
import Foundation
import Glibc
import ImagingCore

/// A picture for the decoder: every `DecoderPool` job that reads a picture takes one.
public enum DecoderSource: Sendable, Hashable {
    /// A file, opened read-only by this process with the usual checks (missing, a folder, no permission, empty).
    case file(String)
    /// Bytes this process holds (standard input, a clipboard's image), sealed so nobody can change them.
    case bytes(SealedBytes)

    /// What `ImageInfo.path` says for this source: the file's path, or the bytes' name.
    public var path: String {
        switch self {
        case .file(let path): return path
        case .bytes(let bytes): return bytes.name
        }
    }

    /// The pool serves each source on processes of its own: a file by its path, bytes by an
    /// identity no path can take (a path holds no NUL).
    var poolKey: String {
        switch self {
        case .file(let path): return path
        case .bytes(let bytes): return "\u{0}sealed-bytes-\(bytes.serial)"
        }
    }

    /// The name the decoder's libraries see (one path component).
    var decoderName: String {
        switch self {
        case .file(let path): return (path as NSString).lastPathComponent
        case .bytes(let bytes): return bytes.decoderName
        }
    }

    /// Whether a sidecar (`IMAGE.xmp`) can sit beside it: only a file has a folder.
    var canHaveSidecar: Bool {
        if case .file = self { return true }
        return false
    }

    /// A read-only descriptor for one job and, for a file when `withSidecar`, its sidecar when one
    /// passed the checks (`PictureFiles`; one that did not is left out, as if absent).
    func openForDecoder(withSidecar: Bool) throws(ImagingError) -> (OwnedDescriptor, sidecar: OwnedDescriptor?) {
        switch self {
        case .file(let path):
            let files = try PictureFiles.open(path, withSidecar: withSidecar)
            return (files.picture, files.sidecar.descriptor)
        case .bytes(let bytes): return (try bytes.openForReading(), nil)
        }
    }
}

/// Bytes of a picture in a memfd sealed against writing, growing and shrinking: the decoder reads
/// them as it reads a file, and neither it nor anyone else can change them. Closed with its last user.
public final class SealedBytes: Sendable, Hashable {
    /// What people are told the picture is ("standard input", "Pasted Image"): errors name it.
    public let name: String
    /// How many bytes it holds.
    public let count: Int
    private let fd: Int32
    fileprivate let serial: Int

    /// The most a picture read from standard input may hold: far more than any screenshot or
    /// camera's photo, and bounded because the bytes live in this process's memory (an uncompressed
    /// 16-bit TIFF of 100 megapixels is past it; such files belong in files).
    public static let standardInputLimit = 512 << 20

    /// A sealed copy of `bytes` (a clipboard's PNG, say), called `name`.
    public convenience init(_ bytes: UnsafeRawBufferPointer, name: String) throws(ImagingError) {
        guard !bytes.isEmpty else { throw .unreadable(.empty) }
        let fd = cds_sealed_copy(bytes.baseAddress, bytes.count)
        guard fd >= 0 else { throw .unreadable(.readFailed) }
        self.init(fd: fd, count: bytes.count, name: name)
    }

    /// A sealed copy of `bytes`, called `name`.
    public convenience init(_ bytes: [UInt8], name: String) throws(ImagingError) {
        let fd = bytes.isEmpty ? -1 : bytes.withUnsafeBytes { cds_sealed_copy($0.baseAddress, $0.count) }
        guard !bytes.isEmpty else { throw .unreadable(.empty) }
        guard fd >= 0 else { throw .unreadable(.readFailed) }
        self.init(fd: fd, count: bytes.count, name: name)
    }

    /// Everything `descriptor` gives until its end (standard input), at most `limit` bytes, sealed.
    /// Fails with `.unreadable(.overLimit(bytes:))` past the limit (reading stops there), `.empty`
    /// when nothing came, `.readFailed` when reading failed.
    public static func reading(
        from descriptor: Int32, name: String, limit: Int = standardInputLimit
    ) throws(ImagingError) -> SealedBytes {
        let fd = cds_result_memfd()
        guard fd >= 0 else { throw .unreadable(.readFailed) }
        var total = 0
        let chunkSize = 1 << 16
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, chunkSize) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else {
                close(fd)
                throw .unreadable(.readFailed)
            }
            if got == 0 { break }
            total += got
            guard total <= limit else {
                close(fd)
                throw .unreadable(.overLimit(bytes: limit))
            }
            let written = chunk.withUnsafeBytes { AtomicFile.writeAll(UnsafeRawBufferPointer(rebasing: $0[0..<got]), to: fd) }
            guard written == 0 else {
                close(fd)
                throw .unreadable(.readFailed)
            }
        }
        guard total > 0 else {
            close(fd)
            throw .unreadable(.empty)
        }
        guard cds_sealed_memfd(fd) == 0 else {
            close(fd)
            throw .unreadable(.readFailed)
        }
        return SealedBytes(fd: fd, count: total, name: name)
    }

    private init(fd: Int32, count: Int, name: String) {
        self.fd = fd
        self.count = count
        self.name = name
        serial = Self.serials.next()
    }

    deinit { close(fd) }

    /// The bytes, mapped read-only (they cannot change: the memfd is sealed).
    public func mapped() -> PixelMapping? { SealedPixels.map(fd, count: count) }

    /// A descriptor of its own (its own read position: two decoders may read the bytes at once).
    fileprivate func openForReading() throws(ImagingError) -> OwnedDescriptor {
        let reopened = cds_reopen_read_only(fd)
        if reopened >= 0 { return OwnedDescriptor(reopened) }
        let copy = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { throw .unreadable(.readFailed) }
        return OwnedDescriptor(copy)
    }

    /// The name the decoder's libraries see: `name` as one path component.
    fileprivate var decoderName: String {
        let component = name.replacingOccurrences(of: "/", with: "-")
        return component.isEmpty || component == "." || component == ".." ? "picture" : component
    }

    public static func == (left: SealedBytes, right: SealedBytes) -> Bool { left === right }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    private static let serials = SerialNumbers()
}

/// Numbers that are never given twice in a process.
private final class SerialNumbers: @unchecked Sendable {
    private let lock = NSLock()
    private var last = 0

    func next() -> Int {
        lock.withLock {
            last += 1
            return last
        }
    }
}
