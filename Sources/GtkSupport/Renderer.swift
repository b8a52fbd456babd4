// The GSK renderer a widget's window draws with, and whether it is GTK's Cairo renderer.

import CGtk

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// The renderer of the window it is in; nil before it is realized.
    @MainActor public var renderer: OpaquePointer? { gtk_widget_get_native(self).flatMap { gtk_native_get_renderer($0) } }
}

public enum Renderers {
    /// Whether `renderer` is GTK's Cairo renderer (the software one), rather than one drawing with the GPU.
    public static func isCairo(_ renderer: OpaquePointer) -> Bool {
        g_type_check_instance_is_a(UnsafeMutablePointer<GTypeInstance>(renderer), gsk_cairo_renderer_get_type()) != 0
    }
}
