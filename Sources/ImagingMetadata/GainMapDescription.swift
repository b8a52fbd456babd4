// An Ultra HDR photo's gain-map description in the XMP: found, its length set, or taken out of the packet.

import CExiv
import Foundation

/// The gain map's description in the primary picture's XMP: `hdrgm:Version` and the container
/// directory whose `GainMap` item gives the appended picture's length.
package enum GainMapDescription {
    package static let namespace = "http://ns.adobe.com/hdr-gain-map/1.0/"
    package static let containerNamespace = "http://ns.google.com/photos/1.0/container/"
    package static let itemNamespace = "http://ns.google.com/photos/1.0/container/item/"

    /// The container directory's tags, under whatever XMP prefix the file gave its namespace.
    private static func containerTags(_ metadata: ExifEdits.Metadata) -> [String] {
        let tags = ExifEdits.tags(metadata, xmp: true)
        // `Xmp.<container>.Directory[n]/<container>:Item/<item>:Semantic`: the directory's prefix.
        let prefixes = Set(
            tags.filter { $0.contains(":Item/") && $0.hasSuffix(":Semantic") }
                .compactMap { $0.split(separator: ".").dropFirst().first.map { "Xmp.\($0)." } })
        return tags.filter { tag in prefixes.contains { tag.hasPrefix($0) } }
    }

    package static func isPresent(in metadata: ExifEdits.Metadata) -> Bool {
        ExifEdits.tags(metadata, xmp: true).contains { $0.hasPrefix("Xmp.hdrgm.") } || !containerTags(metadata).isEmpty
    }

    /// Sets the `GainMap` item's length to the cropped gain map's.
    package static func setLength(_ bytes: Int, in metadata: ExifEdits.Metadata) {
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
    package static func removed(from packet: String) -> String? {
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
