// Building GMenu models from Swift lists: sections of items, each an action or a submenu.

import CGtk

/// One entry of a menu.
public enum MenuItem {
    /// A label (with a mnemonic) and a detailed action name (`win.save`, `win.guides::grid`).
    case action(String, String)
    /// A label and the menu it opens (the menu holds its own reference to it).
    case submenu(String, UnsafeMutablePointer<GMenuModel>)
}

public enum Menu {
    /// A menu of `sections`, separated as GNOME menus are; the caller owns the returned reference.
    public static func sectioned(_ sections: [[MenuItem]]) -> UnsafeMutablePointer<GMenuModel> {
        let menu = g_menu_new()!
        for items in sections {
            let section = g_menu_new()!
            for item in items {
                switch item {
                case .action(let label, let action): g_menu_append(section, label, action)
                case .submenu(let label, let model): g_menu_append_submenu(section, label, model)
                }
            }
            g_menu_append_section(menu, nil, model(section))
            g_object_unref(section.raw)
        }
        return model(menu)
    }

    /// Every item of `model` with its label and action, sections flattened in order (submenus are
    /// items of their own, not opened).
    public static func entries(_ model: UnsafeMutablePointer<GMenuModel>) -> [(label: String?, action: String?)] {
        func string(_ index: Int32, _ attribute: String) -> String? {
            guard let value = g_menu_model_get_item_attribute_value(model, index, attribute, nil) else { return nil }
            defer { g_variant_unref(value) }
            return g_variant_get_string(value, nil).map { String(cString: $0) }
        }
        return (0..<g_menu_model_get_n_items(model)).flatMap { index -> [(label: String?, action: String?)] in
            if let section = g_menu_model_get_item_link(model, index, "section") {
                defer { g_object_unref(section.raw) }
                return entries(section)
            }
            return [(string(index, "label"), string(index, "action"))]
        }
    }

    private static func model(_ menu: OpaquePointer) -> UnsafeMutablePointer<GMenuModel> {
        UnsafeMutableRawPointer(menu).assumingMemoryBound(to: GMenuModel.self)
    }
}
