// Estimating a lossy WebP's quality setting from its VP8 frame header's quantizers, so a re-encode keeps it.

import Foundation

/// libwebp turns a quality of 0–100 into a quantizer index of 0–127 (`VP8SetSegmentParams`); this
/// undoes that mapping on the indices the frame header stores, as `JPEGQuality` does for JPEG's tables.
enum WebPQuality {
    /// The quality (1…100) of the lossy WebP `bytes` (its first 64 KiB are plenty), or nil when they
    /// hold no readable VP8 key frame.
    static func estimate(_ bytes: [UInt8]) -> Int? {
        guard let frame = vp8Frame(bytes), let c = compression(frame) else { return nil }
        // libwebp: c = linear^(1/3), linear = Q·2/3 below Q = 0.75, else 2Q − 1.
        let linear = c * c * c
        let q = linear < 0.5 ? linear * 1.5 : (linear + 1) / 2
        return min(100, max(1, Int((q * 100).rounded())))
    }

    /// The payload of the `VP8 ` chunk (a simple file's only one, an extended one's after its headers).
    private static func vp8Frame(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
        guard let chunk = WebPKind.pixelChunk(bytes), chunk.fourCC == "VP8 " else { return nil }
        return chunk.payload
    }

    /// The frame's compression `c` (0…1) libwebp chose for the quality. Each quantizer index is
    /// 127 · (1 − c'): one frame-wide, or with segments (libwebp's default, four) one a segment, each
    /// segment's c' = c^e with exponents whose mean over the macroblocks is 1. So c is the geometric
    /// mean of the segments' c', weighted by their share of macroblocks, which the segment map's tree
    /// probabilities give (libwebp sets them from its counts).
    private static func compression(_ frame: ArraySlice<UInt8>) -> Double? {
        let start = frame.startIndex
        // A key frame: the tag's low bit clear, then the start code 9d 01 2a and the two sizes.
        guard frame.count > 10, frame[start] & 1 == 0, frame[start + 3] == 0x9D, frame[start + 4] == 0x01,
            frame[start + 5] == 0x2A
        else { return nil }
        var bits = BoolDecoder(frame[(start + 10)...])
        _ = bits.literal(2)  // colour space, clamping
        var segmentQuantizers: [Int]?
        var treeProbabilities = [255, 255, 255]
        if bits.literal(1) == 1 {  // segmentation enabled
            let updateMap = bits.literal(1) == 1
            if bits.literal(1) == 1 {  // segment feature data
                let absolute = bits.literal(1) == 1
                var quantizers: [Int] = []
                for _ in 0..<4 { quantizers.append(bits.literal(1) == 1 ? bits.signed(7) : 0) }
                for _ in 0..<4 where bits.literal(1) == 1 { _ = bits.signed(6) }  // loop filter levels
                if absolute { segmentQuantizers = quantizers }
            }
            if updateMap {
                for tree in 0..<3 where bits.literal(1) == 1 { treeProbabilities[tree] = bits.literal(8) }
            }
        }
        _ = bits.literal(1 + 6 + 3)  // filter type, level, sharpness
        if bits.literal(1) == 1, bits.literal(1) == 1 {  // loop filter deltas, updated
            for _ in 0..<8 where bits.literal(1) == 1 { _ = bits.signed(6) }
        }
        _ = bits.literal(2)  // DCT partitions
        let base = bits.literal(7)
        guard !bits.overran else { return nil }
        func c(_ index: Int) -> Double { max(1 - Double(min(max(index, 0), 127)) / 127, 0.5 / 127) }
        guard let segmentQuantizers else { return c(base) }
        // The segment tree: the first probability splits {0, 1} from {2, 3}, the others each pair.
        let p = treeProbabilities.map { Double($0) / 255 }
        let shares = [p[0] * p[1], p[0] * (1 - p[1]), (1 - p[0]) * p[2], (1 - p[0]) * (1 - p[2])]
        let total = shares.reduce(0, +)
        guard total > 0 else { return c(base) }
        let logMean = zip(shares, segmentQuantizers).map { $0 * log(c($1)) }.reduce(0, +) / total
        return exp(logMean)
    }

    /// VP8's boolean entropy decoder (RFC 6386, section 7), reading fixed-probability literals.
    private struct BoolDecoder {
        private let bytes: ArraySlice<UInt8>
        private var next: Int
        private var value: Int
        private var range = 255
        private var count = 0
        /// Whether a read went past the bytes (what was read then is nonsense).
        private(set) var overran = false

        init(_ bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            next = bytes.startIndex
            value = 0
            value = Int(byte()) << 8 | Int(byte())
        }

        private mutating func byte() -> UInt8 {
            guard next < bytes.endIndex else {
                overran = true
                return 0
            }
            defer { next += 1 }
            return bytes[next]
        }

        private mutating func bit() -> Int {
            let split = 1 + ((range - 1) * 128) >> 8
            let bigSplit = split << 8
            let result: Int
            if value >= bigSplit {
                result = 1
                range -= split
                value -= bigSplit
            } else {
                result = 0
                range = split
            }
            while range < 128 {
                value <<= 1
                range <<= 1
                count += 1
                if count == 8 {
                    count = 0
                    value |= Int(byte())
                }
            }
            return result
        }

        /// `n` bits, most significant first.
        mutating func literal(_ n: Int) -> Int {
            var v = 0
            for _ in 0..<n { v = v << 1 | bit() }
            return v
        }

        /// An `n`-bit magnitude followed by its sign bit.
        mutating func signed(_ n: Int) -> Int {
            let magnitude = literal(n)
            return literal(1) == 1 ? -magnitude : magnitude
        }
    }
}
