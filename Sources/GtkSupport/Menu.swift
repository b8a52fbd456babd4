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

    private static func model(_ menu: OpaquePointer) -> UnsafeMutablePointer<GMenuModel> {
        UnsafeMutableRawPointer(menu).assumingMemoryBound(to: GMenuModel.self)
    }
}
