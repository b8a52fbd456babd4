// An Ultra HDR (or ISO 21496-1) photo's gain map: found through the MPF index, and its description in the primary picture's XMP.

import CExiv
import Foundation

/// What a JPEG carries after its first picture, as the MPF index lists it.
struct MultiPictureSource {
    /// The gain map's own JPEG (its XMP `hdrgm:` and ISO 21496-1 segments included), when one of
    /// the appended pictures is one.
    let gainMap: [UInt8]?
    /// The primary picture's ISO 21496-1 APP2 segments (the version a reader checks first), which a
    /// re-encode does not carry by itself.
    let primaryISOSegments: [[UInt8]]

    /// Reads the MPF index of the JPEG at `path` from its header, then only the pictures it lists.
    /// Nil when the file has no index (most JPEGs).
    init?(path: String) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        // The index sits among the header's APP segments, before any EXIF thumbnail's end.
        guard let header = JPEGSegments.header(from: handle),
            let index = MultiPictureIndex(header: header)
        else { return nil }
        let fileSize = Int((try? handle.seekToEnd()) ?? 0)
        var gainMap: [UInt8]?
        for entry in index.entries.dropFirst() {
            guard let range = index.range(of: entry, fileSize: fileSize),
                (try? handle.seek(toOffset: UInt64(range.lowerBound))) != nil
            else { continue }
            // Its header first: a camera's preview need not be read whole to be passed over.
            let head = [UInt8](handle.readData(ofLength: min(range.count, 1 << 18)))
            guard let segments = JPEGSegments(head), Self.describesGainMap(segments) else { continue }
            gainMap = head.count == range.count ? head : head + [UInt8](handle.readData(ofLength: range.count - head.count))
            break
        }
        self.gainMap = gainMap
        primaryISOSegments = header.segments.filter { header.isApp($0, 2, JPEGSegments.Signature.isoGainMap) }
            .map { Array(header.bytes[$0.range]) }
    }

    /// A gain map says so in its own markers: Adobe's `hdrgm:` XMP (Android's Ultra HDR) or the ISO
    /// 21496-1 APP2 segment.
    static func describesGainMap(_ segments: JPEGSegments) -> Bool {
        segments.segments.contains { segment in
            (segments.isApp(segment, 1, JPEGSegments.Signature.xmp)
                && segments.payload(segment).firstRange(of: Array(GainMapDescription.namespace.utf8)) != nil)
                || segments.isApp(segment, 2, JPEGSegments.Signature.isoGainMap)
        }
    }

    /// The gain map's segments to carry onto a cropped one: its XMP and ISO 21496-1 parameters
    /// (value ranges, not geometry, so they stay true for any crop).
    func gainMapSegments() -> [[UInt8]] {
        guard let gainMap, let segments = JPEGSegments(gainMap) else { return [] }
        return segments.segments.filter {
            segments.isApp($0, 1, JPEGSegments.Signature.xmp) || segments.isApp($0, 2, JPEGSegments.Signature.isoGainMap)
        }.map { Array(gainMap[$0.range]) }
    }
}
