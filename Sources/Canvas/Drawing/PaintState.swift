// What changes how a frame looks besides the crop: focus, high contrast, guides, shape, fixed frame, the overlay, other frames.

import CGtk
import CropKit
import GtkSupport

/// What changes how a frame looks besides the crop: keyboard focus, the high-contrast style,
/// which guide shows (none when guides show only while dragging and no drag is on), the crop's
/// shape, whether the frame is fixed (no handles to grab then, so no corner brackets), and what
/// the canvas's overlay draws.
@_spi(Benchmark) public struct PaintState: Equatable, Sendable {
    var focused = false
    var highContrast = false
    var guides = GuideStyle.thirds
    var shape = CropShape.rectangle
    var fixedFrame = false
    /// The fine grid over the picture while the straighten angle changes.
    @_spi(Benchmark) public var fineGrid = false
    /// Drawn over the picture and the crop frame (straighten mode's level line), if anything.
    var overlay: (any OverlayDrawing)?
    /// The picture alone, with no crop frame, dim or guides (perspective mode draws its own).
    var noFrame = false
    /// The frames besides the active one, outlined and numbered, when the picture has several.
    @_spi(Benchmark) public var otherFrames: OtherFramesDrawing?
    /// The lines where the parts of a picture with bands cut out meet, when they show.
    var joins: JoinLines?

    /// Every part has the look of a plain frame by default: nothing focused, the usual style,
    /// thirds on a rectangle (how the benchmark paints).
    @_spi(Benchmark) public init(
        focused: Bool = false, highContrast: Bool = false, guides: GuideStyle = .thirds, shape: CropShape = .rectangle,
        fixedFrame: Bool = false, fineGrid: Bool = false, overlay: (any OverlayDrawing)? = nil, noFrame: Bool = false
    ) {
        (self.focused, self.highContrast, self.guides, self.shape) = (focused, highContrast, guides, shape)
        (self.fixedFrame, self.fineGrid, self.overlay, self.noFrame) = (fixedFrame, fineGrid, overlay, noFrame)
    }

    @_spi(Benchmark) public static func == (a: PaintState, b: PaintState) -> Bool {
        (a.focused, a.highContrast, a.guides, a.shape, a.fixedFrame, a.fineGrid)
            == (b.focused, b.highContrast, b.guides, b.shape, b.fixedFrame, b.fineGrid) && a.noFrame == b.noFrame
            && a.otherFrames == b.otherFrames && a.joins == b.joins && sameOverlay(a.overlay, b.overlay)
    }

    /// Whether two frames draw the same overlay: both none, or the same drawing.
    private static func sameOverlay(_ a: (any OverlayDrawing)?, _ b: (any OverlayDrawing)?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let a?, let b?): return a.isSame(as: b)
        default: return false
        }
    }
}
