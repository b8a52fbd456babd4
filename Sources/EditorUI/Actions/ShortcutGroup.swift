// The shortcuts window's groups of actions (File, Edit, View), in GNOME's order.

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
