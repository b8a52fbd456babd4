// The primary button: one drag gesture for the crop frame, a pan or the overlay, Escape to cancel, a cursor per handle.

import CGtk
import CropKit
import GtkSupport

/// What the canvas remembers of the pointer and the keys between events.
struct PointerInput {
    /// What a primary-button drag moves.
    enum Drag {
        /// The crop frame (CropKit's drag session).
        case crop
        /// The picture under the view (Space held, or the frame fixed).
        case pan
        /// The canvas's overlay (straighten mode's level line).
        case overlay
    }

    /// The drag gesture, reset when Escape cancels a drag.
    var dragGesture: EventController?
    /// The primary-button drag in progress, if any.
    var drag: Drag?
    /// The cursor name last set, so pointer motion sets it only when it changes.
    var shownCursor: String?
    /// Space held: a primary drag pans (as in image editors).
    var spaceHeld = false
    /// The pointer's last position over the canvas, where Ctrl+scroll zooms.
    var position: CropPoint?
}

extension CropCanvas {
    /// The cursor shown over each part of the frame (CSS cursor names).
    nonisolated static func cursorName(for target: DragTarget) -> String {
        switch target {
        case .newRectangle: return "crosshair"
        case .handle(let handle):
            switch handle {
            case .body: return "move"
            case .top: return "n-resize"
            case .right: return "e-resize"
            case .bottom: return "s-resize"
            case .left: return "w-resize"
            case .topLeft: return "nw-resize"
            case .topRight: return "ne-resize"
            case .bottomRight: return "se-resize"
            case .bottomLeft: return "sw-resize"
            }
        }
    }

    func installPointer() {
        let drag = EventController.drag(button: GDK_BUTTON_PRIMARY)
        Signal.connectPoint(drag.raw, "drag-begin") { [weak self] x, y in self?.dragBegan(x: x, y: y) }
        Signal.connectPoint(drag.raw, "drag-update") { [weak self] dx, dy in self?.dragUpdated(dx: dx, dy: dy) }
        Signal.connectPoint(drag.raw, "drag-end") { [weak self] dx, dy in self?.dragEnded(dx: dx, dy: dy) }
        widget.addController(drag.raw)
        input.dragGesture = drag

        let motion = EventController.motion()
        Signal.connectPoint(motion.raw, "motion") { [weak self] x, y in self?.pointerMoved(x: x, y: y) }
        Signal.connectPoint(motion.raw, "enter") { [weak self] x, y in self?.pointerMoved(x: x, y: y) }
        widget.addController(motion.raw)
    }

    func dragBegan(x: Double, y: Double) {
        guard let viewport else { return }
        stopAnimation()
        widget.grabFocus()
        let point = CropPoint(x: x, y: y)
        // An overlay (straighten mode's level line) takes the drag first, unless Space pans.
        if !input.spaceHeld, let overlay, overlay.beginDrag(at: point) {
            startDrag(.overlay, cursor: nil)
        } else if primaryButtonPans {
            // With the frame fixed, or Space held, the primary button pans the picture instead.
            beginViewGesture(at: point)
            startDrag(.pan, cursor: "grabbing")
        } else if case .newRectangle = editor.dragTarget(at: point, in: viewport), let other = otherFrame(at: point) {
            // A press inside another frame's outline, off the active frame and its handles, chooses it.
            chooseFrame(other)
        } else {
            let target = editor.beginDrag(at: point, in: viewport)
            startDrag(.crop, cursor: CropCanvas.cursorName(for: target))
        }
    }

    func dragUpdated(dx: Double, dy: Double) {
        let translation = CropSize(width: dx, height: dy)
        switch input.drag {
        case .overlay?: overlay?.updateDrag(translation: translation)
        case .pan?: updateViewGesture(translation: translation)
        case .crop?: edit { $0.updateDrag(translation: translation, shiftHeld: shiftHeld) }
        case nil: return
        }
    }

    func dragEnded(dx: Double, dy: Double) {
        let translation = CropSize(width: dx, height: dy)
        guard let drag = input.drag else { return }
        input.drag = nil
        setCancelEnabled(false)
        switch drag {
        case .overlay: overlay?.endDrag(translation: translation)
        case .pan:
            updateViewGesture(translation: translation)
            endViewGesture()
        case .crop:
            guard editor.isDragging else { return }
            edit { $0.endDrag(translation: translation, shiftHeld: shiftHeld) }
        }
    }

    /// Escape: drop the drag and show exactly what was committed again.
    func cancelDrag() {
        guard let drag = input.drag else { return }
        input.drag = nil
        switch drag {
        case .overlay: overlay?.cancelDrag()
        case .pan: cancelViewGesture()
        case .crop: if editor.isDragging { edit { $0.cancelDrag() } }
        }
        setCancelEnabled(false)
        input.dragGesture?.reset()
    }

    private func startDrag(_ drag: PointerInput.Drag, cursor: String?) {
        input.drag = drag
        setCancelEnabled(true)
        if let cursor { showCursor(cursor) }
    }

    /// `crop.cancel-drag` exists only during a drag, so screen readers do not list a dead action.
    private func setCancelEnabled(_ enabled: Bool) {
        widget.setActionEnabled(CanvasAction.cancelDrag.detailed, enabled)
    }

    /// Whether Shift is down in the drag's current event (it keeps the crop's proportions).
    var shiftHeld: Bool { input.dragGesture?.holds(GDK_SHIFT_MASK) ?? false }

    func pointerMoved(x: Double, y: Double) {
        let point = CropPoint(x: x, y: y)
        input.position = point
        guard input.drag == nil, !session.isDragging, let viewport else { return }
        if input.spaceHeld { showCursor("grab"); return }
        if let cursor = overlay?.cursor(at: point) { showCursor(cursor); return }
        // The fixed frame has no handles: the whole view grabs the picture.
        showCursor(fixedFrame ? "grab" : CropCanvas.cursorName(for: editor.dragTarget(at: point, in: viewport)))
    }

    /// With the frame fixed, or Space held, the primary button pans the picture.
    var primaryButtonPans: Bool { fixedFrame || input.spaceHeld }

    /// Sets the pointer's cursor, only on a change: each call makes a new cursor and updates the window's.
    func showCursor(_ name: String?) {
        guard name != input.shownCursor else { return }
        input.shownCursor = name
        widget.setCursor(named: name)
    }
}
