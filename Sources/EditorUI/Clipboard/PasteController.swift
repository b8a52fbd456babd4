// Paste's state in a window: whether the clipboard offers an image or image files, and the empty page's Paste Image button that follows it.

import CGtk
import GtkSupport

@MainActor
final class PasteController {
    /// The types of picture data Paste and a drop take, in the order preferred when several are
    /// offered: lossless first. The bytes go to the confined decoder, which reads them all.
    static let imageMimeTypes = [
        "image/png", "image/webp", "image/tiff", "image/jpeg", "image/gif", "image/avif", "image/heif", "image/jxl",
    ]

    /// Whether the clipboard now offers a picture (as bytes of a type above, or as files).
    private(set) var clipboardOffersImage = false
    /// The empty page's Paste Image button: shown only while there is something to paste.
    var emptyPageButton: UnsafeMutablePointer<GtkWidget>?

    /// The types of `formats` that Paste can read as a picture, best first.
    static func imageTypes(in formats: OpaquePointer?) -> [String] {
        let offered = Set(Clipboard.mimeTypes(formats))
        return imageMimeTypes.filter(offered.contains)
    }

    /// Reads what `clipboard` offers now; true when the answer changed.
    func update(from clipboard: OpaquePointer) -> Bool {
        let formats = Clipboard.formats(clipboard)
        let offers = Clipboard.offersFiles(formats) || !PasteController.imageTypes(in: formats).isEmpty
        emptyPageButton?.isVisible = offers
        defer { clipboardOffersImage = offers }
        return offers != clipboardOffersImage
    }
}
