// Perspective mode's overlay: corner drags with their 44-point grips and magnifier, and the keys that choose and move corners.

import CropKit
import GtkSupport

/// Perspective mode over the unrectified picture: a primary drag on a corner's grip moves that
/// corner (stopping where the shape would stop being one that can be rectified), with the
/// magnifier beside it; a drag elsewhere does nothing, since there is no crop frame to drag. Only
/// this overlay's `editing` changes until the mode is applied.
@MainActor
final class PerspectiveOverlay: CanvasOverlay {
    private unowned let canvas: CropCanvas
    /// The quadrilateral being placed, its chosen corner and its drag.
    private(set) var editing: PerspectiveEditing

    init(canvas: CropCanvas, editing: PerspectiveEditing) {
        self.canvas = canvas
        self.editing = editing
    }

    var drawing: (any OverlayDrawing)? {
        guard let viewport = canvas.viewport, let image = canvas.image else { return nil }
        return PerspectiveDrawing(editing, viewport: viewport, picture: image.surface, transform: canvas.transform)
    }

    func cursor(at point: CropPoint) -> String? {
        guard let viewport = canvas.viewport else { return nil }
        return editing.corner(at: point, in: viewport) == nil ? "default" : "move"
    }

    func beginDrag(at point: CropPoint) -> Bool {
        guard let viewport = canvas.viewport else { return true }
        if editing.beginDrag(at: point, in: viewport) { changed() }
        // The drag is taken either way: outside a grip there is nothing to drag in this mode.
        return true
    }

    func updateDrag(translation: CropSize) {
        guard editing.drag != nil, let viewport = canvas.viewport else { return }
        editing.updateDrag(translation: translation, in: viewport)
        canvas.widget.queueDraw()
    }

    func endDrag(translation: CropSize) {
        guard editing.drag != nil else { return }
        updateDrag(translation: translation)
        editing.endDrag()
        changed()
    }

    func cancelDrag() {
        editing.cancelDrag()
        changed()
    }

    /// Chooses the next (or previous) corner for the keys.
    func selectNext(backwards: Bool) {
        editing.selectNext(backwards: backwards)
        changed()
    }

    /// Moves the chosen corner a step; returns whether it moved (it stops at the limit).
    @discardableResult
    func moveSelected(dx: Int, dy: Int, fine: Bool) -> Bool {
        let moved = editing.moveSelected(dx: dx, dy: dy, fine: fine)
        changed()
        return moved
    }

    /// Moves every corner to a found page.
    @discardableResult
    func place(_ quad: PerspectiveQuad) -> Bool {
        let placed = editing.place(quad)
        changed()
        return placed
    }

    /// Locks (or frees) the proportions the mode applies.
    func setRatio(_ ratio: Double?) { editing.ratio = ratio }

    /// Redraws and tells the screen reader where the chosen corner is now.
    private func changed() {
        canvas.widget.queueDraw()
        canvas.updateAccessibleDescription()
    }
}
