// The one boundary through which files become pictures: the imaging module decodes off the main thread, errors come back worded.

import CGtk
import Decoding
import Foundation
import GtkSupport
import ImagingCore
import LaunchTrace
import Wording

/// Decodes image files into `LoadedImage`s through the imaging module's shrink-on-load
/// thumbnail, in the confined decoding process: a big photo is never decoded at full size just to be shown.
public enum ImageSource {
    /// Loads `path` on a worker thread, no larger than `maxWidth` × `maxHeight` device pixels.
    static func load(path: String, maxWidth: Int, maxHeight: Int) async -> Result<LoadedImage, ImageLoadError> {
        await Task.detached(priority: .userInitiated) { decode(path: path, maxWidth: maxWidth, maxHeight: maxHeight) }.value
    }

    /// Decodes synchronously (call off the main thread).
    public static func decode(path: String, maxWidth: Int, maxHeight: Int) -> Result<LoadedImage, ImageLoadError> {
        decode(.file(path), maxWidth: maxWidth, maxHeight: maxHeight)
    }

    /// Loads pasted bytes on a worker thread, as `load(path:…)` a file: a picture with no file, titled by the bytes' name.
    public static func load(_ bytes: SealedBytes, maxWidth: Int, maxHeight: Int) async -> Result<LoadedImage, ImageLoadError> {
        await Task.detached(priority: .userInitiated) { decode(.bytes(bytes), maxWidth: maxWidth, maxHeight: maxHeight) }.value
    }

    /// Decodes a file or pasted bytes synchronously (call off the main thread).
    static func decode(_ source: DecoderSource, maxWidth: Int, maxHeight: Int) -> Result<LoadedImage, ImageLoadError> {
        let name = (source.path as NSString).lastPathComponent
        do {
            // Decoded in the confined process (crop-editor-decoder), with the kept crop and the block grid.
            LaunchTrace.mark("thumbnail asked")
            let decoded = try DecoderPool.shared.displayThumbnail(source, maxWidth: maxWidth, maxHeight: maxHeight)
            LaunchTrace.mark("thumbnail received")
            LaunchTrace.mark("thumbnail of \(decoded.pixels.width) × \(decoded.pixels.height)")
            let info = decoded.info
            guard let surface = surface(from: decoded.pixels) else {
                return .failure(.tooLargeToDisplay(name: name))
            }
            LaunchTrace.mark("thumbnail in a surface")
            var path: String?
            if case .file(let file) = source { path = file }
            var image = LoadedImage(
                title: name, path: path, surface: surface, pixelWidth: info.width,
                pixelHeight: info.height, info: info,
                losslessGrid: decoded.losslessGrid)
            image.storedCrop = decoded.storedCrop
            image.sidecarProblem = decoded.sidecarProblem?.message
            if case .bytes(let bytes) = source { image.pasted = bytes }
            return .success(image)
        } catch {
            return .failure(.imaging(name: name, error))
        }
    }

    /// Straight RGBA bytes as a Cairo ARGB32 surface (premultiplied, native-endian BGRA).
    public static func surface(from pixels: RGBAPixels) -> ImageSurface? {
        guard let surface = ImageSurface(width: pixels.width, height: pixels.height) else { return nil }
        cairo_surface_flush(surface.surface)
        let stride = Int(cairo_image_surface_get_stride(surface.surface))
        guard let data = cairo_image_surface_get_data(surface.surface) else { return nil }
        pixels.withUnsafeBytes { source in
            for y in 0..<pixels.height {
                let row = data + y * stride
                var i = y * pixels.width * 4
                for x in 0..<pixels.width {
                    let r = UInt32(source[i]), g = UInt32(source[i + 1]), b = UInt32(source[i + 2]), a = UInt32(source[i + 3])
                    let p = row + x * 4
                    p[0] = UInt8((b * a + 127) / 255); p[1] = UInt8((g * a + 127) / 255)
                    p[2] = UInt8((r * a + 127) / 255); p[3] = UInt8(a)
                    i += 4
                }
            }
        }
        cairo_surface_mark_dirty(surface.surface)
        return surface
    }

    /// The largest picture worth decoding for display: the biggest monitor, in device pixels.
    @MainActor
    public static func screenLimit() -> (width: Int, height: Int) {
        let monitor = largestMonitor()
        return (monitor.width, monitor.height)
    }

    /// The picture worth decoding for a window of `size` application pixels: the window at the
    /// screen's scale, no larger than the screen (nil: the screen). Zoomed or enlarged past it, the
    /// canvas renders the sharp region it shows, as for any picture.
    @MainActor
    public static func windowLimit(_ size: (width: Int, height: Int)?) -> (width: Int, height: Int) {
        let monitor = largestMonitor()
        guard let size, size.width > 0, size.height > 0 else { return (monitor.width, monitor.height) }
        return (min(size.width * monitor.scale, monitor.width), min(size.height * monitor.scale, monitor.height))
    }

    /// The biggest monitor in device pixels, and its scale (1920 × 1200 at 1 before any is known).
    @MainActor
    private static func largestMonitor() -> (width: Int, height: Int, scale: Int) {
        var best = (width: 1920, height: 1200, scale: 1)
        guard let display = gdk_display_get_default(), let monitors = gdk_display_get_monitors(display) else { return best }
        for i in 0..<g_list_model_get_n_items(monitors) {
            guard let item = g_list_model_get_item(monitors, i) else { continue }
            defer { g_object_unref(item) }
            var geometry = GdkRectangle()
            gdk_monitor_get_geometry(OpaquePointer(item), &geometry)
            let scale = Int(gdk_monitor_get_scale_factor(OpaquePointer(item)))
            let w = Int(geometry.width) * scale, h = Int(geometry.height) * scale
            if w * h > best.width * best.height { best = (w, h, max(scale, 1)) }
        }
        return best
    }
}
