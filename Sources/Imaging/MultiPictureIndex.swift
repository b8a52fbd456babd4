// The MPF index (CIPA DC-007) in a JPEG's APP2 segment: where the pictures appended after the first one lie, read and written.

import Foundation

struct MultiPictureIndex: Equatable {
    struct Entry: Equatable {
        /// Flags, format and type (`0x030000`: the baseline primary picture).
        let attribute: UInt32
        let size: Int
        /// From the start of the index's TIFF header; 0 for the first picture.
        let offset: Int
    }

    let entries: [Entry]
    /// Where the index's TIFF header starts in the file: every offset counts from there.
    let base: Int

    /// Reads the index of the JPEG `header` (the file's first bytes), or nil when it has none.
    init?(header: JPEGSegments) {
        guard let segment = header.segments.first(where: { header.isApp($0, 2, JPEGSegments.Signature.mpf) }) else {
            return nil
        }
        let tiffStart = segment.range.lowerBound + 4 + JPEGSegments.Signature.mpf.count
        let t = Array(header.bytes[tiffStart..<segment.range.upperBound])
        guard t.count >= 8, t[0] == t[1], t[0] == 0x49 || t[0] == 0x4D else { return nil }
        let little = t[0] == 0x49
        func uint(_ at: Int, _ size: Int) -> Int? {
            guard at >= 0, at + size <= t.count else { return nil }
            var value = 0
            for i in 0..<size { value = value << 8 | Int(t[little ? at + size - 1 - i : at + i]) }
            return value
        }
        guard let ifd = uint(4, 4), let count = uint(ifd, 2) else { return nil }
        var entryTable: (count: Int, offset: Int)?
        for i in 0..<count {
            let at = ifd + 2 + 12 * i
            guard let tag = uint(at, 2), let length = uint(at + 4, 4), let value = uint(at + 8, 4) else { return nil }
            if tag == 0xB002 { entryTable = (length / 16, value) }
        }
        guard let table = entryTable, table.count > 0 else { return nil }
        var found: [Entry] = []
        for i in 0..<table.count {
            let at = table.offset + 16 * i
            guard let attribute = uint(at, 4), let size = uint(at + 4, 4), let offset = uint(at + 8, 4) else { return nil }
            found.append(Entry(attribute: UInt32(truncatingIfNeeded: attribute), size: size, offset: offset))
        }
        entries = found
        base = tiffStart
    }

    /// The file range of picture `entry` (not the first), or nil when it lies outside `fileSize`.
    func range(of entry: Entry, fileSize: Int) -> Range<Int>? {
        let start = base + entry.offset
        guard entry.offset > 0, entry.size > 0, start < fileSize, entry.size <= fileSize - start else { return nil }
        return start..<(start + entry.size)
    }

    /// The APP2 segment of an index for a primary picture of `primarySize` bytes (this segment
    /// included) followed by one gain map of `gainMapSize` bytes, the segment being written at
    /// `segmentOffset` in the file. Little-endian, as Android's Ultra HDR encoder writes it.
    static func segment(primarySize: Int, gainMapSize: Int, segmentOffset: Int) -> [UInt8] {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func le32(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        let tagCount = 3
        let entriesOffset = 8 + 2 + 12 * tagCount + 4
        let tiffStart = segmentOffset + 4 + JPEGSegments.Signature.mpf.count
        var t: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + le32(8) + le16(tagCount)
        t += le16(0xB000) + le16(7) + le32(4) + Array("0100".utf8)  // MPFVersion
        t += le16(0xB001) + le16(4) + le32(1) + le32(2)  // NumberOfImages
        t += le16(0xB002) + le16(7) + le32(32) + le32(entriesOffset)  // MPEntry
        t += le32(0)  // no next IFD
        t += le32(0x030000) + le32(primarySize) + le32(0) + le16(0) + le16(0)
        t += le32(0) + le32(gainMapSize) + le32(primarySize - (tiffStart)) + le16(0) + le16(0)
        return JPEGSegments.segment(marker: 0xE2, payload: JPEGSegments.Signature.mpf + t)
    }

    /// The segment's length for two pictures, whatever the sizes (to place it before they are known).
    static let twoPictureSegmentLength = segment(primarySize: 0, gainMapSize: 0, segmentOffset: 0).count
}
