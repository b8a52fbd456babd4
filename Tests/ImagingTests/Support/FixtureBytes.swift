// Test pictures written byte by byte, with no image library: PNM, PNG chunks with CRCs, JPEG EXIF orientation, textures.

import Foundation

/// Pictures written byte by byte in the tests: binary PNM (PPM/PGM/PAM), the oracle-free source of truth.
enum Netpbm {
    /// `samples` row-major, `channels` per pixel (1 grey, 3 RGB, 4 RGBA), 8- or 16-bit (big-endian).
    static func write(_ path: String, width: Int, height: Int, channels: Int, sixteenBit: Bool, samples: [Int]) {
        precondition(samples.count == width * height * channels)
        let maxval = sixteenBit ? 65535 : 255
        let header: String
        switch channels {
        case 1: header = "P5\n\(width) \(height)\n\(maxval)\n"
        case 3: header = "P6\n\(width) \(height)\n\(maxval)\n"
        default:
            let type = channels == 4 ? "RGB_ALPHA" : "GRAYSCALE_ALPHA"
            header = "P7\nWIDTH \(width)\nHEIGHT \(height)\nDEPTH \(channels)\nMAXVAL \(maxval)\nTUPLTYPE \(type)\nENDHDR\n"
        }
        var bytes = [UInt8](header.utf8)
        bytes.reserveCapacity(bytes.count + samples.count * 2)
        for s in samples {
            if sixteenBit { bytes.append(UInt8(s >> 8)); bytes.append(UInt8(s & 0xFF)) } else { bytes.append(UInt8(s)) }
        }
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }
}

/// The structure of PNG files, read and written here without any image library.
enum PNGBytes {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = [UInt8](type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    /// The header fields of a PNG file: size, bit depth, colour type, and which chunk types it has.
    struct Header { let width: Int, height: Int, bitDepth: Int, colourType: Int, chunks: [String] }

    static func header(_ path: String) -> Header? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let b = [UInt8](data)
        guard b.count > 33, Array(b[0..<8]) == signature, String(decoding: b[12..<16], as: UTF8.self) == "IHDR" else {
            return nil
        }
        func u32(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
        var chunks: [String] = []
        var i = 8
        while i + 8 <= b.count {
            let length = u32(i)
            chunks.append(String(decoding: b[(i + 4)..<(i + 8)], as: UTF8.self))
            i += 12 + length
        }
        return Header(width: u32(16), height: u32(20), bitDepth: Int(b[24]), colourType: Int(b[25]), chunks: chunks)
    }
}

/// JPEG files patched by hand: an EXIF orientation written without any tool.
enum JPEGBytes {
    /// `jpeg` with an APP1 Exif segment holding only IFD0 Orientation = `value`, after SOI (and JFIF APP0).
    static func withOrientation(_ jpeg: Data, _ value: Int) -> Data {
        var b = [UInt8](jpeg)
        precondition(b[0] == 0xFF && b[1] == 0xD8)
        let tiff: [UInt8] = [
            0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8,  // big-endian TIFF, IFD0 at 8
            0, 1,  // one entry
            0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(value), 0, 0,  // Orientation SHORT ×1
            0, 0, 0, 0,
        ]  // no next IFD
        let payload = [UInt8]("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let segment = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        var at = 2
        if b[2] == 0xFF && b[3] == 0xE0 { at = 4 + (Int(b[4]) << 8 | Int(b[5])) }
        b.insert(contentsOf: segment, at: at)
        return Data(b)
    }

    static func setOrientation(_ path: String, _ value: Int) {
        let data = FileManager.default.contents(atPath: path)!
        FileManager.default.createFile(atPath: path, contents: withOrientation(data, value))
    }
}

/// Photo-like test pictures made here (ImageMagick's plasma is slow at larger sizes).
enum Texture {
    /// 8-bit RGB samples: smooth gradients with deterministic noise, so JPEG blocks are all different.
    static func samples(width: Int, height: Int, seed: UInt64) -> [Int] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        var out = [Int](repeating: 0, count: width * height * 3)
        var i = 0
        for y in 0..<height {
            for x in 0..<width {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                let noise = Int(state & 0x3F)
                out[i] = (x * 255 / max(width - 1, 1) + noise) & 0xFF
                out[i + 1] = (y * 255 / max(height - 1, 1) + noise / 2) & 0xFF
                out[i + 2] = ((x + y) * 2 + Int((state >> 8) & 0x1F)) & 0xFF
                i += 3
            }
        }
        return out
    }

    /// A JPEG of that texture; `sampling` is ImageMagick's `-sampling-factor` (2x2,1x1,1x1 is 4:2:0).
    static func jpeg(
        _ path: String, width: Int, height: Int, seed: UInt64 = 7, quality: Int = 90,
        sampling: String = "2x2,1x1,1x1"
    ) throws {
        let ppm = path + ".ppm"
        Netpbm.write(
            ppm, width: width, height: height, channels: 3, sixteenBit: false,
            samples: samples(width: width, height: height, seed: seed))
        defer { try? FileManager.default.removeItem(atPath: ppm) }
        try Tool.run(["convert", ppm, "-sampling-factor", sampling, "-quality", "\(quality)", path])
    }
}
