// One row of an action table (name, kind, keys, words, group, when enabled) and how a row becomes a GAction.

import CGtk
import GtkSupport

/// One action of a window or of the application, with everything said about it in one place.
struct ActionEntry<Target: AnyObject, Action: ActionName> {
    let action: Action
    let kind: ActionKind<Target>
    /// Accelerators, the first shown in the shortcuts window and tooltips.
    var accels: [String] = []
    /// Keys that work only while the crop area has focus (bare keys there never steal typing in
    /// the pixel entries), in `gtk_shortcut_trigger_parse_string`'s syntax.
    var cropAreaKeys: [String] = []
    /// The shortcuts window's words (and a tooltip's), a literal marked for translation.
    var title: String?
    /// The shortcuts window's group; nil keeps the action out of it.
    var group: ShortcutGroup?
    var availability: ActionAvailability = .always

    /// The name inside its group (`zoom-in`).
    var name: String { action.name }

    /// The GAction for `target` (held weakly), added to `map` (a window or the application).
    @MainActor
    func install(on map: UnsafeMutableRawPointer, for target: Target, settings: UnsafeMutablePointer<GSettings>?) {
        let action: OpaquePointer
        switch kind {
        case .plain(let handler):
            action = g_simple_action_new(name, nil)!
            Signal.connectPointer(action.raw, "activate") { [weak target] _ in target.map(handler) }
        case .toggle(let initial, let handler):
            action = g_simple_action_new_stateful(name, nil, g_variant_new_boolean(initial(target) ? 1 : 0))!
            Signal.connectPointer(action.raw, "change-state") { [weak target, action] value in
                guard let target, let value else { return }
                g_simple_action_set_state(action, OpaquePointer(value))
                handler(target, g_variant_get_boolean(OpaquePointer(value)) != 0)
            }
        case .choice(let initial, let handler):
            let type = g_variant_type_new("s")
            defer { g_variant_type_free(type) }
            action = g_simple_action_new_stateful(name, type, g_variant_new_string(initial(target)))!
            Signal.connectPointer(action.raw, "change-state") { [weak target] value in
                guard let target, let value, let text = g_variant_get_string(OpaquePointer(value), nil) else { return }
                handler(target, String(cString: text))
            }
        case .setting:
            // Without the schema (a bare build tree) nothing is remembered: the action is left out.
            guard let settings else { return }
            action = g_settings_create_action(settings, name)
        case .builtIn:
            return
        }
        g_action_map_add_action(OpaquePointer(map), action)
        g_object_unref(action.raw)
    }

    /// The tooltip of a control for this action: its words and its first key, e.g. "Undo (Ctrl+Z)".
    var tooltip: String {
        let words = title.map(tr) ?? name
        guard let accel = accels.first, let label = ActionEntry.keyLabel(accel) else { return words }
        return "\(words) (\(label))"
    }

    /// How GTK writes an accelerator for people (`<Control>z` → `Ctrl+Z`), in the user's language.
    static func keyLabel(_ accel: String) -> String? {
        var key: guint = 0
        var modifiers = GdkModifierType(0)
        guard gtk_accelerator_parse(accel, &key, &modifiers) != 0, let label = gtk_accelerator_get_label(key, modifiers) else {
            return nil
        }
        defer { g_free(label) }
        return String(cString: label)
    }
}
