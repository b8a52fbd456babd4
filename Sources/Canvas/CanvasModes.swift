// How the canvas is asked to show and treat the picture: the guides, the fixed frame, straighten mode and its level line.

import CropKit

/// The canvas's modes and overlay options; the canvas redraws or switches mode as each changes.
struct CanvasModes {
    /// The composition guide and when it shows (by default: thirds, always).
    var guideStyle = GuideStyle.thirds
    var guideVisibility = GuideVisibility.always
    /// The fixed-frame mode: the frame stays put, the picture pans and zooms beneath it.
    var fixedFrame = false
    /// The straighten mode: a drag on the picture draws a line to level it by, not a crop.
    var straightenMode = false
    /// The line being drawn in straighten mode, in view points.
    var levelLine: LevelLine?
    /// The angle keys held down: their frames are quick until the key is let go.
    var angleKeys = KeyBurst()
}
