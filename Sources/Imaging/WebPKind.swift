// Whether a WebP file holds lossless (VP8L) or lossy (VP8) pixels, read from its RIFF chunks.

import Foundation

enum WebPKind: Equatable {
    case lossless, lossy

    /// The kind of the WebP at `path`, or nil when it is no WebP (or says neither). Only the chunk
    /// headers are read: a simple file's first chunk, an extended one's chunks up to its pixels.
    init?(path: String) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        self.init(bytes: [UInt8](handle.readData(ofLength: WebPKind.headerBytes)))
    }

    /// Extended files put ICC, EXIF and XMP before the pixels only when small; beyond this much of a
    /// header the kind is left unknown, and the result is saved lossy.
    static let headerBytes = 1 << 20

    init?(bytes: [UInt8]) {
        switch WebPKind.pixelChunk(bytes)?.fourCC {
        case "VP8L": self = .lossless
        case "VP8 ": self = .lossy
        default: return nil
        }
    }

    /// The chunk holding a WebP's pixels (`VP8L` or `VP8 `) and its payload, walking the RIFF
    /// chunks before it; nil when `bytes` are no WebP or end first.
    static func pixelChunk(_ bytes: [UInt8]) -> (fourCC: String, payload: ArraySlice<UInt8>)? {
        guard bytes.count >= 20, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) else {
            return nil
        }
        var at = 12
        while at + 8 <= bytes.count {
            let fourCC = String(decoding: bytes[at..<(at + 4)], as: UTF8.self)
            let size = Int(bytes[at + 4]) | Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]) << 16 | Int(bytes[at + 7]) << 24
            if fourCC == "VP8L" || fourCC == "VP8 " {
                return (fourCC, bytes[(at + 8)..<min(bytes.count, at + 8 + size)])
            }
            // Chunks are padded to an even size.
            let next = at + 8 + size + (size & 1)
            guard next > at else { return nil }
            at = next
        }
        return nil
    }
}
