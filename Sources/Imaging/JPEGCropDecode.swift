// A re-encoded JPEG crop decoded for the crop alone (CVips' jpegcut.h) and handed to the save in place of libvips' load.

import CVips
import CropKit
import Foundation
import ImagingCore

/// The crop of a JPEG being decoded by libjpeg for the crop alone: the rows above it entropy-decoded
/// only, the columns beside it never transformed, nothing below its last row read. Its pixels are
/// those libvips' own load gives, and its metadata that of libvips' load of the same file, so the
/// save writes the same result. It applies to an 8-bit YCbCr, RGB or greyscale JPEG cut without a
/// straighten or a perspective; anything else, or a file libjpeg warns about, goes libvips' way, which decides about
/// it as it always has.
package final class JPEGCropDecode {
    private let cut: UnsafeMutablePointer<cvj_cut>
    /// How the stored grid is turned to the crop as shown: the EXIF orientation, then the user's turn.
    private let turn: ImageOrientation
    private let path: String

    /// What the tests see and steer of the crops decoded alone.
    package static let shortcut = DecodeShortcut()

    /// Starts the decode down to the crop, or nil when this way does not apply (or libjpeg warned on
    /// the way: damage above the crop).
    init?(info: ImageInfo, crop: PixelRect, options: ExportOptions) {
        guard info.isJPEG, Self.shortcut.allows(info.path), options.straighten.isZero, options.perspective == nil,
            options.cuts.isEmpty
        else {
            return nil
        }
        turn = info.orientation.followed(by: options.transform)
        path = info.path
        let stored = turn.storedPixelRect(fromDisplayed: crop, storedWidth: info.storedWidth, storedHeight: info.storedHeight)
        guard let cut = cvj_open(info.path, Int32(stored.x), Int32(stored.y), Int32(stored.width), Int32(stored.height))
        else { return nil }
        self.cut = cut
    }

    deinit {
        if cvj_finished(cut) != 0 { Self.shortcut.add(path) }
        cvj_release(cut)
    }

    /// Whether libjpeg warned or failed while the crop's rows were decoded: the save that asked for
    /// them failed, and libvips' way must make the result instead.
    var gaveUp: Bool { cvj_gave_up(cut) != 0 }

    /// The crop as shown, as `shownCut` makes it from `upright` (libvips' load of the file turned
    /// upright, never computed here: its metadata is what the result carries). A new reference, or
    /// nil when libvips' way must make it after all.
    func shownCut(fields upright: UnsafeMutablePointer<VipsImage>) -> UnsafeMutablePointer<VipsImage>? {
        guard let image = cvj_image(cut, upright) else { return nil }
        // Upright and not turned: the rows stream into the save as it asks for them.
        guard turn != .up else { return image }
        defer { cv_unref(image) }
        // A turn needs the whole crop at once: decoded into memory first (only the crop), then turned.
        guard let whole = vips_image_copy_memory(image) else {
            vips_error_clear()
            return nil
        }
        defer { cv_unref(whole) }
        return turn.applied(to: whole)
    }
}
