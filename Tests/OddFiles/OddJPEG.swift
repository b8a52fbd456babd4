// JPEG files damaged or rearranged on purpose, byte by byte, the ways real files from other programs are.

enum OddJPEG {
    /// The header segments of `jpeg` before its image data: marker and byte range (marker included).
    static func segments(_ jpeg: [UInt8]) -> [(marker: UInt8, range: Range<Int>)] {
        var found: [(UInt8, Range<Int>)] = []
        var at = 2
        while at + 4 <= jpeg.count, jpeg[at] == 0xFF {
            let marker = jpeg[at + 1]
            let end = at + 2 + (Int(jpeg[at + 2]) << 8 | Int(jpeg[at + 3]))
            found.append((marker, at..<end))
            if marker == 0xDA { break }
            at = end
        }
        return found
    }

    /// `bytes` put just before the first `marker` segment of the header.
    static func inserting(_ bytes: [UInt8], beforeFirst marker: UInt8, in jpeg: [UInt8]) -> [UInt8] {
        let at = segments(jpeg).first { $0.marker == marker }!.range.lowerBound
        return Array(jpeg[..<at]) + bytes + jpeg[at...]
    }

    /// `bytes` put just before the first restart marker (RST0) of the image data.
    static func insertingBeforeFirstRestart(_ bytes: [UInt8], in jpeg: [UInt8]) -> [UInt8] {
        let scan = segments(jpeg).last!.range.upperBound
        let at = (scan..<(jpeg.count - 1)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xD0 }!
        return Array(jpeg[..<at]) + bytes + jpeg[at...]
    }

    /// The ICC profile's APP2 segments moved after the frame header (SOF), where some writers put them.
    static func movingICCAfterFrameHeader(_ jpeg: [UInt8]) -> [UInt8] {
        let all = segments(jpeg)
        let icc = all.filter { $0.marker == 0xE2 && jpeg[($0.range.lowerBound + 4)...].starts(with: Array("ICC_PROFILE".utf8)) }
        precondition(!icc.isEmpty, "no ICC profile to move")
        var out: [UInt8] = [0xFF, 0xD8]
        for segment in all {
            if icc.contains(where: { $0.range == segment.range }) { continue }
            out += jpeg[segment.range]
            if segment.marker == 0xC0 || segment.marker == 0xC2 { for moved in icc { out += jpeg[moved.range] } }
        }
        return out + jpeg[all.last!.range.upperBound...]
    }

    /// An APP `marker` segment holding `payload`, placed after SOI and a JFIF APP0.
    static func withSegment(_ marker: UInt8, _ payload: [UInt8], in jpeg: [UInt8]) -> [UInt8] {
        let first = segments(jpeg).first!
        let at = first.marker == 0xE0 ? first.range.upperBound : 2
        let length = payload.count + 2
        return Array(jpeg[..<at]) + [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + jpeg[at...]
    }

    /// `tiff` as an APP1 EXIF segment.
    static func withExif(_ tiff: [UInt8], in jpeg: [UInt8]) -> [UInt8] {
        withSegment(0xE1, Array("Exif".utf8) + [0, 0] + tiff, in: jpeg)
    }

    /// An EXIF segment whose first directory's offset points past the segment's end (camera and
    /// editing software bugs write these): no tag can be read from it.
    static func withBrokenExifOffset(_ jpeg: [UInt8]) -> [UInt8] {
        withExif([0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x01, 0x00, 0x00] + [UInt8](repeating: 0, count: 24), in: jpeg)
    }

    /// The file cut in the middle of its image data, with the end-of-image marker appended (what a
    /// download "repaired" by some tools looks like): rows of blocks are missing.
    static func cutShortWithEndMarker(_ jpeg: [UInt8]) -> [UInt8] {
        let scan = segments(jpeg).last!.range.upperBound
        return Array(jpeg[..<(scan + (jpeg.count - scan) / 3)]) + [0xFF, 0xD9]
    }
}
