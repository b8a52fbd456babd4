// Typed Swift for keys: shortcuts on one widget that activate named actions, and accelerators written for people.

import CGtk

@MainActor
public enum Shortcuts {
    /// Adds to `widget` a controller whose shortcuts activate, while it (or a child) has the focus,
    /// each detailed action (`win.zoom-in`) on its keys (`plus|equal`, `gtk_shortcut_trigger_parse_string`'s syntax).
    public static func add(to widget: UnsafeMutablePointer<GtkWidget>, _ shortcuts: [(keys: String, action: String)]) {
        let controller = gtk_shortcut_controller_new()!
        for shortcut in shortcuts {
            let trigger = gtk_shortcut_trigger_parse_string(shortcut.keys)
            gtk_shortcut_controller_add_shortcut(controller, gtk_shortcut_new(trigger, gtk_named_action_new(shortcut.action)))
        }
        widget.addController(controller.raw)
    }

    /// How GTK writes an accelerator for people in their language (`<Control>z` → `Ctrl+Z`); nil when
    /// it does not parse.
    public static func label(_ accelerator: String) -> String? {
        var key: guint = 0
        var modifiers = GdkModifierType(0)
        guard gtk_accelerator_parse(accelerator, &key, &modifiers) != 0,
            let label = gtk_accelerator_get_label(key, modifiers)
        else { return nil }
        defer { g_free(label) }
        return String(cString: label)
    }
}
