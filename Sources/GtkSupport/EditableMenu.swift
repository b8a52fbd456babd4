// A menu whose items change while it is shown (a section of another menu): emptied and filled again from Swift.

import CGtk

/// A GMenu kept to change: items appended, all removed. It holds one reference to the menu.
@MainActor
public final class EditableMenu {
    public let model: UnsafeMutablePointer<GMenuModel>
    private let menu: OpaquePointer
    /// The reference this holds, released with it.
    private let reference: GObjectRef

    public init() {
        reference = GObjectRef(adopting: UnsafeMutableRawPointer(g_menu_new()))
        menu = reference.opaque
        model = reference.as(GMenuModel.self)
    }

    public func removeAll() { g_menu_remove_all(menu) }

    /// An item labelled `label` (with a mnemonic) activating the detailed action `action`.
    public func append(_ label: String, action: String) { g_menu_append(menu, label, action) }

    /// An item labelled `label` opening `submenu` (which this menu holds a reference to).
    public func append(_ label: String, submenu: UnsafeMutablePointer<GMenuModel>) { g_menu_append_submenu(menu, label, submenu) }

    /// Puts this menu first in `other` as a section of its own (`other` holds it from then on).
    public func prepend(asSectionOf other: UnsafeMutablePointer<GMenuModel>) {
        g_menu_prepend_section(OpaquePointer(other), nil, model)
    }
}
