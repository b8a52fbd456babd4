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
final class GuidedUprightOverlay: LineOverlay {
    /// The line drawn first, once drawn.
    private var first: LevelLine?

    override var drawing: (any OverlayDrawing)? {
        let lines = [first, line].compactMap { $0 }
        return lines.isEmpty ? nil : GuideLines(lines: lines)
    }

    override func finished(_ drawn: LevelLine) {
        guard let first else {
            self.first = drawn
            canvas.widget.queueDraw()
            return
        }
        canvas.applyGuidedUpright(first, drawn)
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
