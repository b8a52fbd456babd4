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
        guard let viewport = canvas.viewport, let placed = viewport.visibleFrame else { return nil }
        let corners = PerspectiveQuad.Corner.allCases.map { editing.viewPoint(of: $0, in: viewport) }
        return PerspectiveDrawing(
            corners: corners, picture: placed, selected: editing.selected.rawValue,
            magnifier: magnifier(viewport: viewport, corners: corners))
    }

    /// The magnifier while a corner is dragged: the picture around it, placed away from the
    /// quadrilateral's middle so the hand and the shape do not cover it.
    private func magnifier(viewport: Viewport, corners: [CropPoint]) -> PerspectiveMagnifier? {
        guard let drag = editing.drag, let image = canvas.image else { return nil }
        let at = corners[drag.corner.rawValue]
        let middle = CropPoint(x: corners.map(\.x).reduce(0, +) / 4, y: corners.map(\.y).reduce(0, +) / 4)
        var away = CropSize(width: at.x - middle.x, height: at.y - middle.y)
        let length = (away.width * away.width + away.height * away.height).squareRoot()
        away = length > 0 ? CropSize(width: away.width / length, height: away.height / length) : CropSize(width: -1, height: 0)
        let centre = CropPoint(
            x: at.x + away.width * OverlayStyle.magnifierOffset, y: at.y + away.height * OverlayStyle.magnifierOffset)
        let frame = viewport.imageFrame
        guard frame.width > 0, frame.height > 0 else { return nil }
        let side = 2 * OverlayStyle.magnifierRadius / OverlayStyle.magnification
        let point = viewport.normalizedPoint(at)
        let w = side / frame.width, h = side / frame.height
        return PerspectiveMagnifier(
            surface: image.surface, transform: canvas.transform,
            region: CropRect(x: point.x - w / 2, y: point.y - h / 2, width: w, height: h), centre: centre)
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
