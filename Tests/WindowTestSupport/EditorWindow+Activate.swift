// A window's action activated by its case, as a menu item or a key would (tests name actions by case, never by string).

import CGtk

@testable import EditorUI

extension EditorWindow {
    /// Activates `action` on the window, with `parameter` for a stateful one (e.g. a ratio's string).
    @MainActor func activate(_ action: WindowAction, _ parameter: OpaquePointer? = nil) {
        g_action_group_activate_action(OpaquePointer(window.raw), action.name, parameter)
    }
}
