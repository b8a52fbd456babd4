// A window-wide shortcut: the action it activates, its accelerators (the first shown) and its words.

import CGtk
import CropKit
import GtkSupport

/// A window-wide shortcut: the action it activates, its accelerators (the first is shown) and its title.
struct WindowShortcut: Sendable {
    let action: String
    let accels: [String]
    let title: String
}
