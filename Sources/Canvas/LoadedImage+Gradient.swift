// A made-up picture for measuring and testing frames: a diagonal gradient in which every pixel differs from its neighbours.

import CGtk
import CropKit
import GtkSupport

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
