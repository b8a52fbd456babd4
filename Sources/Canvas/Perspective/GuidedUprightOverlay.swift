// Guided Upright's overlay: two lines drawn over the unrectified picture that should be plumb, applied once both are drawn.

import CropKit
import GtkSupport

/// Two level lines at once: the drawn ones and the one being drawn.
struct GuideLines: Equatable, Sendable, OverlayDrawing {
    var lines: [LevelLine]

    func paint(_ c: Cairo, scale: Double, highContrast: Bool) {
        for line in lines { line.paint(c, scale: scale, highContrast: highContrast) }
    }
}

/// Guided Upright: the first drag draws a line along something that should be plumb (a wall's
/// edge, a lamp post), the second another; then Upright makes both vertical and parallel, as one
/// undo step, and the mode ends. The picture shows without any correction meanwhile.
@MainActor
final class GuidedUprightOverlay: CanvasOverlay {
    private unowned let canvas: CropCanvas
    /// The line drawn first, once drawn.
    private var first: LevelLine?
    /// The line being drawn.
    private var current: LevelLine?

    init(canvas: CropCanvas) { self.canvas = canvas }

    var drawing: (any OverlayDrawing)? {
        let lines = [first, current].compactMap { $0 }
        return lines.isEmpty ? nil : GuideLines(lines: lines)
    }

    func cursor(at point: CropPoint) -> String? { "crosshair" }

    func beginDrag(at point: CropPoint) -> Bool {
        current = LevelLine(start: point, end: point)
        canvas.widget.queueDraw()
        return true
    }

    func updateDrag(translation: CropSize) {
        guard let start = current?.start else { return }
        current = LevelLine(start: start, end: CropPoint(x: start.x + translation.width, y: start.y + translation.height))
        canvas.widget.queueDraw()
    }

    func endDrag(translation: CropSize) {
        updateDrag(translation: translation)
        guard let drawn = current else { return }
        current = nil
        guard let first else {
            self.first = drawn
            canvas.widget.queueDraw()
            return
        }
        canvas.applyGuidedUpright(first, drawn)
    }

    func cancelDrag() {
        current = nil
        canvas.widget.queueDraw()
    }
}

extension CropCanvas {
    /// Makes two lines drawn in view points plumb: Upright's guided correction of the picture as shown.
    func applyGuidedUpright(_ first: LevelLine, _ second: LevelLine) {
        guard let viewport else { return }
        let size = shownSize
        func pixels(_ p: CropPoint) -> CropPoint {
            let n = viewport.normalizedPoint(p)
            return CropPoint(x: n.x * Double(size.width), y: n.y * Double(size.height))
        }
        let result = Upright.guided(
            (pixels(first.start), pixels(first.end)), (pixels(second.start), pixels(second.end)), picture: size)
        // The window says what the lines did: said once with the new crop.
        describingOnce {
            overlay = nil
            pictureShownChanged()
            if case .corrected(let correction) = result { applyUpright(correction.rectification) }
            onEvent?(.uprightGuided(result))
        }
    }
}
