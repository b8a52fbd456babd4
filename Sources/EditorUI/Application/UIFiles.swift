// The widget trees of data/ui: compiled into the binary as a GResource (make ui-resources), registered at start-up, built by id.

import CGtk
import GResourceBundle
import GtkSupport

/// The editor's .ui files, read from the resource bundle linked into the binary, so an installed
/// editor needs no file beside it.
@MainActor
enum UIFiles {
    /// Where the bundle puts the .ui files.
    nonisolated static let prefix = "/io/github/cropeditor/CropEditor/ui/"

    /// Registers the bundle with GIO, once: the application does at start-up, and a builder asks
    /// again (for windows made without the application, as tests make them).
    static func register() { _ = registered }
    private static let registered: Void = crop_editor_ui_register_resource()

    /// A builder holding every object of `file` (e.g. `straighten-bar.ui`). It owns the objects
    /// while it lives: parent them, or take a reference, before it goes.
    static func builder(_ file: String) -> GObjectRef {
        register()
        return Builder.fromResource(prefix + file)
    }

    /// The widget with builder id `id`; a missing id is a broken .ui file, which the tests catch.
    static func widget(_ builder: GObjectRef, _ id: String) -> UnsafeMutablePointer<GtkWidget> {
        guard let object = Builder.object(builder, id) else { fatalError("no \(id) in the .ui file") }
        return object.assumingMemoryBound(to: GtkWidget.self)
    }
}
