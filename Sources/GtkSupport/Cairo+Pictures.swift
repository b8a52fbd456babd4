// Drawing a whole picture into a rectangle with Cairo, scaled to fill it.

import CGtk

extension Cairo {
    /// Draws all of `picture` into the rectangle at (`x`, `y`) of `width` × `height`, scaled to fill it.
    /// A vector target (a PDF) keeps every pixel of the picture, placed by the scale.
    public func draw(_ picture: ImageSurface, x: Double, y: Double, width: Double, height: Double) {
        guard picture.width > 0, picture.height > 0, width > 0, height > 0 else { return }
        saved {
            cairo_translate(cr, x, y)
            cairo_scale(cr, width / Double(picture.width), height / Double(picture.height))
            cairo_set_source_surface(cr, picture.surface, 0, 0)
            cairo_rectangle(cr, 0, 0, Double(picture.width), Double(picture.height))
            cairo_fill(cr)
        }
    }
}
