// The canvas's aspect ratio: a chosen ratio locks every drag (CropKit does the geometry), Shift locks the current one.

import CGtk
import CropKit
import GtkSupport

extension CropCanvas {
    /// Locks drags to `ratio` and refits the committed crop to the largest frame of it on the same
    /// centre; Free unlocks. One commit (undoable as one step later).
    func setAspectRatio(_ ratio: AspectRatio) {
        aspectRatio = ratio
        guard image != nil else { return }
        stopAnimation()
        // A ratio change is a step of its own even when the crop already fits it.
        if session.lockAspectRatio(ratio, imageWidth: shownSize.width, imageHeight: shownSize.height) { didCommit() } else { recordHistory() }
        gtk_widget_queue_draw(widget)
    }

    /// The normalized ratio drags are held to: the chosen one, or with Shift held during a free
    /// drag the committed crop's own (the usual "Shift keeps proportions").
    func dragRatio(shiftHeld: Bool) -> Double? {
        guard image != nil else { return nil }
        if let locked = aspectRatio.normalizedRatio(imageWidth: shownSize.width, imageHeight: shownSize.height) {
            return locked
        }
        guard shiftHeld, session.committed.height > 0 else { return nil }
        return session.committed.width / session.committed.height
    }

    /// Whether Shift is down in the drag's current event.
    var shiftHeld: Bool {
        guard let dragGesture else { return false }
        return gtk_event_controller_get_current_event_state(dragGesture).rawValue & GDK_SHIFT_MASK.rawValue != 0
    }
}
