// The monitors of the default display, typed: each one's size in device pixels and its scale.

import CGtk

/// One monitor: its size in device pixels (its points times its scale) and its scale.
public struct MonitorArea: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let scale: Int

    public init(width: Int, height: Int, scale: Int) {
        (self.width, self.height, self.scale) = (width, height, scale)
    }
}

@MainActor
public enum DisplayMonitors {
    /// Every monitor of the default display, in GDK's order; none without a display.
    public static var all: [MonitorArea] {
        guard let display = gdk_display_get_default(), let monitors = gdk_display_get_monitors(display) else { return [] }
        return (0..<g_list_model_get_n_items(monitors)).compactMap { i in
            guard let item = g_list_model_get_item(monitors, i) else { return nil }
            defer { g_object_unref(item) }
            var geometry = GdkRectangle()
            gdk_monitor_get_geometry(OpaquePointer(item), &geometry)
            let scale = max(Int(gdk_monitor_get_scale_factor(OpaquePointer(item))), 1)
            return MonitorArea(width: Int(geometry.width) * scale, height: Int(geometry.height) * scale, scale: scale)
        }
    }
}
