// Animated reset: the committed crop changes at once, the drawn frame follows over ~200 ms unless animations are off.

import CGtk
import CropKit
import GtkSupport

extension CropCanvas {
    /// The frame clock's time in seconds, or 0 before the widget is realized.
    var frameTime: Double {
        guard let clock = gtk_widget_get_frame_clock(widget) else { return 0 }
        return Double(gdk_frame_clock_get_frame_time(clock)) / 1_000_000
    }

    /// Whether the desktop allows animations (`gtk-enable-animations` is its reduce-motion switch).
    static var animationsEnabled: Bool {
        guard let settings = gtk_settings_get_default() else { return false }
        var value = GValue()
        g_value_init(&value, cgtk_boolean_type())
        g_object_get_property(cgtk_object(settings.raw), "gtk-enable-animations", &value)
        defer { g_value_unset(&value) }
        return g_value_get_boolean(&value) != 0
    }

    /// Returns to the starting crop, animated when the desktop allows it and the widget is shown.
    public func reset() {
        let from = shownCrop
        stopAnimation()
        let changed = edit { $0.reset() }.contains(.committed)
        if changed, CropCanvas.animationsEnabled, gtk_widget_get_mapped(widget) != 0 {
            resetAnimation.animation = CropAnimation(from: from, to: initialCrop, start: frameTime)
            resetAnimation.tick = gtk_widget_add_tick_callback(
                widget,
                { widget, _, _ in
                    MainActor.assumeIsolated {
                        guard let canvas = CropCanvas.state.get(widget) else { return 0 }
                        return canvas.animationStep() ? 1 : 0
                    }
                }, nil, nil)
        }
        widget.queueDraw()
    }

    /// One animation frame; returns whether to keep ticking.
    private func animationStep() -> Bool {
        widget.queueDraw()
        guard let animation = resetAnimation.animation, !animation.isFinished(at: frameTime) else {
            self.resetAnimation.animation = nil
            resetAnimation.tick = 0
            return false
        }
        return true
    }

    func stopAnimation() {
        if resetAnimation.tick != 0 { gtk_widget_remove_tick_callback(widget, resetAnimation.tick) }
        resetAnimation.tick = 0
        resetAnimation.animation = nil
    }
}
