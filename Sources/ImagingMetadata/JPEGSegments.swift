// A JPEG's marker segments before its image data, read and rewritten without decoding: APP segments found, dropped and inserted.

import Foundation

package struct JPEGSegments {
    package struct Segment {
        package let marker: UInt8
        /// The whole segment: `FF`, the marker, the length, the payload.
        package let range: Range<Int>
    }

    /// What an APP segment's payload starts with, naming what it holds.
    package enum Signature {
        package static let exif = Array("Exif\0\0".utf8)
        package static let xmp = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
        package static let extendedXMP = Array("http://ns.adobe.com/xmp/extension/\0".utf8)
        package static let icc = Array("ICC_PROFILE\0".utf8)
        package static let mpf = Array("MPF\0".utf8)
        /// ISO 21496-1 gain-map metadata (version in the primary, parameters in the gain map).
        package static let isoGainMap = Array("urn:iso:std:iso:ts:21496:-1\0".utf8)
        package static let photoshop = Array("Photoshop 3.0\0".utf8)
    }

    package let bytes: [UInt8]
    /// The segments from after SOI up to the first SOS (or EOI), in file order.
    package let segments: [Segment]
    /// Whether the walk reached the SOS (or EOI) marker: false when `bytes` stop inside the header.
    package let reachesImageData: Bool

    /// Reads the header of the JPEG `bytes` (only the header needs to be there). Bytes between
    /// segments that are no marker are skipped, as libjpeg skips them. Nil when it is not a JPEG.
    package init?(_ bytes: [UInt8]) {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        self.bytes = bytes
        var found: [Segment] = []
        var at = 2
        var reached = false
        while at + 1 < bytes.count {
            guard bytes[at] == 0xFF, bytes[at + 1] != 0xFF, bytes[at + 1] != 0x00 else { at += 1; continue }
            let marker = bytes[at + 1]
            if marker == 0xDA || marker == 0xD9 {
                reached = true
                break
            }
            if (0xD0...0xD7).contains(marker) || marker == 0x01 { at += 2; continue }
            guard at + 4 <= bytes.count else { break }
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length >= 2, at + 2 + length <= bytes.count else { break }
            found.append(Segment(marker: marker, range: at..<(at + 2 + length)))
            at += 2 + length
        }
        segments = found
        reachesImageData = reached
    }

    /// The header of the JPEG `handle` reads, from the file's start: its first 64 KiB, or its first
    /// MiB when the segments go on past those (a large ICC profile, a camera's preview in the EXIF).
    /// Most headers are a few KB; a MiB read, copied and faulted in for each look showed in an
    /// export's profile.
    package static func header(from handle: FileHandle) -> JPEGSegments? {
        guard (try? handle.seek(toOffset: 0)) != nil else { return nil }
        let start = [UInt8](handle.readData(ofLength: 1 << 16))
        guard let header = JPEGSegments(start) else { return nil }
        guard !header.reachesImageData, start.count == 1 << 16, (try? handle.seek(toOffset: 0)) != nil else { return header }
        return JPEGSegments([UInt8](handle.readData(ofLength: 1 << 20)))
    }

    package func payload(_ segment: Segment) -> ArraySlice<UInt8> {
        bytes[(segment.range.lowerBound + 4)..<segment.range.upperBound]
    }

    /// Whether `segment` is an APPn segment (`app`: n) whose payload starts with `signature`.
    package func isApp(_ segment: Segment, _ app: UInt8, _ signature: [UInt8]) -> Bool {
        segment.marker == 0xE0 + app && payload(segment).starts(with: signature)
    }

    /// A segment's bytes for `marker` holding `payload` (at most 65533 bytes).
    package static func segment(marker: UInt8, payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    /// The file with the segments `drop` picks removed and `insert` (whole segments) placed after
    /// the leading APP0/APP1 segments (JFIF, EXIF, XMP), where cameras put their APP2 segments.
    /// Everything after the header (image data, appended pictures) is kept as it was.
    package func rewritten(dropping drop: (Segment) -> Bool, inserting insert: [UInt8] = []) -> [UInt8] {
        let kept = segments.filter { !drop($0) }
        var out: [UInt8] = [0xFF, 0xD8]
        out.reserveCapacity(bytes.count + insert.count)
        var inserted = insert.isEmpty
        for segment in kept {
            if !inserted, segment.marker != 0xE0, segment.marker != 0xE1 {
                out += insert
                inserted = true
            }
            out += bytes[segment.range]
        }
        if !inserted { out += insert }
        let rest = segments.last.map { $0.range.upperBound } ?? 2
        out += bytes[rest...]
        return out
    }

    /// Where the insertion of `rewritten` lands: its offset in the result.
    package func insertionOffset(dropping drop: (Segment) -> Bool) -> Int {
        var offset = 2
        for segment in segments where !drop(segment) {
            if segment.marker != 0xE0, segment.marker != 0xE1 { return offset }
            offset += segment.range.count
        }
        return offset
    }
}

extension JPEGSegments {
    /// The JPEG with its JFIF density set to `ppi` dots per inch (an APP0 JFIF segment added first
    /// when there is none): what a lossless cut does with a resolution, since it writes no pixels.
    package func withDensity(ppi: Int) -> [UInt8] {
        let density = UInt16(clamping: ppi)
        let jfif = Array("JFIF\0".utf8)
        if let app0 = segments.first(where: { isApp($0, 0, jfif) }), app0.range.count >= 4 + jfif.count + 7 {
            var out = bytes
            let at = app0.range.lowerBound + 4 + jfif.count + 2  // after the version
            out[at] = 1  // dots per inch
            out[at + 1] = UInt8(density >> 8)
            out[at + 2] = UInt8(density & 0xFF)
            out[at + 3] = UInt8(density >> 8)
            out[at + 4] = UInt8(density & 0xFF)
            return out
        }
        let payload =
            jfif + [1, 1, 1, UInt8(density >> 8), UInt8(density & 0xFF), UInt8(density >> 8), UInt8(density & 0xFF), 0, 0]
        return [0xFF, 0xD8] + Self.segment(marker: 0xE0, payload: payload) + bytes[2...]
    }
}
