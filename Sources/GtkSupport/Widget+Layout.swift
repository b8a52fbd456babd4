// Typed Swift for what a custom-drawn widget asks of itself: its size and scale, whether it is shown, focus, cursor, direction.

import CGtk

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// The size GTK allocated it, in points (0 × 0 before it is laid out).
    @MainActor public var size: (width: Int, height: Int) {
        (Int(gtk_widget_get_width(self)), Int(gtk_widget_get_height(self)))
    }

    /// Device pixels per point on the monitor it is on (2 on a HiDPI screen).
    @MainActor public var scaleFactor: Int { Int(gtk_widget_get_scale_factor(self)) }

    /// Whether it is on screen now (mapped): what animations and first frames wait for.
    @MainActor public var isMapped: Bool { gtk_widget_get_mapped(self) != 0 }

    /// Whether it has focus that came from the keyboard (the focus ring shows only then).
    @MainActor public var hasVisibleFocus: Bool { gtk_widget_has_visible_focus(self) != 0 }

    /// Whether Tab and a click can give it keyboard focus.
    @MainActor public var isFocusable: Bool {
        get { gtk_widget_get_focusable(self) != 0 }
        nonmutating set { gtk_widget_set_focusable(self, newValue ? 1 : 0) }
    }

    /// Whether it grows down into spare room.
    @MainActor public var expandsVertically: Bool {
        get { gtk_widget_get_vexpand(self) != 0 }
        nonmutating set { gtk_widget_set_vexpand(self, newValue ? 1 : 0) }
    }

    /// Left-to-right or right-to-left; by default the locale's.
    @MainActor public var textDirection: GtkTextDirection {
        get { gtk_widget_get_direction(self) }
        nonmutating set { gtk_widget_set_direction(self, newValue) }
    }

    /// Shows the cursor named `name` (a CSS cursor name: `move`, `crosshair`, …) over it; nil for the default.
    @MainActor public func setCursor(named name: String?) { gtk_widget_set_cursor_from_name(self, name) }

    /// Says `description` to screen readers as its description (read after its name).
    @MainActor public func setAccessibleDescription(_ description: String) {
        cgtk_accessible_set_description(self, description)
    }
}
