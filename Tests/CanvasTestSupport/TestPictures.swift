// Pictures made in memory for canvas and window tests, with no file and no decoder.

import CGtk
import GtkSupport

@_spi(Benchmark) @testable import Canvas

enum TestPictures {
    /// A solid picture of one grey level, at a given pixel size.
    static func grey(width: Int, height: Int, level: Double = 0.5, title: String = "grey") -> LoadedImage {
        let surface = ImageSurface(width: width, height: height)!
        surface.draw { c in
            c.setColor(RGBA(level, level, level))
            cairo_paint(c.cr)
        }
        return LoadedImage(title: title, path: nil, surface: surface, pixelWidth: width, pixelHeight: height)
    }
}
