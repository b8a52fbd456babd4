// A new overlay: one child with others drawn over it (the picture under its indicators).

import CGtk

extension Widgets {
    /// An empty GtkOverlay; give it its child with `setOverlayChild` and what goes over with `addOverlay`.
    public static func overlay() -> UnsafeMutablePointer<GtkWidget> { gtk_overlay_new()! }
}
