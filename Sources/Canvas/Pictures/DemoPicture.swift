// Pictures drawn with Cairo rather than decoded: the built-in "Coastline", and the gradient frames are measured with.

import CGtk
import CropKit
import GtkSupport
import Wording

@MainActor
public enum DemoPicture {
    public static var title: String { tr("Coastline") }
    /// The demo picture's size in pixels (portrait 4:5).
    static let width = 800, height = 1000

    /// Draws the picture: a cyan → blue → indigo sky, a yellow sun, a sand shore.
    public static func make() -> LoadedImage {
        let surface = ImageSurface(width: width, height: height)!
        surface.draw { c in
            let cr = c.cr
            let sky = cairo_pattern_create_linear(0, 0, 0, Double(height))!
            cairo_pattern_add_color_stop_rgb(sky, 0, 0.0, 0.75, 0.9)  // cyan
            cairo_pattern_add_color_stop_rgb(sky, 0.5, 0.0, 0.35, 0.95)  // blue
            cairo_pattern_add_color_stop_rgb(sky, 1, 0.3, 0.2, 0.75)  // indigo
            cairo_set_source(cr, sky)
            cairo_paint(cr)
            cairo_pattern_destroy(sky)

            // The sun: an ellipse in the 180-pixel square at (120, 130), 90 % opaque yellow.
            cairo_arc(cr, 120 + 90, 130 + 90, 90, 0, 2 * Double.pi)
            c.setColor(RGBA(1, 0.84, 0, 0.9))
            cairo_fill(cr)

            // The shore: from the bottom corners up a curve to the right edge at y = 420.
            c.moveTo(800, 1000)
            c.lineTo(0, 1000)
            cairo_curve_to(cr, 360, 820, 460, 560, 800, 420)
            cairo_close_path(cr)
            c.setColor(RGBA(0.95, 0.8, 0.55))
            cairo_fill(cr)
        }
        return LoadedImage(title: title, path: nil, surface: surface, pixelWidth: width, pixelHeight: height)
    }
}

extension LoadedImage {
    /// A diagonal blue-to-amber gradient picture: every pixel differs from its neighbours. With
    /// `photo`, the `width`×`height` surface is the display thumbnail of a photo of that size (as a
    /// 12000 × 8000 photo is shown through a thumbnail no larger than the screen).
    @_spi(Benchmark) public static func gradient(
        width: Int, height: Int, photo: (width: Int, height: Int)? = nil
    ) -> LoadedImage? {
        guard let surface = ImageSurface(width: width, height: height) else { return nil }
        surface.draw { c in
            let gradient = cairo_pattern_create_linear(0, 0, Double(width), Double(height))!
            cairo_pattern_add_color_stop_rgb(gradient, 0, 0.1, 0.5, 0.9)
            cairo_pattern_add_color_stop_rgb(gradient, 1, 0.9, 0.7, 0.3)
            cairo_set_source(c.cr, gradient)
            cairo_paint(c.cr)
            cairo_pattern_destroy(gradient)
        }
        return LoadedImage(
            title: "gradient", path: nil, surface: surface, pixelWidth: photo?.width ?? width,
            pixelHeight: photo?.height ?? height)
    }
}
