// Typed Swift for what the editor sets on any widget: visibility, style classes, alignment, sizes, tooltips, names, focus.

import CGtk

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// Shown or hidden (`gtk_widget_set_visible`); a hidden widget takes no room.
    @MainActor public var isVisible: Bool {
        get { gtk_widget_get_visible(self) != 0 }
        nonmutating set { gtk_widget_set_visible(self, newValue ? 1 : 0) }
    }

    /// Whether it takes input; insensitive widgets are greyed out.
    @MainActor public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(self) != 0 }
        nonmutating set { gtk_widget_set_sensitive(self, newValue ? 1 : 0) }
    }

    /// Adds style classes (`osd`, `numeric`, `suggested-action`, …).
    @MainActor public func addCSSClasses(_ names: String...) {
        for name in names { gtk_widget_add_css_class(self, name) }
    }

    /// Where it sits in the room its parent gives it, across and down.
    @MainActor public func align(_ horizontal: GtkAlign, _ vertical: GtkAlign) {
        gtk_widget_set_halign(self, horizontal)
        gtk_widget_set_valign(self, vertical)
    }

    @MainActor public var halign: GtkAlign {
        get { gtk_widget_get_halign(self) }
        nonmutating set { gtk_widget_set_halign(self, newValue) }
    }

    @MainActor public var valign: GtkAlign {
        get { gtk_widget_get_valign(self) }
        nonmutating set { gtk_widget_set_valign(self, newValue) }
    }

    /// Whether it grows across into spare room.
    @MainActor public var expandsHorizontally: Bool {
        get { gtk_widget_get_hexpand(self) != 0 }
        nonmutating set { gtk_widget_set_hexpand(self, newValue ? 1 : 0) }
    }

    /// Its smallest size in points (-1 leaves a side to its content).
    @MainActor public func requestSize(width: Int32, height: Int32) {
        gtk_widget_set_size_request(self, width, height)
    }

    /// Room kept around it, in points.
    @MainActor public func setMargins(top: Int32? = nil, bottom: Int32? = nil, start: Int32? = nil, end: Int32? = nil) {
        if let top { gtk_widget_set_margin_top(self, top) }
        if let bottom { gtk_widget_set_margin_bottom(self, bottom) }
        if let start { gtk_widget_set_margin_start(self, start) }
        if let end { gtk_widget_set_margin_end(self, end) }
    }

    /// The tooltip's text (plain, not markup).
    @MainActor public var tooltip: String? {
        get { gtk_widget_get_tooltip_text(self).map { String(cString: $0) } }
        nonmutating set { gtk_widget_set_tooltip_text(self, newValue) }
    }

    /// The name a screen reader speaks for it.
    @MainActor public func setAccessibleLabel(_ label: String) { cgtk_accessible_set_label(self, label) }

    /// Moves keyboard focus here.
    @MainActor public func grabFocus() { gtk_widget_grab_focus(self) }

    /// Whether it has keyboard focus.
    @MainActor public var hasFocus: Bool { gtk_widget_is_focus(self) != 0 }

    /// Asks for a new frame: the widget is drawn again before the next one is shown.
    @MainActor public func queueDraw() { gtk_widget_queue_draw(self) }

    /// Hands it an event controller (a gesture, keys, scroll, a drop target), which it then owns.
    @MainActor public func addController(_ controller: UnsafeMutableRawPointer) {
        gtk_widget_add_controller(self, cgtk_event_controller(controller))
    }

    /// Enables or disables one of the actions its class installed (`crop.suggest`, …).
    @MainActor public func setActionEnabled(_ name: String, _ enabled: Bool) {
        gtk_widget_action_set_enabled(self, name, enabled ? 1 : 0)
    }

    /// The same widget as a GtkWindow (checked cast), for the window calls.
    public var asWindow: UnsafeMutablePointer<GtkWindow> { cgtk_window(raw) }
}
