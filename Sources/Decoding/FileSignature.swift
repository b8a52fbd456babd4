// What a file is by its first bytes, for choices made before a decoder reads it (only whether it can be HEIF, so far).

import Glibc

/// A file's first bytes against the signatures of the formats the decoders open. Nothing here
/// parses the file: a match only says which format the file claims to be, and the decoder still
/// checks everything, so a wrong claim makes a decode fail, never succeed wrongly.
public enum FileSignature {
    /// Whether the file at `path` begins as a JPEG, PNG, GIF, TIFF or WebP does, so it cannot be a
    /// HEIF or AVIF (an ISO media file, `ftyp` at byte 4). False when it cannot be read or matches
    /// none: then the HEIF module is loaded, as if it might be one. The file is opened as one handed to
    /// a decoder is (`PictureFiles`): a pipe or a file of the system is not read.
    public static func isCertainlyNotHEIF(path: String) -> Bool {
        guard let file = try? PictureFiles.open(path, withSidecar: false).picture else { return false }
        var head = [UInt8](repeating: 0, count: 12)
        let count = file.withFD { fd in head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) } }
        guard count == head.count else { return false }
        return isCertainlyNotHEIF(head)
    }

    /// Whether the file at `path` begins as a JPEG does (the lean decoder's files). False when it cannot
    /// be read.
    public static func isJPEG(path: String) -> Bool {
        guard let file = try? PictureFiles.open(path, withSidecar: false).picture else { return false }
        var head = [UInt8](repeating: 0, count: 3)
        let count = file.withFD { fd in head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) } }
        return count == 3 && head == [0xFF, 0xD8, 0xFF]
    }

    /// The same for a file's first 12 bytes.
    public static func isCertainlyNotHEIF(_ head: [UInt8]) -> Bool {
        guard head.count >= 12 else { return false }
        let starts = { (signature: [UInt8]) in head.starts(with: signature) }
        let jpeg = starts([0xFF, 0xD8, 0xFF])
        let png = starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let gif = starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8))
        // Classic TIFF and BigTIFF, in either byte order.
        let tiff = [[0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A], [0x49, 0x49, 0x2B, 0x00], [0x4D, 0x4D, 0x00, 0x2B]]
            .contains { starts($0) }
        let webp = starts(Array("RIFF".utf8)) && Array(head[8..<12]) == Array("WEBP".utf8)
        return jpeg || png || gif || tiff || webp
    }
}
