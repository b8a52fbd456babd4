// The controllers that move the view rather than the crop: scroll and Ctrl+scroll, pinch, middle drag, double-click, Space.

import CGtk
import CropKit
import GtkSupport

extension CropCanvas {
    func installViewGestures() {
        let scroll = EventController.scroll()
        Signal.connectPointReturningBool(scroll.raw, "scroll") { [weak self] dx, dy in
            self?.scrolled(dx: dx, dy: dy, controller: scroll) ?? false
        }
        widget.addController(scroll.raw)

        let pinch = EventController.pinch()
        Signal.connectPointer(pinch.raw, "begin") { [weak self] _ in
            let centre = pinch.centre ?? (0, 0)
            self?.beginViewGesture(at: CropPoint(x: centre.x, y: centre.y))
        }
        Signal.connectDouble(pinch.raw, "scale-changed") { [weak self] scale in
            guard let self, let start = self.viewGesture?.anchor else { return }
            let centre = pinch.centre ?? (start.x, start.y)
            self.updateViewGesture(scale: scale, translation: CropSize(width: centre.x - start.x, height: centre.y - start.y))
        }
        Signal.connectPointer(pinch.raw, "end") { [weak self] _ in self?.endViewGesture() }
        Signal.connectPointer(pinch.raw, "cancel") { [weak self] _ in self?.cancelViewGesture() }
        widget.addController(pinch.raw)

        // The middle button pans, as in every image viewer.
        let middle = EventController.drag(button: GDK_BUTTON_MIDDLE)
        Signal.connectPoint(middle.raw, "drag-begin") { [weak self] x, y in self?.beginViewGesture(at: CropPoint(x: x, y: y)) }
        Signal.connectPoint(middle.raw, "drag-update") { [weak self] dx, dy in
            self?.updateViewGesture(translation: CropSize(width: dx, height: dy))
        }
        Signal.connectPoint(middle.raw, "drag-end") { [weak self] dx, dy in
            self?.updateViewGesture(translation: CropSize(width: dx, height: dy))
            self?.endViewGesture()
        }
        widget.addController(middle.raw)

        let click = EventController.click(button: GDK_BUTTON_PRIMARY)
        Signal.connectPress(click.raw, "pressed") { [weak self] presses, x, y in
            if presses == 2 { self?.doubleClicked(at: CropPoint(x: x, y: y)) }
        }
        widget.addController(click.raw)

        // Space held turns a primary drag into a pan.
        let keys = EventController.keys()
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
}
