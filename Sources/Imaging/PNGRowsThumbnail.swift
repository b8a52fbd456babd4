// A PNG's display thumbnail from libspng's rows (CVips' pngrows.h): libvips' own thumbnail of the same rows, decoded faster.

import CSpng
import CVips
import Foundation
import ImagingCore

/// A PNG's display thumbnail from libspng's rows.
package enum PNGRowsThumbnail {
    /// Which PNGs had their thumbnail made from libspng's rows, for the tests.
    package static let shortcut = DecodeShortcut()

    /// The display thumbnail of a PNG from libspng's rows, or nil when that way does not apply
    /// (interlaced, a layout libvips reads otherwise) or libspng gave up on the data: libvips' own
    /// load then makes it, and decides about the file as it always has. The rows are libvips' own
    /// (the same layout, every sample the same), so the thumbnail is the one libvips makes.
    static func thumbnail(_ info: ImageInfo, maxWidth: Int, maxHeight: Int) throws(ImagingError) -> RGBAPixels? {
        guard info.loader.contains("Png"), shortcut.allows(info.path),
            let png = cvp_open(info.path, Double(SupportedImages.pixelLimit))
        else { return nil }
        defer { cvp_release(png) }
        // libvips' own load, never computed: its header and metadata (an EXIF orientation, say) are the picture's.
        guard let header = cv_open_sequential(info.path, 0) else {
            vips_error_clear()
            return nil
        }
        defer { cv_unref(header) }
        guard let rows = cvp_image(png, header) else { return nil }
        defer { cv_unref(rows) }
        var thumb: UnsafeMutablePointer<VipsImage>?
        guard cv_thumbnail_image(rows, &thumb, Int32(max(maxWidth, 1)), Int32(max(maxHeight, 1))) == 0, let thumb else {
            vips_error_clear()
            return nil
        }
        defer { cv_unref(thumb) }
        let pixels: RGBAPixels
        do { pixels = try DisplayThumbnail.rgba8(thumb) } catch {
            guard cvp_gave_up(png) != 0 else { throw error }
            vips_error_clear()
            return nil
        }
        // Only rows read to the end, the checksums after them checked, stand: libvips does not always pass
        // on a failure of the last rows, so anything short of that goes libvips' way, which decides.
        vips_error_clear()
        guard cvp_finished(png) != 0, cvp_gave_up(png) == 0 else { return nil }
        shortcut.add(info.path)
        return pixels
    }
}
