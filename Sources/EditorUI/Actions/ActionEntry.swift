// One row of an action table (name, kind, keys, words, group, when enabled) and how a row becomes a GAction.

import CGtk
import GtkSupport

/// The shortcuts window's groups, in GNOME's order.
enum ShortcutGroup: CaseIterable {
    case file, edit, view

    var title: String {
        switch self {
        case .file: return N_("File")
        case .edit: return N_("Edit")
        case .view: return N_("View")
        }
    }
}

/// When an action can be used; `EditorWindow.isEnabled(_:)` decides each.
enum ActionAvailability {
    case always
    /// A picture is shown (the demo counts).
    case picture
    /// A photo from a file is shown: the demo has nothing to save or keep beside.
    case file
    case undo, redo
    /// A save has written a result to open.
    case savedResult
    /// The JPEG's crop is off its block grid and can be snapped onto it.
    case losslessSnap
    /// The folder has a photo after / before the one shown.
    case nextPhoto, previousPhoto
    /// A photo from a file is shown and no Apply to All is running.
    case batch
    /// A photo from a file is shown and no suggestion is being computed.
    case suggestion
}

/// What activating a row does.
enum ActionKind<Target: AnyObject> {
    case plain(@MainActor (Target) -> Void)
    /// A check item: the state changes, then the handler runs with it.
    case toggle(initial: @MainActor (Target) -> Bool, @MainActor (Target, Bool) -> Void)
    /// Radio items (`name::value`): the handler sets the state itself, so it may refuse a value.
    case choice(initial: @MainActor (Target) -> String, @MainActor (Target, String) -> Void)
    /// The GSettings key of the entry's name as the action (`g_settings_create_action`, which names
    /// the action after the key): its state is the setting, and the target follows `changed::KEY`.
    case setting
    /// Installed by GTK itself (the shortcuts window's `show-help-overlay`): listed, not installed.
    case builtIn
}

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
