// Typed Swift for libadwaita's toasts: an overlay over a child that shows passing messages, some with a button.

import CGtk

/// An `AdwToastOverlay`: its child, and toasts shown over it one after another.
@MainActor
public final class ToastOverlay {
    public let widget: UnsafeMutablePointer<GtkWidget>

    public init() { widget = adw_toast_overlay_new() }

    /// What the toasts show over.
    public func setChild(_ child: UnsafeMutablePointer<GtkWidget>) {
        adw_toast_overlay_set_child(cgtk_adw_toast_overlay(widget.raw), child)
    }

    /// Shows `message` (plain text, not markup) for `seconds`; with `button`, a button that activates a
    /// detailed action (`win.aspect-ratio::1:1` carries its target, which a plain action name would not).
    public func show(_ message: String, seconds: UInt32, button: (label: String, detailedAction: String)? = nil) {
        let escaped = g_markup_escape_text(message, -1)!
        defer { g_free(escaped) }
        let toast = adw_toast_new(escaped)!
        adw_toast_set_timeout(toast, seconds)
        if let button {
            adw_toast_set_button_label(toast, button.label)
            adw_toast_set_detailed_action_name(toast, button.detailedAction)
        }
        adw_toast_overlay_add_toast(cgtk_adw_toast_overlay(widget.raw), toast)
    }
}
