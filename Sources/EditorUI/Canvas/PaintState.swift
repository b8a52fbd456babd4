// What changes how a frame looks besides the crop: focus, high contrast, guides, shape, fixed frame, level line.

import CGtk
import CropKit
import GtkSupport

/// What changes how a frame looks besides the crop: keyboard focus, the high-contrast style,
/// which guide shows (none when guides show only while dragging and no drag is on), the crop's
/// shape and whether the frame is fixed (no handles to grab then, so no corner brackets).
struct PaintState: Equatable, Sendable {
    var focused = false
    var highContrast = false
    var guides = GuideStyle.thirds
    var shape = CropShape.rectangle
    var fixedFrame = false
    /// The fine grid over the picture while the straighten angle changes.
    var fineGrid = false
    /// The line being drawn to level the picture by, in view points.
    var levelLine: LevelLine?
}
