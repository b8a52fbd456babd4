// The canvas's aspect ratio: a chosen ratio locks every drag (CropKit does the geometry), Shift locks the current one.

import CGtk
import CropKit
import GtkSupport

extension CropCanvas {
    /// Locks drags to `ratio` and refits the committed crop to the largest frame of it on the same
    /// centre; Free unlocks. One commit (undoable as one step later).
    public func setAspectRatio(_ ratio: AspectRatio) {
        if image != nil { stopAnimation() }
        edit { $0.setAspectRatio(ratio) }
    }

    /// Whether Shift is down in the drag's current event (it keeps the crop's proportions).
    var shiftHeld: Bool {
        guard let dragGesture = input.dragGesture else { return false }
        return gtk_event_controller_get_current_event_state(dragGesture).rawValue & GDK_SHIFT_MASK.rawValue != 0
    }
}
