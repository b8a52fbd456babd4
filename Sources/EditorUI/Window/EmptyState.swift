// The window with no picture: a status page inviting to open an image, paste one or drop one on the window.

import CGtk
import GtkSupport

@MainActor
enum EmptyState {
    /// The page, and its Paste Image button (shown while the clipboard holds a picture).
    static func make() -> (page: UnsafeMutablePointer<GtkWidget>, paste: UnsafeMutablePointer<GtkWidget>) {
        let page = adw_status_page_new()!
        let status = OpaquePointer(page)
        adw_status_page_set_icon_name(status, "image-x-generic-symbolic")
        adw_status_page_set_title(status, tr("No Image"))
        adw_status_page_set_description(status, tr("Open an image, or drop one here, to crop it"))
        let open = Widgets.button(mnemonic: tr("_Open Image…"))
        gtk_actionable_set_action_name(OpaquePointer(open), WindowAction.open.detailed)
        open.addCSSClasses("suggested-action")
        open.addCSSClasses("pill")
        let paste = Widgets.button(mnemonic: tr("_Paste Image"))
        gtk_actionable_set_action_name(OpaquePointer(paste), WindowAction.paste.detailed)
        paste.addCSSClasses("pill")
        let buttons = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        buttons.halign = GTK_ALIGN_CENTER
        buttons.append(open)
        buttons.append(paste)
        adw_status_page_set_child(status, buttons)
        return (page, paste)
    }
}
