// The one boundary through which files become pictures: decoded in the confined decoder off the main thread, errors typed.

import CGtk
import Decoding
import Foundation
import GtkSupport
import ImagingCore
import LaunchTrace
import Wording

/// Why a file could not be shown. The cause stays typed (the imaging module's own error) until the
/// window words it, so a caller can tell a hostile file from a full screen's worth of pixels.
public enum ImageLoadError: Error, Sendable, Equatable {
    /// Decoding `name` failed for this reason.
    case imaging(name: String, ImagingError)
    /// `name` decoded, but its display surface would be larger than the screen can hold.
    case tooLargeToDisplay(name: String)

    /// In words, for the window's toast: "“photo.jpg”: the file is empty".
    public var message: String {
        switch self {
        case .imaging(let name, let error): return Localization.format(tr("“%1$s”: %2$s"), [name, error.message])
        case .tooLargeToDisplay(let name): return Localization.format(tr("“%s” is too large to display"), [name])
        }
    }
}

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
    private static func largestMonitor() -> MonitorArea {
        let known = MonitorArea(width: 1920, height: 1200, scale: 1)
        return DisplayMonitors.all.reduce(known) { $1.width * $1.height > $0.width * $0.height ? $1 : $0 }
    }
}
