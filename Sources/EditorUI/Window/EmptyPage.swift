// The window with no picture: a status page inviting to open an image, paste one or drop one on the window.

import CGtk
import GtkSupport

@MainActor
enum EmptyPage {
    /// The page, and its Paste Image button (shown while the clipboard holds a picture).
    static func make() -> (page: UnsafeMutablePointer<GtkWidget>, paste: UnsafeMutablePointer<GtkWidget>) {
        let open = Widgets.button(mnemonic: tr("_Open Image…"))
        open.setActionName(WindowAction.open.detailed)
        open.addCSSClasses("suggested-action", "pill")
        let paste = Widgets.button(mnemonic: tr("_Paste Image"))
        paste.setActionName(WindowAction.paste.detailed)
        paste.addCSSClasses("pill")
        let buttons = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        buttons.halign = GTK_ALIGN_CENTER
        buttons.append(open)
        buttons.append(paste)
        let page = Widgets.statusPage(
            icon: "image-x-generic-symbolic", title: tr("No Image"),
            description: tr("Open an image, or drop one here, to crop it"),
            child: buttons)
        return (page, paste)
    }
}
