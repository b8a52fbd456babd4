// The gexiv2 edits the metadata fix is made of: listing, reading, setting and clearing tags, maker notes, GPS, the thumbnail.

import CExiv
import Foundation

package enum ExifEdits {
    package typealias Metadata = UnsafeMutablePointer<GExiv2Metadata>

    /// The EXIF (or XMP) tag names present, e.g. `Exif.Photo.MakerNote`.
    package static func tags(_ metadata: Metadata, xmp: Bool) -> [String] {
        guard let list = xmp ? gexiv2_metadata_get_xmp_tags(metadata) : gexiv2_metadata_get_exif_tags(metadata) else {
            return []
        }
        defer { g_strfreev(list) }
        var names: [String] = []
        var i = 0
        while let tag = list[i] {
            names.append(String(cString: tag))
            i += 1
        }
        return names
    }

    package static func string(_ metadata: Metadata, _ tag: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        guard let value = gexiv2_metadata_try_get_tag_string(metadata, tag, &error) else {
            if let error { g_error_free(error) }
            return nil
        }
        defer { g_free(value) }
        return String(cString: value)
    }

    package static func setIfPresent(_ metadata: Metadata, _ tag: String, _ value: Int) {
        var error: UnsafeMutablePointer<GError>?
        guard gexiv2_metadata_try_has_tag(metadata, tag, &error) != 0 else {
            if let error { g_error_free(error) }
            return
        }
        _ = gexiv2_metadata_try_set_tag_string(metadata, tag, "\(value)", &error)
        if let error { g_error_free(error) }
    }

    /// X/YResolution as `ppi` pixels per inch (unit 2), replacing what a source's EXIF said.
    package static func setResolution(_ metadata: Metadata, ppi: Int) {
        var error: UnsafeMutablePointer<GError>?
        for (tag, value) in [
            ("Exif.Image.XResolution", "\(ppi)/1"), ("Exif.Image.YResolution", "\(ppi)/1"), ("Exif.Image.ResolutionUnit", "2"),
        ] {
            _ = gexiv2_metadata_try_set_tag_string(metadata, tag, value, &error)
            if let error { g_error_free(error) }
            error = nil
        }
    }

    package static func clear(_ metadata: Metadata, _ tag: String) {
        var error: UnsafeMutablePointer<GError>?
        _ = gexiv2_metadata_try_clear_tag(metadata, tag, &error)
        if let error { g_error_free(error) }
    }

    /// Clears every EXIF (or XMP) tag whose name `matches`.
    package static func clearTags(_ metadata: Metadata, xmp: Bool, where matches: (String) -> Bool) {
        for tag in tags(metadata, xmp: xmp) where matches(tag) { clear(metadata, tag) }
    }

    /// The IFD1 thumbnail shows the picture before the crop.
    package static func eraseThumbnail(_ metadata: Metadata) {
        var error: UnsafeMutablePointer<GError>?
        gexiv2_metadata_try_erase_exif_thumbnail(metadata, &error)
        if let error { g_error_free(error) }
    }

    package static func resetOrientation(_ metadata: Metadata) {
        var error: UnsafeMutablePointer<GError>?
        gexiv2_metadata_try_set_orientation(metadata, GEXIV2_ORIENTATION_NORMAL, &error)
        if let error { g_error_free(error) }
    }

    package static func deleteGPS(_ metadata: Metadata) {
        var error: UnsafeMutablePointer<GError>?
        gexiv2_metadata_try_delete_gps_info(metadata, &error)
        if let error { g_error_free(error) }
        clearTags(metadata, xmp: false) { $0.hasPrefix("Exif.GPSInfo.") }
    }

    /// An XMP property that holds a position: `exif:GPSLatitude` and its kin, and the same under other
    /// namespaces (a DJI drone's `drone-dji:GpsLatitude`, IPTC's `LocationCreated/…:GPSLongitude`).
    package static func isXMPLocation(_ tag: String) -> Bool {
        let property = (tag.split(whereSeparator: { $0 == "/" || $0 == "." || $0 == ":" }).last ?? "").lowercased()
        return property.hasPrefix("gps") || property.hasSuffix("latitude") || property.hasSuffix("longitude")
    }

    /// The EXIF groups of the standard's own directories; every other group exiv2 names (`Canon`,
    /// `CanonCs`, `Nikon3`, `Olympus2`, …) is a decoded part of a camera's maker note.
    private static let standardGroups: Set<String> = ["Image", "Photo", "Iop", "GPSInfo", "Thumbnail"]

    package static func isMakerNoteTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: ".")
        guard parts.count >= 3, parts[0] == "Exif" else { return false }
        return tag == "Exif.Photo.MakerNote" || !standardGroups.contains(String(parts[1]))
    }

    package static func hasMakerNotes(_ metadata: Metadata) -> Bool { tags(metadata, xmp: false).contains(where: isMakerNoteTag) }

    package static func hasMakerNotes(path: String) -> Bool {
        guard let metadata = gexiv2_metadata_new() else { return false }
        defer { g_object_unref(metadata) }
        var error: UnsafeMutablePointer<GError>?
        guard gexiv2_metadata_open_path(metadata, path, &error) != 0 else {
            if let error { g_error_free(error) }
            return false
        }
        return hasMakerNotes(metadata)
    }

    /// Copies every EXIF tag of the standard's own directories the result lacks and gexiv2 can
    /// carry as text; the TIFF's own structure tags (size, strips, orientation) stay as the saver
    /// wrote them. The thumbnail (IFD1) shows the uncropped picture; maker notes are a camera's
    /// own binary layout.
    package static func copyExif(from source: String, to metadata: Metadata) {
        guard let from = gexiv2_metadata_new() else { return }
        defer { g_object_unref(from) }
        var error: UnsafeMutablePointer<GError>?
        guard gexiv2_metadata_open_path(from, source, &error) != 0 else {
            if let error { g_error_free(error) }
            return
        }
        let present = Set(tags(metadata, xmp: false))
        for tag in tags(from, xmp: false) {
            if tag.hasPrefix("Exif.Thumbnail.") || isMakerNoteTag(tag) || tag.hasPrefix("Exif.Image.Strip")
                || tag.hasPrefix("Exif.Image.Tile") || present.contains(tag)
            {
                continue
            }
            guard let value = string(from, tag) else { continue }
            _ = gexiv2_metadata_try_set_tag_string(metadata, tag, value, &error)
            if let error { g_error_free(error) }
            error = nil
        }
    }
}
