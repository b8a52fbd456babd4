// What activating an action does: a plain handler, a check item, radio items, a setting, or GTK's own.

import CGtk
import GtkSupport

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
