// What the canvas remembers of the pointer and the keys between events: its drag gesture, the cursor shown, where the pointer is, Space held.

import CGtk
import CropKit

/// The canvas's input state between events.
struct PointerInput {
    /// The drag gesture, reset when Escape cancels a drag.
    var dragGesture: OpaquePointer?
    /// The cursor name last set, so pointer motion sets it only when it changes.
    var shownCursor: String?
    /// Whether the current primary-button drag pans the picture instead of moving the frame.
    var primaryDragPans = false
    /// Space held: a primary drag pans (as in image editors).
    var spaceHeld = false
    /// The pointer's last position over the canvas, where Ctrl+scroll zooms.
    var position: CropPoint?
}
