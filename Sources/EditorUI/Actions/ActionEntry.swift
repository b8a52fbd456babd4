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

    /// Whether the action is a GSettings key's (`ActionKind.setting`).
    var isSetting: Bool {
        if case .setting = kind { return true }
        return false
    }

    /// The name inside its group (`zoom-in`).
    var name: String { action.name }

    /// The GAction for `target` (held weakly), added to `map` (a window or the application).
    @MainActor
    func install(on map: ActionMap, for target: Target, settings: UnsafeMutablePointer<GSettings>?) {
        switch kind {
        case .plain(let handler):
            map.addPlain(name) { [weak target] in target.map(handler) }
        case .toggle(let initial, let handler):
            map.addToggle(name, initial: initial(target)) { [weak target] on in target.map { handler($0, on) } }
        case .choice(let initial, let handler):
            map.addChoice(name, initial: initial(target)) { [weak target] value in target.map { handler($0, value) } }
        case .setting:
            // Without the schema (a bare build tree) nothing is remembered: the action is left out.
            if let settings { map.addSetting(name, of: settings) }
        case .builtIn:
            return
        }
    }

    /// The tooltip of a control for this action: its words and its first key, e.g. "Undo (Ctrl+Z)".
    @MainActor var tooltip: String {
        let words = title.map(tr) ?? name
        guard let accel = accels.first, let label = Shortcuts.label(accel) else { return words }
        return "\(words) (\(label))"
    }
}
