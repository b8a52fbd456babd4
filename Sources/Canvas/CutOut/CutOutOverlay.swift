// Cut Out mode's overlay: a drag across the picture marks a band of rows or columns, committed as one cut on release.

import CGtk
import CropKit
import GtkSupport

/// Cut Out mode over the joined picture: a primary drag marks a band, shown as it grows, and its
/// release cuts it out as one undo step. A drag taller than wide marks rows (a horizontal band, the
/// rows it crossed), one wider than tall marks columns. The keys work on the chosen cut
/// (`CropCanvas+CutOut`); this holds which one it is and the direction of a band added by key.
@MainActor
final class CutOutOverlay: CanvasOverlay {
    private unowned let canvas: CropCanvas
    /// The cut the keys move, resize and remove, by its place in the editor's list; nil with none.
    var chosen: Int?
    /// The direction of the band the B key adds (O switches it).
    var axis = PictureCut.Axis.rows
    /// The band being marked: where the drag began and where it is, in view points.
    private(set) var marking: (start: CropPoint, end: CropPoint)?

    init(canvas: CropCanvas) {
        self.canvas = canvas
        chosen = canvas.editor.cuts.indices.last
    }

    var drawing: (any OverlayDrawing)? {
        guard let marking, let band = canvas.markedCut(from: marking.start, to: marking.end) else { return nil }
        return canvas.bandDrawing(band)
    }

    func cursor(at point: CropPoint) -> String? { "crosshair" }

    func beginDrag(at point: CropPoint) -> Bool {
        marking = (point, point)
        canvas.widget.queueDraw()
        // Every drag is the mode's: the crop frame stays where it is meanwhile.
        return true
    }

    func updateDrag(translation: CropSize) {
        guard let start = marking?.start else { return }
        marking = (start, CropPoint(x: start.x + translation.width, y: start.y + translation.height))
        canvas.widget.queueDraw()
    }

    func endDrag(translation: CropSize) {
        updateDrag(translation: translation)
        guard let marked = marking else { return }
        marking = nil
        canvas.widget.queueDraw()
        // A click marks nothing.
        guard let cut = canvas.markedCut(from: marked.start, to: marked.end) else { return }
        canvas.addCut(cut)
    }

    func cancelDrag() {
        marking = nil
        canvas.widget.queueDraw()
    }
}

/// The band being marked, in view points: filled faintly, its two edges drawn.
struct MarkedBand: Equatable, Sendable, OverlayDrawing {
    var rect: CropRect
    /// Rows: the edges drawn are the top and bottom; columns: the left and right.
    var axis: PictureCut.Axis

    func paint(_ c: Cairo, scale: Double, highContrast: Bool) {
        c.setColor(RGBA(0.93, 0.2, 0.2, 0.3))
        c.rectangle(rect.x, rect.y, rect.width, rect.height)
        cairo_fill(c.cr)
        let halo = highContrast ? OverlayStyle.highContrastHalo : OverlayStyle.halo
        let edges =
            axis == .rows
            ? [(rect.minX, rect.minY, rect.maxX, rect.minY), (rect.minX, rect.maxY, rect.maxX, rect.maxY)]
            : [(rect.minX, rect.minY, rect.minX, rect.maxY), (rect.maxX, rect.minY, rect.maxX, rect.maxY)]
        let widths = [OverlayStyle.frameWidth + OverlayStyle.haloExtra, OverlayStyle.frameWidth]
        for (width, color) in zip(widths, [halo, OverlayStyle.chosenJoin]) {
            for (x0, y0, x1, y1) in edges {
                c.moveTo(x0, y0)
                c.lineTo(x1, y1)
                c.stroke(width: width, color: color)
            }
        }
    }
}
