// Straighten mode's overlay: a drag draws a line over the picture, and releasing it levels the picture by that line.

import CGtk
import CropKit
import GtkSupport

/// A line drawn over the picture in straighten mode, from where the drag began to where it is.
@_spi(Benchmark) public struct LevelLine: Equatable, Sendable, OverlayDrawing {
    var start: CropPoint
    var end: CropPoint

    @_spi(Benchmark) public init(start: CropPoint, end: CropPoint) {
        self.start = start
        self.end = end
    }

    /// The line as drawn so far, white over its halo as the frame, with round ends.
    @_spi(Benchmark) public func paint(_ c: Cairo, scale: Double, highContrast: Bool) {
        let halo = highContrast ? OverlayStyle.highContrastHalo : OverlayStyle.halo
        for (width, color) in [
            (OverlayStyle.levelLineWidth + OverlayStyle.haloExtra, halo), (OverlayStyle.levelLineWidth, RGBA.white),
        ] {
            c.moveTo(start.x, start.y)
            c.lineTo(end.x, end.y)
            c.stroke(width: width, color: color, round: true)
        }
    }
}

extension OverlayStyle {
    /// The level line's width in points.
    static let levelLineWidth = 2.0
}

/// A mode where each primary drag draws a straight line over the picture, from where it began to
/// where it is; a subclass says what a finished line does (`finished`).
@MainActor
class LineOverlay: CanvasOverlay {
    unowned let canvas: CropCanvas
    /// The line being drawn, in view points; nil between drags.
    private(set) var line: LevelLine?

    init(canvas: CropCanvas) { self.canvas = canvas }

    var drawing: (any OverlayDrawing)? { line }

    func cursor(at point: CropPoint) -> String? { "crosshair" }

    func beginDrag(at point: CropPoint) -> Bool {
        line = LevelLine(start: point, end: point)
        canvas.widget.queueDraw()
        return true
    }

    func updateDrag(translation: CropSize) {
        guard let start = line?.start else { return }
        line = LevelLine(start: start, end: CropPoint(x: start.x + translation.width, y: start.y + translation.height))
        canvas.widget.queueDraw()
    }

    func endDrag(translation: CropSize) {
        updateDrag(translation: translation)
        guard let drawn = line else { return }
        cancelDrag()
        finished(drawn)
    }

    func cancelDrag() {
        line = nil
        canvas.widget.queueDraw()
    }

    /// A line was drawn to its end.
    func finished(_ line: LevelLine) {}
}

/// Straighten mode: every primary drag draws a level line; when it is released the picture turns
/// so that the line becomes level or plumb, whichever is nearer, as one undoable step.
@MainActor
final class LevelLineOverlay: LineOverlay {
    override func finished(_ line: LevelLine) {
        if let angle = canvas.editor.angle.levelling(lineFrom: line.start, to: line.end) { canvas.setAngle(angle) }
    }
}
