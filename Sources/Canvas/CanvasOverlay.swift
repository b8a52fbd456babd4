// The seam for a mode drawn over the picture that takes the pointer: the canvas routes drags to it and paints what it draws.

import CropKit
import GtkSupport

/// A mode of the crop area drawn over the picture that takes the primary button's drags from the
/// crop frame: straighten mode's level line is one (`LevelLineOverlay`). A mode of its own lives
/// in a folder of its own and reaches the canvas only through this: the canvas holds at most one
/// overlay (`CropCanvas.overlay`), sends it each primary drag (Space held still pans the picture),
/// asks it for the cursor, and paints its `drawing` in every frame over the picture and the frame.
/// An overlay holds its canvas unowned (the canvas owns it) and redraws it when its drawing changes.
@MainActor
protocol CanvasOverlay: AnyObject {
    /// What the next frame draws for it, in view points; nil draws nothing.
    var drawing: (any OverlayDrawing)? { get }
    /// The cursor over `point` while no drag is on; nil leaves the crop frame's.
    func cursor(at point: CropPoint) -> String?
    /// A primary drag begins at `point` (view points): true takes the drag, false leaves it to the
    /// crop frame.
    func beginDrag(at point: CropPoint) -> Bool
    /// The drag it took moved `translation` points from where it began.
    func updateDrag(translation: CropSize)
    /// The drag it took ended `translation` points from where it began: what it does is one commit.
    func endDrag(translation: CropSize)
    /// Escape during the drag it took: nothing changes, what it drew goes.
    func cancelDrag()
}

/// What an overlay draws in one frame. It is fixed before painting starts, as the rest of a frame
/// plan (bands of a frame are painted on several threads at once), and compared with the last
/// frame's: a changed drawing repaints the whole frame, an unchanged one nothing of its own.
@_spi(Benchmark) public protocol OverlayDrawing: Sendable {
    /// Draws over the picture and the crop frame, in view points; `scale` device pixels a point,
    /// for lines placed on whole pixels, and `highContrast` for the style's solid halos.
    func paint(_ c: Cairo, scale: Double, highContrast: Bool)
    /// Whether `other` draws exactly what this does.
    func isSame(as other: any OverlayDrawing) -> Bool
}

extension OverlayDrawing where Self: Equatable {
    @_spi(Benchmark) public func isSame(as other: any OverlayDrawing) -> Bool { (other as? Self) == self }
}

extension CropCanvas {
    /// The mode drawn over the picture that takes the primary button's drags, if one is on. Setting
    /// it ends a drag the old one had taken (as Escape would) and redraws.
    var overlay: (any CanvasOverlay)? {
        get { modes.overlay }
        set {
            if input.drag == .overlay { cancelDrag() }
            modes.overlay = newValue
            // Cut Out mode's keys answer only while its overlay is the one on.
            setCutKeysEnabled(newValue is CutOutOverlay)
            // The cursor says at once what a drag does now.
            showCursor(newValue?.cursor(at: input.position ?? .zero) ?? (fixedFrame ? "grab" : nil))
            widget.queueDraw()
        }
    }
}
