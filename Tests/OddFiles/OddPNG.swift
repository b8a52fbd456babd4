// PNG files written byte by byte with chunks other programs write and strict readers stumble on.

enum OddPNG {
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? crc >> 1 ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func be32(_ v: Int) -> [UInt8] {
        [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(data.count) + body + be32(Int(crc32(body)))
    }

    /// `raw` in a zlib stream of stored (uncompressed) blocks.
    static func zlibStored(_ raw: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var at = 0
        repeat {
            let n = min(65535, raw.count - at)
            let last: UInt8 = at + n == raw.count ? 1 : 0
            out += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8 & 0xFF)] + raw[at..<(at + n)]
            at += n
        } while at < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return out + be32(Int(b << 16 | a))
    }

    /// A palette PNG whose tRNS chunk is present but empty (no entry is transparent), with
    /// `palette` colours and the pixel `indices` row by row; `after` is appended after IEND.
    static func palette(
        width: Int, height: Int, palette: [(UInt8, UInt8, UInt8)], indices: [UInt8],
        emptyTRNS: Bool = true, after: [UInt8] = []
    ) -> [UInt8] {
        let header = be32(width) + be32(height) + [8, 3, 0, 0, 0]
        var raw: [UInt8] = []
        for y in 0..<height { raw += [0] + indices[(y * width)..<((y + 1) * width)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            + chunk("PLTE", palette.flatMap { [$0.0, $0.1, $0.2] }) + (emptyTRNS ? chunk("tRNS", []) : [])
            + chunk("IDAT", zlibStored(raw)) + chunk("IEND", []) + after
    }
}
