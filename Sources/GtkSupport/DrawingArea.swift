// A GtkDrawingArea's draw function as a Swift closure: GTK holds the closure's box and releases it with the area.

import CGtk

@MainActor
public enum DrawingArea {
    /// Draws the area with `body(cr, width, height)` (its size in points) whenever GTK asks.
    public static func setDrawFunc(
        _ area: UnsafeMutablePointer<GtkWidget>,
        _ body: @escaping @MainActor (Cairo, Int, Int) -> Void
    ) {
        typealias Body = @MainActor (Cairo, Int, Int) -> Void
        let box = Unmanaged.passRetained(SignalBox<Body>(body) as AnyObject).toOpaque()
        gtk_drawing_area_set_draw_func(
            cgtk_drawing_area(area.raw),
            { _, cr, width, height, data in
                guard let cr, let data else { return }
                MainActor.assumeIsolated {
                    Unmanaged<SignalBox<Body>>.fromOpaque(data).takeUnretainedValue().handler(Cairo(cr), Int(width), Int(height))
                }
            }, box,
            { data in
                guard let data else { return }
                Unmanaged<AnyObject>.fromOpaque(data).release()
            })
    }
}
