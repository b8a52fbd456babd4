// The fine grid a frame draws over the picture while the straighten angle changes, to compare a horizon against.

import CGtk
import CropKit
import GtkSupport

extension OverlayStyle {
    /// Between the fine grid's lines, in points: close enough to compare a horizon against.
    static let fineGridSpacing = 24.0
    static let fineGrid = RGBA(1, 1, 1, 0.28)
}

extension FramePlan {
    /// One-device-pixel lines every `fineGridSpacing` points across the visible picture, from its
    /// centre out, filled as whole-pixel boxes (Cairo fills those without anti-aliasing masks);
    /// where they cross the grid is a little brighter.
    func drawFineGrid(_ c: Cairo) {
        let pixel = 1 / scale
        let spacing = OverlayStyle.fineGridSpacing
        var x = placed.midX - (((placed.midX - placed.minX) / spacing).rounded(.down)) * spacing
        while x < placed.maxX {
            let snapped = (x * scale).rounded(.down) / scale
            c.rectangle(snapped, placed.minY, pixel, placed.height)
            x += spacing
        }
        // Columns and rows filled apart: in one path their crossings would make Cairo split every
        // overlap into boxes of its own (thousands of them), many times the cost of both fills.
        c.setColor(OverlayStyle.fineGrid)
        cairo_fill(c.cr)
        var y = placed.midY - (((placed.midY - placed.minY) / spacing).rounded(.down)) * spacing
        while y < placed.maxY {
            let snapped = (y * scale).rounded(.down) / scale
            c.rectangle(placed.minX, snapped, placed.width, pixel)
            y += spacing
        }
        cairo_fill(c.cr)
    }
}
