// The native file chooser as one owned object: shown modal over a window, answered once with a path or nothing.

import CGtk
import GtkSupport

@MainActor
enum FileChooser {
    /// Shows a modal native chooser over `parent`. The returned reference is the dialog's only
    /// owner: keep it while the dialog is open and let it go when `answered` runs (a native dialog
    /// is not a widget, so no parent holds it). `answered` gets the chosen path, or nil when the
    /// person cancelled or chose something without a local path.
    static func present(
        title: String, over parent: UnsafeMutablePointer<GtkWidget>, action: GtkFileChooserAction,
        accept: String, configure: (OpaquePointer) -> Void,
        answered: @escaping @MainActor (String?) -> Void
    ) -> GObjectRef {
        let dialog = GObjectRef(
            adopting: gtk_file_chooser_native_new(
                title, parent.asWindow, action,
                accept, tr("_Cancel"))!.raw)
        let chooser = cgtk_file_chooser(dialog.raw)!
        configure(chooser)
        gtk_native_dialog_set_modal(cgtk_native_dialog(dialog.raw), 1)
        // Weakly: the handler lives as long as the dialog, which must not keep itself alive.
        Signal.connectInt(dialog.raw, "response") { [weak dialog] response in
            guard let dialog else { return }
            var chosen: String?
            if response == GTK_RESPONSE_ACCEPT.rawValue,
                let file = gtk_file_chooser_get_file(cgtk_file_chooser(dialog.raw)).map({ GObjectRef(adopting: $0.raw) }),
                let path = g_file_get_path(file.opaque)
            {
                chosen = String(cString: path)
                g_free(path)
            }
            answered(chosen)
        }
        gtk_native_dialog_show(cgtk_native_dialog(dialog.raw))
        return dialog
    }

    /// A filter the chooser keeps (adding a filter takes a reference of its own in GTK 4).
    static func addFilter(to chooser: OpaquePointer, name: String, mimeTypes: [String]) {
        let filter = GObjectRef(adopting: gtk_file_filter_new()!.raw)
        gtk_file_filter_set_name(filter.opaque, name)
        for type in mimeTypes { gtk_file_filter_add_mime_type(filter.opaque, type) }
        gtk_file_chooser_add_filter(chooser, filter.opaque)
    }
}
