// Animated reset: the committed crop changes at once, the drawn frame follows it unless animations are off.

import CropKit
import GtkSupport

/// A reset's animation: the committed crop changes at once, the drawn frame follows.
struct ResetAnimation {
    /// Drawn instead of the committed crop while it runs.
    var animation: CropAnimation?
    /// The widget's tick callback driving it, 0 when none.
    var tick: UInt32 = 0
}

extension CropCanvas {
    /// The frame clock's time in seconds, or 0 before the widget is realized.
    var frameTime: Double { widget.frameTime ?? 0 }

    /// Returns to the starting crop, animated when the desktop allows it and the widget is shown.
    public func reset() {
        let from = shownCrop
        stopAnimation()
        let changed = edit { $0.reset() }.contains(.committed)
        if changed, DesktopSettings.animationsEnabled, widget.isMapped {
            resetAnimation.animation = CropAnimation(from: from, to: initialCrop, start: frameTime)
            resetAnimation.tick = widget.addTickCallback { [weak self] in self?.animationStep() ?? false }
        }
        widget.queueDraw()
    }

    /// One animation frame; returns whether to keep ticking.
    private func animationStep() -> Bool {
        widget.queueDraw()
        guard let animation = resetAnimation.animation, !animation.isFinished(at: frameTime) else {
            resetAnimation = ResetAnimation()
            return false
        }
        return true
    }

    func stopAnimation() {
        if resetAnimation.tick != 0 { widget.removeTickCallback(resetAnimation.tick) }
        resetAnimation = ResetAnimation()
    }
}
