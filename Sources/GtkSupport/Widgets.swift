// Typed Swift for the containers and leaves the editor builds: boxes, labels, overlays, buttons, windows.

import CGtk

/// New widgets, typed as `GtkWidget` pointers the way the editor keeps them.
@MainActor
public enum Widgets {
    /// A box laying out its children in a row or a column, `spacing` points apart.
    public static func box(_ orientation: GtkOrientation, spacing: Int32 = 0) -> UnsafeMutablePointer<GtkWidget> {
        gtk_box_new(orientation, spacing)!
    }

    /// A label showing `text`.
    public static func label(_ text: String = "") -> UnsafeMutablePointer<GtkWidget> { gtk_label_new(text)! }

    /// A button with `label`, its underlined letter a mnemonic.
    public static func button(mnemonic label: String) -> UnsafeMutablePointer<GtkWidget> {
        gtk_button_new_with_mnemonic(label)!
    }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// Appends `child` to this box.
    @MainActor public func append(_ child: UnsafeMutablePointer<GtkWidget>) { gtk_box_append(cgtk_box(raw), child) }

    /// This label's text.
    @MainActor public var labelText: String {
        get { String(cString: gtk_label_get_text(cgtk_label(raw))) }
        nonmutating set { gtk_label_set_text(cgtk_label(raw), newValue) }
    }

    /// This overlay's main child, and one more child drawn over it.
    @MainActor public func setOverlayChild(_ child: UnsafeMutablePointer<GtkWidget>) {
        gtk_overlay_set_child(cgtk_overlay(raw), child)
    }
    @MainActor public func addOverlay(_ child: UnsafeMutablePointer<GtkWidget>) {
        gtk_overlay_add_overlay(cgtk_overlay(raw), child)
    }

    /// This menu button's menu and label.
    @MainActor public func setMenuModel(_ model: UnsafeMutablePointer<GMenuModel>?) {
        gtk_menu_button_set_menu_model(cgtk_menu_button(raw), model)
    }
    @MainActor public func setMenuButtonLabel(_ label: String) { gtk_menu_button_set_label(cgtk_menu_button(raw), label) }

    /// This `AdwWindowTitle`'s title and subtitle (nil hides the subtitle).
    @MainActor public func setWindowTitle(_ title: String) { adw_window_title_set_title(OpaquePointer(self), title) }
    @MainActor public func setWindowSubtitle(_ subtitle: String?) { adw_window_title_set_subtitle(OpaquePointer(self), subtitle) }

    /// This button's label.
    @MainActor public func setButtonLabel(_ label: String) { gtk_button_set_label(cgtk_button(raw), label) }
}

extension UnsafeMutablePointer where Pointee == GtkWindow {
    /// Shows the window and raises it.
    @MainActor public func present() { gtk_window_present(self) }

    /// Asks the window to close, as its close button would (`close-request` may refuse).
    @MainActor public func close() { gtk_window_close(self) }

    /// The title the window list and the screen reader use.
    @MainActor public var title: String? {
        get { gtk_window_get_title(self).map { String(cString: $0) } }
        nonmutating set { gtk_window_set_title(self, newValue) }
    }
}
