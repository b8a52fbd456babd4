// Zooming and panning the picture: Ctrl+scroll, scroll, pinch, middle or Space drag, +/−, fit and 100 %, double-click to fit.

import CGtk
import CropKit
import Foundation
import GtkSupport

extension CropCanvas {
    /// Points one notch of a mouse wheel pans by.
    nonisolated static let wheelPanStep = 48.0
    /// Touchpad scroll deltas (in surface points) per zoom step with Ctrl held.
    nonisolated static let touchpadZoomDistance = 20.0

    func installViewGestures() {
        let flags = GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES.rawValue
        let scroll = gtk_event_controller_scroll_new(GtkEventControllerScrollFlags(flags))!
        Signal.connectPointReturningBool(scroll.raw, "scroll") { [weak self] dx, dy in
            self?.scrolled(dx: dx, dy: dy, controller: scroll) ?? false
        }
        widget.addController(scroll.raw)

        let pinch = gtk_gesture_zoom_new()!
        Signal.connectPointer(pinch.raw, "begin") { [weak self] _ in
            var x = 0.0, y = 0.0
            gtk_gesture_get_bounding_box_center(cgtk_gesture(pinch.raw), &x, &y)
            self?.beginViewGesture(at: CropPoint(x: x, y: y))
        }
        Signal.connectDouble(pinch.raw, "scale-changed") { [weak self] scale in
            guard let self, let start = self.viewGesture?.anchor else { return }
            var x = 0.0, y = 0.0
            gtk_gesture_get_bounding_box_center(cgtk_gesture(pinch.raw), &x, &y)
            self.updateViewGesture(scale: scale, translation: CropSize(width: x - start.x, height: y - start.y))
        }
        Signal.connectPointer(pinch.raw, "end") { [weak self] _ in self?.endViewGesture() }
        Signal.connectPointer(pinch.raw, "cancel") { [weak self] _ in self?.cancelViewGesture() }
        widget.addController(pinch.raw)

        // The middle button pans, as in every image viewer.
        let middle = gtk_gesture_drag_new()!
        gtk_gesture_single_set_button(cgtk_gesture_single(middle.raw), UInt32(GDK_BUTTON_MIDDLE))
        Signal.connectPoint(middle.raw, "drag-begin") { [weak self] x, y in self?.beginViewGesture(at: CropPoint(x: x, y: y)) }
        Signal.connectPoint(middle.raw, "drag-update") { [weak self] dx, dy in
            self?.updateViewGesture(translation: CropSize(width: dx, height: dy))
        }
        Signal.connectPoint(middle.raw, "drag-end") { [weak self] dx, dy in
            self?.updateViewGesture(translation: CropSize(width: dx, height: dy))
            self?.endViewGesture()
        }
        widget.addController(middle.raw)

        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(cgtk_gesture_single(click.raw), UInt32(GDK_BUTTON_PRIMARY))
        Signal.connectPress(click.raw, "pressed") { [weak self] presses, x, y in
            if presses == 2 { self?.doubleClicked(at: CropPoint(x: x, y: y)) }
        }
        widget.addController(click.raw)

        // Space held turns a primary drag into a pan.
        let keys = gtk_event_controller_key_new()!
        Signal.connectKeyPressed(keys.raw) { [weak self] keyval, _, _ in
            guard let self, keyval == UInt32(GDK_KEY_space), self.image != nil else { return false }
            self.input.spaceHeld = true
            return true
        }
        Signal.connectKeyReleased(keys.raw) { [weak self] keyval, _, _ in
            if keyval == UInt32(GDK_KEY_space) { self?.input.spaceHeld = false }
        }
        widget.addController(keys.raw)
    }

    // MARK: Transient gestures (pinch, middle drag, Space drag, the fixed frame's drag)

    func beginViewGesture(at anchor: CropPoint) {
        guard image != nil, !session.isDragging else { return }
        stopAnimation()
        viewGesture = ViewGesture(anchor: anchor)
    }

    func updateViewGesture(scale: Double? = nil, translation: CropSize) {
        guard let gesture = viewGesture else { return }
        viewGesture = ViewGesture(anchor: gesture.anchor, scale: scale ?? gesture.scale, translation: translation)
        widget.queueDraw()
    }

    /// Commits what the gesture shows: the zoom, or (frame fixed) the crop under the frame.
    func endViewGesture() {
        guard let gesture = viewGesture else { return }
        viewGesture = nil
        applyViewChange(gesture)
    }

