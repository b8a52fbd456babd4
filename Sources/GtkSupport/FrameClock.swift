// A widget's frame clock from Swift: the time of the frame being drawn, and a closure run before every frame.

import CGtk

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// The time of the frame being drawn, in seconds on the frame clock; nil before the widget is realized.
    @MainActor public var frameTime: Double? {
        guard let clock = gtk_widget_get_frame_clock(self) else { return nil }
        return Double(gdk_frame_clock_get_frame_time(clock)) / 1_000_000
    }

    /// Runs `tick` before every frame until it returns false or `removeTickCallback(_:)` is given the
    /// number returned; GTK then lets the closure go.
    @MainActor @discardableResult
    public func addTickCallback(_ tick: @escaping @MainActor () -> Bool) -> UInt32 {
        typealias Tick = @MainActor () -> Bool
        let box = Unmanaged.passRetained(SignalBox<Tick>(tick) as AnyObject).toOpaque()
        return gtk_widget_add_tick_callback(
            self,
            { _, _, data in
                MainActor.assumeIsolated { Unmanaged<SignalBox<Tick>>.fromOpaque(data!).takeUnretainedValue().handler() ? 1 : 0 }
            }, box,
            { data in
                guard let data else { return }
                Unmanaged<AnyObject>.fromOpaque(data).release()
            })
    }

    /// Stops the tick callback `addTickCallback(_:)` numbered `id`.
    @MainActor public func removeTickCallback(_ id: UInt32) { gtk_widget_remove_tick_callback(self, id) }
}
