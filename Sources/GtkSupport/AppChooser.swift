// GTK's application chooser for one file: the applications that open its type, and the chosen one started on the file.

import CGtk

@MainActor
public enum AppChooser {
    /// How the chooser ended.
    public enum Outcome: Equatable, Sendable {
        /// The chosen application was started on the file: its name.
        case opened(String)
        case cancelled
        /// The chosen application could not be started: GIO's words.
        case failed(String)
    }

    /// Shows a modal GtkAppChooserDialog over `parent` for the file at `path` (the applications that
    /// open its type, recommended first), headed `heading`; the chosen application is started on the
    /// file, and `answered` gets how it ended. Returns the dialog (it destroys itself once answered).
    @discardableResult
    public static func present(
        for path: String, over parent: UnsafeMutablePointer<GtkWidget>, heading: String,
        answered: @escaping @MainActor (Outcome) -> Void
    ) -> UnsafeMutablePointer<GtkWidget> {
        let file = g_file_new_for_path(path)!
        defer { g_object_unref(file.raw) }
        let flags = GtkDialogFlags(rawValue: GTK_DIALOG_MODAL.rawValue | GTK_DIALOG_DESTROY_WITH_PARENT.rawValue)
        let dialog = gtk_app_chooser_dialog_new(parent.asWindow, flags, file)!
        gtk_app_chooser_dialog_set_heading(OpaquePointer(dialog), heading)
        Signal.connectInt(dialog.raw, "response") { response in
            var outcome = Outcome.cancelled
            if response == GTK_RESPONSE_OK.rawValue, let app = gtk_app_chooser_get_app_info(OpaquePointer(dialog)) {
                outcome = launch(app, on: path, from: dialog)
                g_object_unref(app.raw)
            }
            dialog.asWindow.destroy()
            answered(outcome)
        }
        dialog.asWindow.present()
        return dialog
    }

    /// Starts `app` on the file at `path`, with the display's launch context (startup notification).
    private static func launch(
        _ app: OpaquePointer, on path: String, from widget: UnsafeMutablePointer<GtkWidget>
    ) -> Outcome {
        let file = g_file_new_for_path(path)!
        defer { g_object_unref(file.raw) }
        let files = g_list_append(nil, UnsafeMutableRawPointer(file))
        defer { g_list_free(files) }
        let context = gdk_display_get_app_launch_context(gtk_widget_get_display(widget))
        defer { if let context { g_object_unref(context.raw) } }
        var error: UnsafeMutablePointer<GError>?
        guard
            g_app_info_launch(
                app, files, context.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GAppLaunchContext.self) }, &error)
                != 0
        else {
            defer { if let error { g_error_free(error) } }
            return .failed(error.map { String(cString: $0.pointee.message) } ?? "it did not start")
        }
        return .opened(String(cString: g_app_info_get_display_name(app)))
    }
}
