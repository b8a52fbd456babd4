// The one boundary through which files become pictures: decoding runs off the main thread, errors come back as text.

import CGtk
import Foundation
import GtkSupport

/// Why a file could not be shown, in words for the user.
struct ImageLoadError: Error, Sendable {
    let message: String
}

/// Decodes image files into `LoadedImage`s. This is the temporary GdkPixbuf decoder; the imaging
/// module replaces it behind the same `load` without the canvas noticing.
enum ImageSource {
    /// Longest side of the surface kept for display: enough for a 4K screen, bounded in memory.
    static let displayLimit = 4096

    /// Loads `path` on a worker thread.
    static func load(path: String) async -> Result<LoadedImage, ImageLoadError> {
        await Task.detached(priority: .userInitiated) { decode(path: path) }.value
    }

    /// Decodes synchronously (call off the main thread).
    static func decode(path: String) -> Result<LoadedImage, ImageLoadError> {
        let name = (path as NSString).lastPathComponent
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(ImageLoadError(message: "“\(name)” does not exist"))
        }
        guard !isDirectory.boolValue else {
            return .failure(ImageLoadError(message: "“\(name)” is a folder, not an image"))
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            return .failure(ImageLoadError(message: "“\(name)” cannot be read (permission denied)"))
        }
        var width: Int32 = 0, height: Int32 = 0
        guard gdk_pixbuf_get_file_info(path, &width, &height) != nil, width > 0, height > 0 else {
            return .failure(ImageLoadError(message: "“\(name)” is not an image this app can open"))
        }
        let scale = min(1, Double(displayLimit) / Double(max(width, height)))
        let targetWidth = max(1, Int32((Double(width) * scale).rounded()))
        let targetHeight = max(1, Int32((Double(height) * scale).rounded()))
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gdk_pixbuf_new_from_file_at_scale(path, targetWidth, targetHeight, 0, &error) else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            return .failure(ImageLoadError(message: "“\(name)” could not be decoded: \(reason)"))
        }
        defer { g_object_unref(pixbuf.raw) }
        let w = Int(gdk_pixbuf_get_width(pixbuf)), h = Int(gdk_pixbuf_get_height(pixbuf))
        guard let surface = ImageSurface(width: w, height: h) else {
            return .failure(ImageLoadError(message: "“\(name)” is too large to display"))
        }
        surface.draw { c in
            gdk_cairo_set_source_pixbuf(c.cr, pixbuf, 0, 0)
            cairo_paint(c.cr)
        }
        return .success(LoadedImage(title: name, path: path, surface: surface,
                                    pixelWidth: Int(width), pixelHeight: Int(height)))
    }
}
