// Signal handlers that end (disconnected, or going with a widget), and a callback after a widget's next paint.

import CGtk

extension Signal {
    /// Disconnects the handler `id` (what a `connect…` call returned) from `instance`.
    public static func disconnect(_ instance: UnsafeMutableRawPointer, _ id: UInt) {
        g_signal_handler_disconnect(instance, gulong(id))
    }

    /// Disconnects the handler `id` from `instance` when `owner` (a widget) is destroyed: for objects
    /// that outlive the widget whose handler it is (a display's clipboard, the settings).
    public static func disconnect(
        _ instance: UnsafeMutableRawPointer, _ id: UInt, whenDestroyed owner: UnsafeMutablePointer<GtkWidget>
    ) {
        Signal.connect(owner.raw, "destroy") { disconnect(instance, id) }
    }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// Runs `painted` once, after the next frame of this widget is painted (at once when it has no
    /// frame clock, unshown), and asks for that frame.
    @MainActor public func afterNextPaint(_ painted: @escaping @MainActor () -> Void) {
        guard let clock = gtk_widget_get_frame_clock(self) else { return painted() }
        let handler = PaintHandler()
        g_object_ref(clock.raw)  // until the handler is gone
        handler.id = Signal.connect(clock.raw, "after-paint") {
            guard !handler.done else { return }
            handler.done = true
            painted()
            // Not from inside the handler itself, which the disconnection would free.
            Timer.once(milliseconds: 0) {
                Signal.disconnect(clock.raw, handler.id)
                g_object_unref(clock.raw)
            }
        }
        queueDraw()
    }
}

/// An after-paint handler's id, and whether it has run (the clock may paint again before it goes).
private final class PaintHandler {
    var id: UInt = 0
    var done = false
}
