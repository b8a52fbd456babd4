// Fixing the metadata of a cropped file with gexiv2: upright orientation, true dimensions, no stale thumbnail, GPS on request.

import CExiv
import Foundation

enum MetadataFixer {
    /// Rewrites `path`'s metadata in place. `resetOrientation` after pixels were turned upright;
    /// the EXIF thumbnail always goes (it shows the cropped-away picture).
    /// `exifSource`: a file to copy EXIF from when the saver wrote none (libvips 8.14 writes no EXIF
    /// into TIFF), so the result keeps the camera's tags like every other format.
    static func fix(path: String, width: Int, height: Int, resetOrientation: Bool, strip: StripMode,
                    exifSource: String? = nil) throws(ImagingError) {
        guard let metadata = gexiv2_metadata_new() else { throw ImagingError("metadata support is unavailable") }
        defer { g_object_unref(metadata) }
        var error: UnsafeMutablePointer<GError>?
        guard gexiv2_metadata_open_path(metadata, path, &error) != 0 else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown"
            if let error { g_error_free(error) }
            throw ImagingError("the result's metadata could not be read: \(reason)")
        }
        if strip == .all {
            // The savers were told to strip, but libvips 8.14's webpsave still writes an EXIF block of
            // its own (orientation, resolution, size): cleared here. Other formats have nothing left.
            guard gexiv2_metadata_get_mime_type(metadata).map({ String(cString: $0) }) == "image/webp",
                  gexiv2_metadata_has_exif(metadata) != 0 else { return }
            gexiv2_metadata_clear_exif(metadata)
            guard gexiv2_metadata_save_file(metadata, path, &error) != 0 else {
                if let error { g_error_free(error) }
                throw ImagingError("the result's metadata could not be removed")
            }
            return
        }
        guard gexiv2_metadata_get_supports_exif(metadata) != 0 else { return }
        if let exifSource { copyExif(from: exifSource, to: metadata) }
        let hasExif = gexiv2_metadata_has_exif(metadata) != 0
        if hasExif {
            gexiv2_metadata_erase_exif_thumbnail(metadata)
            if resetOrientation { gexiv2_metadata_set_orientation(metadata, GEXIV2_ORIENTATION_NORMAL) }
            setIfPresent(metadata, "Exif.Photo.PixelXDimension", width)
            setIfPresent(metadata, "Exif.Photo.PixelYDimension", height)
        }
        if strip == .gps {
            gexiv2_metadata_delete_gps_info(metadata)
            removeXmpGPS(metadata)
        }
        guard gexiv2_metadata_save_file(metadata, path, &error) != 0 else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown"
            if let error { g_error_free(error) }
            throw ImagingError("the result's metadata could not be written: \(reason)")
        }
    }

    private static func setIfPresent(_ metadata: UnsafeMutablePointer<GExiv2Metadata>, _ tag: String, _ value: Int) {
        guard gexiv2_metadata_has_tag(metadata, tag) != 0 else { return }
        var error: UnsafeMutablePointer<GError>?
        _ = gexiv2_metadata_try_set_tag_long(metadata, tag, value, &error)
        if let error { g_error_free(error) }
    }

    /// XMP can carry location too (exif:GPS* in the XMP packet).
    private static func removeXmpGPS(_ metadata: UnsafeMutablePointer<GExiv2Metadata>) {
        guard let tags = gexiv2_metadata_get_xmp_tags(metadata) else { return }
        defer { g_strfreev(tags) }
        var i = 0
        while let tag = tags[i] {
            let name = String(cString: tag)
            if name.hasPrefix("Xmp.exif.GPS") { gexiv2_metadata_clear_tag(metadata, tag) }
            i += 1
        }
    }

    /// Copies every EXIF tag the result lacks and gexiv2 can carry as text; the TIFF's own
    /// structure tags (size, strips, orientation) stay as the saver wrote them.
    private static func copyExif(from source: String, to metadata: UnsafeMutablePointer<GExiv2Metadata>) {
        guard let from = gexiv2_metadata_new() else { return }
        defer { g_object_unref(from) }
        var error: UnsafeMutablePointer<GError>?
        guard gexiv2_metadata_open_path(from, source, &error) != 0, let tags = gexiv2_metadata_get_exif_tags(from) else {
            if let error { g_error_free(error) }
            return
        }
        defer { g_strfreev(tags) }
        var i = 0
        while let tag = tags[i] {
            i += 1
            let name = String(cString: tag)
            // The thumbnail (IFD1) shows the uncropped picture; maker notes are opaque binaries.
            if name.hasPrefix("Exif.Thumbnail.") || name.contains("MakerNote") || name.hasPrefix("Exif.Image.Strip")
                || name.hasPrefix("Exif.Image.Tile") || gexiv2_metadata_has_tag(metadata, tag) != 0 { continue }
            guard let value = gexiv2_metadata_try_get_tag_string(from, tag, &error) else {
                if let error { g_error_free(error) }
                error = nil
                continue
            }
            _ = gexiv2_metadata_try_set_tag_string(metadata, tag, value, &error)
            if let error { g_error_free(error) }
            error = nil
            g_free(value)
        }
    }
}
