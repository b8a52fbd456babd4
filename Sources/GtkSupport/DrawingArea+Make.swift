// A new drawing area, for `DrawingArea.setDrawFunc` to draw.

import CGtk

extension DrawingArea {
    /// An empty GtkDrawingArea (it asks for no size until given one).
    public static func make() -> UnsafeMutablePointer<GtkWidget> { gtk_drawing_area_new()! }
}
