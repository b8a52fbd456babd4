// Typed Swift for buttons: check buttons and groups, menu buttons and menus made as they open, split buttons, actions.

import CGtk

extension Widgets {
    /// A check button labelled `label` (no mnemonic: GTK 4.8 would put the underline into the name a
    /// screen reader reads).
    public static func checkButton(_ label: String) -> UnsafeMutablePointer<GtkWidget> { gtk_check_button_new_with_label(label)! }

    /// A menu button without a menu yet.
    public static func menuButton() -> UnsafeMutablePointer<GtkWidget> { gtk_menu_button_new()! }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// The detailed action this button, menu item or other actionable control activates (`win.save`).
    @MainActor public func setActionName(_ detailed: String) { gtk_actionable_set_action_name(OpaquePointer(self), detailed) }

    /// This check button ticked, or its radio item chosen.
    @MainActor public var isChecked: Bool {
        get { gtk_check_button_get_active(checkButton) != 0 }
        nonmutating set { gtk_check_button_set_active(checkButton, newValue ? 1 : 0) }
    }

    /// Makes this check button a radio item of `other`'s group: one of the group is chosen at a time.
    @MainActor public func joinGroup(of other: UnsafeMutablePointer<GtkWidget>) {
        gtk_check_button_set_group(checkButton, other.checkButton)
    }

    private var checkButton: UnsafeMutablePointer<GtkCheckButton> { raw.assumingMemoryBound(to: GtkCheckButton.self) }

    /// This menu button's menu (nil with a popover or nothing).
    @MainActor public var menuModel: UnsafeMutablePointer<GMenuModel>? { gtk_menu_button_get_menu_model(cgtk_menu_button(raw)) }

    /// This menu button's popover, which it holds from then on.
    @MainActor public func setPopover(_ popover: UnsafeMutablePointer<GtkWidget>) {
        gtk_menu_button_set_popover(cgtk_menu_button(raw), popover)
    }

    /// Opens this menu button's menu or popover, as a click would.
    @MainActor public func popUp() { gtk_menu_button_popup(cgtk_menu_button(raw)) }

    /// Runs `opening` each time this menu button is about to open, before it shows its menu (which
    /// `opening` may replace with `setMenuModel`), so a menu can say what holds at that moment.
    @MainActor public func whenMenuOpens(_ opening: @escaping @MainActor () -> Void) {
        let box = Unmanaged.passRetained(SignalBox(opening) as AnyObject).toOpaque()
        gtk_menu_button_set_create_popup_func(
            cgtk_menu_button(raw),
            { _, data in
                guard let data else { return }
                MainActor.assumeIsolated {
                    Unmanaged<SignalBox<@MainActor () -> Void>>.fromOpaque(data).takeUnretainedValue().handler()
                }
            }, box, { data in data.map { Unmanaged<AnyObject>.fromOpaque($0).release() } })
    }

    /// This split button's menu (its arrow's).
    @MainActor public func setSplitMenuModel(_ model: UnsafeMutablePointer<GMenuModel>) {
        adw_split_button_set_menu_model(OpaquePointer(self), model)
    }

    /// Whether this widget is a GtkMenuButton (or of a type derived from it).
    @MainActor public var isMenuButton: Bool {
        g_type_check_instance_is_a(raw.assumingMemoryBound(to: GTypeInstance.self), gtk_menu_button_get_type()) != 0
    }

    /// Its children, first to last.
    @MainActor public var children: [UnsafeMutablePointer<GtkWidget>] {
        var children: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(self)
        while let next = child {
            children.append(next)
            child = gtk_widget_get_next_sibling(next)
        }
        return children
    }

    /// Inserts `child` into this box after `sibling` (nil: first).
    @MainActor public func insert(_ child: UnsafeMutablePointer<GtkWidget>, after sibling: UnsafeMutablePointer<GtkWidget>?) {
        gtk_box_insert_child_after(cgtk_box(raw), child, sibling)
    }
}