    func cancelViewGesture() {
        guard viewGesture != nil else { return }
        viewGesture = nil
        widget.queueDraw()
    }

    /// A pan or zoom taken at once (keys, wheel notches) or at the end of a gesture.
    func applyViewChange(_ change: ViewGesture) {
        if fixedFrame {
            if let layout = fixedLayout {
                commit(editor.fixedFrameCrop(layout.applying(change, to: session.committed, minimumSide: session.minimumSide)))
            }
        } else if let committed = committedViewport {
            zoom = change.applied(to: committed).zoom
        }
        viewChanged()
    }

    /// After every committed zoom or pan: redraw, tell the window, fetch a sharp region if needed.
    func viewChanged() {
        widget.queueDraw()
        onEvent?(.zoomChanged)
        requestSharpRegionIfNeeded()
    }

    // MARK: Keys, wheel and double-click

    /// The frame's centre on screen: where keyboard zooms keep still.
    private var frameCentre: CropPoint {
        guard let viewport else { return CropPoint(x: viewSize.width / 2, y: viewSize.height / 2) }
        let frame = viewport.viewRect(crop)
        return CropPoint(x: frame.midX, y: frame.midY)
    }

    /// Zoom around the frame's centre: the window's zoom in and out (Ctrl+plus, and plus while the
    /// crop area has focus) come here.
    public func zoomFromKeyboard(by factor: Double) {
        guard image != nil, !session.isDragging else { return }
        applyViewChange(ViewGesture(anchor: frameCentre, scale: factor))
    }

    /// Ctrl+0 and a double-click outside the frame: the whole picture again (with the frame
    /// fixed, the crop grows as far as the picture allows).
    public func zoomToFit() {
        guard image != nil, !session.isDragging else { return }
        if fixedFrame {
            applyViewChange(ViewGesture(anchor: frameCentre, scale: 1e-9))
        } else {
            zoom = .fit
            viewChanged()
        }
    }

    /// Ctrl+1: one image pixel per device pixel, around the frame's centre.
    public func zoomToActualPixels() {
        guard image != nil, !session.isDragging, let viewport else { return }
        applyViewChange(ViewGesture(anchor: frameCentre, scale: 1 / deviceScale / viewport.scale))
    }

    /// The zoom as a percentage of actual pixels, for the window's indicator.
    public var zoomPercent: Double? {
        guard let viewport else { return nil }
        return viewport.zoomPercent(deviceScale: deviceScale)
    }

    func scrolled(dx: Double, dy: Double, controller: OpaquePointer) -> Bool {
        guard image != nil, !session.isDragging, viewGesture == nil else { return false }
        let state = gtk_event_controller_get_current_event_state(controller).rawValue
        let wheel = gtk_event_controller_scroll_get_unit(cgtk_event_controller_scroll(controller.raw)) == GDK_SCROLL_UNIT_WHEEL
        if state & GDK_CONTROL_MASK.rawValue != 0 {
            let steps = wheel ? -dy : -dy / CropCanvas.touchpadZoomDistance
            let anchor = input.position ?? frameCentre
            applyViewChange(ViewGesture(anchor: anchor, scale: pow(Viewport.zoomStep, steps)))
            return true
        }
        // Shift turns a wheel's vertical notches into horizontal ones, as everywhere in GTK.
        var delta = CropSize(width: dx, height: dy)
        if state & GDK_SHIFT_MASK.rawValue != 0, dx == 0 { delta = CropSize(width: dy, height: 0) }
        let step = wheel ? CropCanvas.wheelPanStep : 1
        // Scrolling moves the view over the picture: the picture goes the other way.
        applyViewChange(
            ViewGesture(
                anchor: frameCentre,
                translation: CropSize(
                    width: -delta.width * step,
                    height: -delta.height * step)))
        return true
    }

    func doubleClicked(at point: CropPoint) {
        guard let viewport, !session.isDragging else { return }
        let outside =
            fixedFrame
            ? !viewport.viewRect(crop).contains(point)
            : session.target(at: point, in: viewport) == .newRectangle
        if outside { zoomToFit() }
    }

    /// Entering or leaving the fixed-frame mode keeps the crop; leaving it keeps the picture
    /// where the fixed frame had put it, as far as the handle mode's rules allow.
    func fixedFrameChanged() {
        viewGesture = nil
        input.primaryDragPans = false
        if !fixedFrame, let layout = fixedLayout {
            zoom = layout.viewport(for: crop).clamped.zoom
        }
        showCursor(fixedFrame ? "grab" : nil)
        viewChanged()
    }
}
