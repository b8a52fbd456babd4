// Pointer input on the canvas: one drag gesture feeding the CropSession, Escape to cancel, a cursor per handle.

import CGtk
import CropKit
import GtkSupport

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

    func installGestures() {
        let drag = gtk_gesture_drag_new()!
        gtk_gesture_single_set_button(cgtk_gesture_single(drag.raw), UInt32(GDK_BUTTON_PRIMARY))
        Signal.connectPoint(drag.raw, "drag-begin") { [weak self] x, y in self?.dragBegan(x: x, y: y) }
        Signal.connectPoint(drag.raw, "drag-update") { [weak self] dx, dy in self?.dragUpdated(dx: dx, dy: dy) }
        Signal.connectPoint(drag.raw, "drag-end") { [weak self] dx, dy in self?.dragEnded(dx: dx, dy: dy) }
        widget.addController(drag.raw)

        let motion = gtk_event_controller_motion_new()!
        Signal.connectPoint(motion.raw, "motion") { [weak self] x, y in self?.pointerMoved(x: x, y: y) }
        Signal.connectPoint(motion.raw, "enter") { [weak self] x, y in self?.pointerMoved(x: x, y: y) }
        widget.addController(motion.raw)

        input.dragGesture = cgtk_event_controller(drag.raw)
    }

    func dragBegan(x: Double, y: Double) {
        guard let viewport else { return }
        stopAnimation()
        widget.grabFocus()
        // In straighten mode a drag draws the line to level the picture by.
        if straightenMode, !input.spaceHeld {
            beginLevelLine(at: CropPoint(x: x, y: y))
            return
        }
        // With the frame fixed, or Space held, the primary button pans the picture instead.
        if primaryButtonPans {
            input.primaryDragPans = true
            beginViewGesture(at: CropPoint(x: x, y: y))
            setCancelEnabled(true)
            showCursor("grabbing")
            return
        }
        let target = editor.beginDrag(at: CropPoint(x: x, y: y), in: viewport)
        setCancelEnabled(true)
        showCursor(CropCanvas.cursorName(for: target))
    }

    func dragUpdated(dx: Double, dy: Double) {
        if levelLine != nil { updateLevelLine(translation: CropSize(width: dx, height: dy)); return }
        if input.primaryDragPans { updateViewGesture(translation: CropSize(width: dx, height: dy)); return }
        edit { $0.updateDrag(translation: CropSize(width: dx, height: dy), shiftHeld: shiftHeld) }
    }

    func dragEnded(dx: Double, dy: Double) {
        if levelLine != nil { endLevelLine(translation: CropSize(width: dx, height: dy)); return }
        if input.primaryDragPans {
            input.primaryDragPans = false
            updateViewGesture(translation: CropSize(width: dx, height: dy))
            setCancelEnabled(false)
            endViewGesture()
            return
        }
        guard editor.isDragging else { return }
        setCancelEnabled(false)
        edit { $0.endDrag(translation: CropSize(width: dx, height: dy), shiftHeld: shiftHeld) }
    }

    /// `crop.cancel-drag` exists only during a drag, so screen readers do not list a dead action.
    private func setCancelEnabled(_ enabled: Bool) {
        widget.setActionEnabled(CanvasAction.cancelDrag.detailed, enabled)
    }

    /// Escape: drop the drag and show exactly the committed crop again.
    func cancelDrag() {
        if levelLine != nil { cancelLevelLine(); return }
        if input.primaryDragPans {
            input.primaryDragPans = false
            cancelViewGesture()
            setCancelEnabled(false)
            if let drag = input.dragGesture { gtk_event_controller_reset(drag) }
            return
        }
        guard editor.isDragging else { return }
        edit { $0.cancelDrag() }
        setCancelEnabled(false)
        if let drag = input.dragGesture { gtk_event_controller_reset(drag) }
    }

    private func pointerMoved(x: Double, y: Double) {
        input.position = CropPoint(x: x, y: y)
        guard !session.isDragging, !input.primaryDragPans, levelLine == nil, let viewport else { return }
        if straightenMode { showCursor(input.spaceHeld ? "grab" : "crosshair"); return }
        // The fixed frame has no handles: the whole view grabs the picture.
        showCursor(
            primaryButtonPans
                ? "grab"
                : CropCanvas.cursorName(for: editor.dragTarget(at: CropPoint(x: x, y: y), in: viewport)))
    }

    /// With the frame fixed, or Space held, the primary button pans the picture.
    var primaryButtonPans: Bool { fixedFrame || input.spaceHeld }

    /// Sets the pointer's cursor, only on a change: each call makes a new cursor and updates the window's.
    func showCursor(_ name: String?) {
        guard name != input.shownCursor else { return }
        input.shownCursor = name
        gtk_widget_set_cursor_from_name(widget, name)
    }
}
