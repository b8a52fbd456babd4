// Conversions between the pointer shapes C interop hands out (opaque, typed, raw) for passing GObjects around.

import CGtk

extension OpaquePointer {
    /// The same object as GLib's `gpointer`.
    public var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutablePointer {
    /// The same object as GLib's `gpointer`.
    public var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutableRawPointer {
    /// This GObject as a GtkWidget pointer (checked cast).
    public var asWidget: UnsafeMutablePointer<GtkWidget> { cgtk_widget(self) }
}
