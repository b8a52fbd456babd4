// A menu's popover named for screen readers: GTK leaves the popover and the pages inside it unnamed, so Orca said class names.

import CGtk

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// Names the menu this menu button or split button opens `label`, and each page inside it: the first
    /// `label` too, a submenu's page by its submenu (GTK 4.8 announced them as `GtkPopoverMenu` and
    /// `GtkStackPage`). Call it after the menu model is set: a new model makes a new popover.
    @MainActor public func nameMenu(_ label: String) {
        let isSplit =
            g_type_check_instance_is_a(raw.assumingMemoryBound(to: GTypeInstance.self), adw_split_button_get_type()) != 0
        let popover =
            isSplit
            ? adw_split_button_get_popover(OpaquePointer(self)).map { UnsafeMutableRawPointer($0) }
            : gtk_menu_button_get_popover(cgtk_menu_button(raw)).map { UnsafeMutableRawPointer($0) }
        guard let menu = popover?.assumingMemoryBound(to: GtkWidget.self) else { return }
        cgtk_accessible_set_label(menu, label)
        guard let stack = menu.firstDescendant(ofType: gtk_stack_get_type()) else { return }
        guard let pages = gtk_stack_get_pages(cgtk_stack(stack)) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(pages)) }
        let list = pages
        for index in 0..<g_list_model_get_n_items(list) {
            guard let page = g_list_model_get_item(list, index) else { continue }
            defer { g_object_unref(page) }
            let name = gtk_stack_page_get_name(OpaquePointer(page)).map { String(cString: $0) }
            let spoken = index == 0 || name == nil ? label : name!.replacingOccurrences(of: "_", with: "")
            cgtk_accessible_set_label(page.assumingMemoryBound(to: GtkWidget.self), spoken)
        }
    }

    /// The first widget below this one (depth first) of `type` or a type derived from it.
    @MainActor func firstDescendant(ofType type: GType) -> UnsafeMutablePointer<GtkWidget>? {
        for child in children {
            if g_type_check_instance_is_a(UnsafeMutableRawPointer(child).assumingMemoryBound(to: GTypeInstance.self), type) != 0 {
                return child
            }
            if let found = child.firstDescendant(ofType: type) { return found }
        }
        return nil
    }
}
