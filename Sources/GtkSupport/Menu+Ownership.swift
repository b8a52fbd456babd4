// Handing a new menu to the widget that shows it: the widget takes its own reference, the maker's goes.

import CGtk

extension Menu {
    /// Gives `model`, a menu just made (whose reference the caller owns, as `sectioned` returns it), to
    /// `show`, which makes a widget hold it; the caller's reference is dropped once `show` is done.
    @MainActor public static func handOver(
        _ model: UnsafeMutablePointer<GMenuModel>, to show: (UnsafeMutablePointer<GMenuModel>) -> Void
    ) {
        show(model)
        g_object_unref(model.raw)
    }
}

extension Menu {
    /// Drops the caller's reference to `model` once another menu holds it (a submenu, a section).
    public static func release(_ model: UnsafeMutablePointer<GMenuModel>) { g_object_unref(model.raw) }
}
