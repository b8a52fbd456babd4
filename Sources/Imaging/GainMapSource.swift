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

/// The gain map's description in the primary picture's XMP: `hdrgm:Version` and the container
/// directory whose `GainMap` item gives the appended picture's length.
enum GainMapDescription {
    static let namespace = "http://ns.adobe.com/hdr-gain-map/1.0/"
    static let containerNamespace = "http://ns.google.com/photos/1.0/container/"
    static let itemNamespace = "http://ns.google.com/photos/1.0/container/item/"

    /// The container directory's tags, under whatever XMP prefix the file gave its namespace.
    private static func containerTags(_ metadata: ExifEdits.Metadata) -> [String] {
        let tags = ExifEdits.tags(metadata, xmp: true)
        // `Xmp.<container>.Directory[n]/<container>:Item/<item>:Semantic`: the directory's prefix.
        let prefixes = Set(
            tags.filter { $0.contains(":Item/") && $0.hasSuffix(":Semantic") }
                .compactMap { $0.split(separator: ".").dropFirst().first.map { "Xmp.\($0)." } })
        return tags.filter { tag in prefixes.contains { tag.hasPrefix($0) } }
    }

    static func isPresent(in metadata: ExifEdits.Metadata) -> Bool {
        ExifEdits.tags(metadata, xmp: true).contains { $0.hasPrefix("Xmp.hdrgm.") } || !containerTags(metadata).isEmpty
    }

    /// Sets the `GainMap` item's length to the cropped gain map's.
    static func setLength(_ bytes: Int, in metadata: ExifEdits.Metadata) {
        for tag in containerTags(metadata) where tag.hasSuffix(":Semantic") && ExifEdits.string(metadata, tag) == "GainMap" {
            let length = String(tag.dropLast("Semantic".count)) + "Length"
            var error: UnsafeMutablePointer<GError>?
            _ = gexiv2_metadata_try_set_tag_string(metadata, length, "\(bytes)", &error)
            if let error { g_error_free(error) }
        }
    }

    /// The XMP packet without the gain map's description: its `hdrgm:` properties, the container
    /// directory, and their namespace declarations. Done on the packet's text because exiv2 can
    /// delete the directory's values but leaves its empty structure behind. Nil when there is
    /// nothing to remove.
    static func removed(from packet: String) -> String? {
        var text = packet
        for namespace in [containerNamespace, Self.namespace, itemNamespace] {
            for prefix in prefixes(of: namespace, in: text) {
                let p = NSRegularExpression.escapedPattern(for: prefix)
                let patterns = [
                    "\\s+xmlns:\(p)=(\"[^\"]*\"|'[^']*')",  // the declaration
                    "\\s+\(p):[A-Za-z0-9_]+=(\"[^\"]*\"|'[^']*')",  // properties as attributes
                    "<\(p):([A-Za-z0-9_]+)\\b[^>]*/>",  // empty elements
                    "<\(p):([A-Za-z0-9_]+)\\b[^>]*>.*?</\(p):\\1>",
                ]  // elements with content
                for pattern in patterns { text = replacing(pattern, in: text) }
            }
        }
        return text == packet ? nil : text
    }

    /// The prefixes `namespace` is declared with in an XMP packet.
    private static func prefixes(of namespace: String, in text: String) -> [String] {
        let pattern = "xmlns:([A-Za-z0-9_.-]+)=[\"']\(NSRegularExpression.escapedPattern(for: namespace))[\"']"
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return Array(
            Set(
                regex.matches(in: text, range: range).compactMap { match in
                    Range(match.range(at: 1), in: text).map { String(text[$0]) }
                }))
    }

    private static func replacing(_ pattern: String, in text: String) -> String {
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators]) else { return text }
        return regex.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "")
    }
}
