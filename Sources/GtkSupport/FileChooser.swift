// The native file chooser as one owned object: shown modal over a window, answered once with a path or nothing.

import CGtk

@MainActor
public enum FileChooser {
    /// Where a chooser starts and what it offers: a filter of picture types (Open), a folder and a
    /// name (Save).
    public struct Start {
        public var filter: (name: String, mimeTypes: [String])?
        public var folder: String?
        public var name: String?

        public init(filter: (name: String, mimeTypes: [String])? = nil, folder: String? = nil, name: String? = nil) {
            self.filter = filter
            self.folder = folder
            self.name = name
        }
    }

    /// Shows a modal native chooser over `parent`. The returned reference is the dialog's only
    /// owner: keep it while the dialog is open and let it go when `answered` runs (a native dialog
    /// is not a widget, so no parent holds it). `answered` gets the chosen path, or nil when the
    /// person cancelled or chose something without a local path.
    public static func present(
        title: String, over parent: UnsafeMutablePointer<GtkWidget>, action: GtkFileChooserAction,
        accept: String, cancel: String, start: Start = Start(), answered: @escaping @MainActor (String?) -> Void
    ) -> GObjectRef {
        let dialog = GObjectRef(adopting: gtk_file_chooser_native_new(title, parent.asWindow, action, accept, cancel)!.raw)
        let chooser = cgtk_file_chooser(dialog.raw)!
        if let filter = start.filter { addFilter(to: chooser, name: filter.name, mimeTypes: filter.mimeTypes) }
        if let folder = start.folder {
            let file = GObjectRef(adopting: g_file_new_for_path(folder).raw)
            withExtendedLifetime(file) { _ = gtk_file_chooser_set_current_folder(chooser, file.opaque, nil) }
        }
        if let name = start.name { gtk_file_chooser_set_current_name(chooser, name) }
        gtk_native_dialog_set_modal(cgtk_native_dialog(dialog.raw), 1)
        // Weakly: the handler lives as long as the dialog, which must not keep itself alive.
        Signal.connectInt(dialog.raw, "response") { [weak dialog] response in
            guard let dialog else { return }
            var chosen: String?
            if response == GTK_RESPONSE_ACCEPT.rawValue,
                let file = gtk_file_chooser_get_file(cgtk_file_chooser(dialog.raw)).map({ GObjectRef(adopting: $0.raw) })
            {
                chosen = withExtendedLifetime(file) { Files.path(of: file.opaque) }
            }
            answered(chosen)
        }
        gtk_native_dialog_show(cgtk_native_dialog(dialog.raw))
        return dialog
    }

    /// A filter the chooser keeps (adding a filter takes a reference of its own in GTK 4).
    private static func addFilter(to chooser: OpaquePointer, name: String, mimeTypes: [String]) {
        let filter = GObjectRef(adopting: gtk_file_filter_new()!.raw)
        gtk_file_filter_set_name(filter.opaque, name)
        for type in mimeTypes { gtk_file_filter_add_mime_type(filter.opaque, type) }
        withExtendedLifetime(filter) { gtk_file_chooser_add_filter(chooser, filter.opaque) }
    }
}
