// The monitor a widget is shown on, in device pixels.

import CGtk

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// The size of the monitor this widget's window is on, in device pixels (its logical size times
    /// its scale), or nil before the window is shown.
    @MainActor public var monitorSize: (width: Int, height: Int)? {
        guard let native = gtk_widget_get_native(self), let surface = gtk_native_get_surface(native),
            let display = gtk_widget_get_display(self), let monitor = gdk_display_get_monitor_at_surface(display, surface)
        else { return nil }
        var area = GdkRectangle()
        gdk_monitor_get_geometry(monitor, &area)
        let scale = max(gdk_monitor_get_scale_factor(monitor), 1)
        return (Int(area.width * scale), Int(area.height * scale))
    }
}
