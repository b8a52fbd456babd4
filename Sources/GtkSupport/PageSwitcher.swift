// One named child shown at a time: GtkStack's job without its pages, which GTK 4.8 reads out by class name.

import CGtk

/// A GtkStack puts a GtkStackPage between itself and each child on the accessibility bus: a "panel" whose
/// name, unset, falls back to its class name, so Orca says "GtkStackPage panel" before every focus inside.
/// Here the children sit in a plain box (a nameless group, which screen readers pass over) and only the
/// shown one is visible, so hidden pages are not on the bus at all.
@MainActor
public final class PageSwitcher {
    public let widget: UnsafeMutablePointer<GtkWidget>
    private var pages: [(name: String, child: UnsafeMutablePointer<GtkWidget>)] = []
    /// The page on screen: the first one added until another is shown.
    public private(set) var visibleName: String?

    public init() {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
    }

    public func add(_ child: UnsafeMutablePointer<GtkWidget>, name: String) {
        gtk_widget_set_hexpand(child, 1)
        gtk_widget_set_vexpand(child, 1)
        gtk_box_append(cgtk_box(widget.raw), child)
        pages.append((name, child))
        if visibleName == nil { visibleName = name }
        gtk_widget_set_visible(child, visibleName == name ? 1 : 0)
    }

    /// The page called `name`, if any.
    public func child(named name: String) -> UnsafeMutablePointer<GtkWidget>? {
        pages.first { $0.name == name }?.child
    }

    /// Shows the page called `name` and hides the others; an unknown name changes nothing.
    public func show(_ name: String) {
        guard pages.contains(where: { $0.name == name }) else { return }
        visibleName = name
        // The new page first: the box is never empty in between.
        for page in pages where page.name == name { gtk_widget_set_visible(page.child, 1) }
        for page in pages where page.name != name { gtk_widget_set_visible(page.child, 0) }
    }
}
