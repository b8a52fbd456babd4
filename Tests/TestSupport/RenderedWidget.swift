// A widget's pixels as its window's renderer draws them, read once GTK has drawn it.

import CGtk
import GtkSupport

extension GtkDisplay {
    /// The widget rendered through its window's renderer, once GTK has drawn it (the widget
    /// paintable renders what GTK last drew, so a widget waiting for its first or next frame has
    /// nothing yet); nil after 5 s.
    @MainActor static func renderWhenDrawn(_ widget: UnsafeMutablePointer<GtkWidget>) -> RenderedPixels? {
        var rendered = WidgetRenderer.render(widget)
        _ = pump(timeout: 5) {
            rendered = rendered ?? WidgetRenderer.render(widget)
            return rendered != nil
        }
        return rendered
    }
}
