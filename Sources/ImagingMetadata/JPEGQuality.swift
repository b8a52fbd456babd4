// Estimating a JPEG's quality setting from its luminance quantization table, so a re-encode keeps it.

import Foundation

package enum JPEGQuality {
    /// The IJG standard luminance table (quality 50), in natural (row-major) order.
    private static let standardLuminance: [Int] = [
        16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55,
        14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
        18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
        49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
    ]
    /// Zigzag position → natural position, as DQT segments store the table.
    private static let zigzag: [Int] = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
        35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55,
        62, 63,
    ]

    /// The IJG quality (1…100) whose scaled standard table best matches table 0, or nil when the
    /// file has no readable 8-bit table 0 before its image data.
    package static func estimate(_ data: Data) -> Int? {
        let bytes = [UInt8](data.prefix(256 * 1024))
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var i = 2
        while i + 4 <= bytes.count {
            guard bytes[i] == 0xFF else { return nil }
            let marker = bytes[i + 1]
            if marker == 0xDA || marker == 0xD9 { return nil }  // image data reached: no table 0
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2, i + 2 + length <= bytes.count else { return nil }
            if marker == 0xDB {
                var j = i + 4
                while j < i + 2 + length {
                    let precision = bytes[j] >> 4, id = bytes[j] & 0x0F
                    let size = precision == 0 ? 64 : 128
                    guard j + 1 + size <= i + 2 + length else { return nil }
                    if id == 0 && precision == 0 {
                        var table = [Int](repeating: 0, count: 64)
                        for k in 0..<64 { table[zigzag[k]] = Int(bytes[j + 1 + k]) }
                        return quality(for: table)
                    }
                    j += 1 + size
                }
            }
            i += 2 + length
        }
        return nil
    }

    /// Inverts the IJG scaling: scale% = q < 50 ? 5000/q : 200 - 2q, table = (std × scale + 50) / 100.
    private static func quality(for table: [Int]) -> Int {
        var best = 92, bestError = Int.max
        for q in 1...100 {
            let scale = q < 50 ? 5000 / q : 200 - 2 * q
            var error = 0
            for k in 0..<64 {
                let expected = min(max((standardLuminance[k] * scale + 50) / 100, 1), 255)
                error += abs(expected - table[k])
            }
            if error < bestError { bestError = error; best = q }
        }
        return best
    }
}
