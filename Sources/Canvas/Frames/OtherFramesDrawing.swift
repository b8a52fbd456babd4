// The frames besides the active one on the crop area: each a thin white outline over the halo, numbered at its top-left corner.

import CGtk
import CropKit
import GtkSupport

/// The outlines of the frames that are not being edited, in view points, fixed before painting as
/// the rest of a frame plan. The active frame keeps the dim and the handles; these are only outlined,
/// so the picture stays readable under several.
struct OtherFramesDrawing: Equatable, Sendable {
    struct Outline: Equatable, Sendable {
        /// The frame's place, from 1, as its file is named and the description says it.
        let number: Int
        let rect: CropRect
    }

    let frames: [Outline]

    /// The outline is thinner than the active frame's, so which one the handles move stays plain.
    static let lineWidth = 1.0
    static let fontSize = 13.0
    /// Room around the number's digits on its dark label.
    static let labelPadding = 3.0

    func paint(_ c: Cairo, scale: Double, highContrast: Bool) {
        let halo = highContrast ? OverlayStyle.highContrastHalo : OverlayStyle.halo
        for frame in frames {
            let r = frame.rect.centredForCrispLines(width: Self.lineWidth, scale: scale)
            for (width, color) in [(Self.lineWidth + OverlayStyle.haloExtra, halo), (Self.lineWidth, RGBA.white)] {
                c.rectangle(r.x, r.y, r.width, r.height)
                c.stroke(width: width, color: color)
            }
            label(c, "\(frame.number)", at: r)
        }
    }

    /// The number on a dark label inside the frame's top-left corner.
    private func label(_ c: Cairo, _ text: String, at r: CropRect) {
        cairo_select_font_face(c.cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(c.cr, Self.fontSize)
        var extents = cairo_text_extents_t()
        cairo_text_extents(c.cr, text, &extents)
        let p = Self.labelPadding
        c.rectangle(r.x, r.y, extents.x_advance + 2 * p, Self.fontSize + 2 * p)
        c.setColor(OverlayStyle.dim)
        cairo_fill(c.cr)
        c.setColor(RGBA.white)
        cairo_move_to(c.cr, r.x + p, r.y + p + Self.fontSize - 2)
        cairo_show_text(c.cr, text)
    }
}
