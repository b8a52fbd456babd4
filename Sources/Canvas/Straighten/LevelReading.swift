// Level for the window: CropKit's level estimator reading the display thumbnail's luminance, scaled to the size it is tuned for.

import CGtk
import CropKit
import GtkSupport

enum LevelReading {
    /// The longer side the estimator reads, in pixels (it is tuned for 256–512, as the command line's `--straighten=auto`).
    static let side = 512

    /// The angle that levels the upright picture in `surface`, or nil when it has no lines to go by.
    static func suggestion(for surface: ImageSurface) -> StraightenAngle? {
        let factor = min(1, Double(side) / Double(max(surface.width, surface.height)))
        let w = max(1, Int((Double(surface.width) * factor).rounded()))
        let h = max(1, Int((Double(surface.height) * factor).rounded()))
        guard let small = ImageSurface(width: w, height: h, opaque: true) else { return nil }
        small.draw { c in
            // Transparency reads as white, as over a page.
            c.setColor(RGBA.white)
            cairo_paint(c.cr)
            cairo_scale(c.cr, Double(w) / Double(surface.width), Double(h) / Double(surface.height))
            cairo_set_source_surface(c.cr, surface.surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(c.cr), CAIRO_FILTER_GOOD)
            cairo_paint(c.cr)
        }
        cairo_surface_flush(small.surface)
        guard let data = cairo_image_surface_get_data(small.surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(small.surface))
        var luminance = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            let row = data + y * stride
            for x in 0..<w {
                // Cairo's RGB24 is a native-endian 0xXXRRGGBB word.
                let pixel = UnsafeRawPointer(row + 4 * x).loadUnaligned(as: UInt32.self)
                let r = Int((pixel >> 16) & 0xFF), g = Int((pixel >> 8) & 0xFF), b = Int(pixel & 0xFF)
                // Rec. 709 weights in fixed point, as `LevelSuggestion.suggest`.
                luminance[y * w + x] = UInt8((r * 54 + g * 183 + b * 19 + 128) >> 8)
            }
        }
        return LevelEstimator.suggestion(width: w, height: h, luminance: luminance)
    }
}
