// The window with no picture: a status page inviting to open an image or drop one on the window.

import CGtk
import GtkSupport

@MainActor
enum EmptyState {
    static func make() -> UnsafeMutablePointer<GtkWidget> {
        let page = adw_status_page_new()!
        let status = OpaquePointer(page)
        adw_status_page_set_icon_name(status, "image-x-generic-symbolic")
        adw_status_page_set_title(status, tr("No Image"))
        adw_status_page_set_description(status, tr("Open an image, or drop one here, to crop it"))
        let open = Widgets.button(mnemonic: tr("_Open Image…"))
        gtk_actionable_set_action_name(OpaquePointer(open), WindowAction.open.detailed)
        open.addCSSClasses("suggested-action")
        open.addCSSClasses("pill")
        open.halign = GTK_ALIGN_CENTER
        adw_status_page_set_child(status, open)
        return page
    }
}
