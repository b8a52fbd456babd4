// What changes how a frame looks besides the crop: focus, high contrast, guides, shape, fixed frame, level line.

import CGtk
import CropKit
import GtkSupport

/// What changes how a frame looks besides the crop: keyboard focus, the high-contrast style,
/// which guide shows (none when guides show only while dragging and no drag is on), the crop's
/// shape and whether the frame is fixed (no handles to grab then, so no corner brackets).
@_spi(Benchmark) public struct PaintState: Equatable, Sendable {
    var focused = false
    var highContrast = false
    var guides = GuideStyle.thirds
    var shape = CropShape.rectangle
    var fixedFrame = false
    /// The fine grid over the picture while the straighten angle changes.
    @_spi(Benchmark) public var fineGrid = false
    /// The line being drawn to level the picture by, in view points.
    var levelLine: LevelLine?

    /// Every part has the look of a plain frame by default: nothing focused, the usual style,
    /// thirds on a rectangle (how the benchmark paints).
    @_spi(Benchmark) public init(
        focused: Bool = false, highContrast: Bool = false, guides: GuideStyle = .thirds, shape: CropShape = .rectangle,
        fixedFrame: Bool = false, fineGrid: Bool = false, levelLine: LevelLine? = nil
    ) {
        (self.focused, self.highContrast, self.guides, self.shape) = (focused, highContrast, guides, shape)
        (self.fixedFrame, self.fineGrid, self.levelLine) = (fixedFrame, fineGrid, levelLine)
    }
}
