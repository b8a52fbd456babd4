// The widget trees of data/ui: embedded in the binary at build time (UIResources), built by id.

import CGtk
import GtkSupport
import UIResources

/// The editor's .ui files, read from the bytes embedded in the binary, so an installed editor needs
/// no file beside it.
@MainActor
enum UIFiles {
    /// A builder holding every object of `file` (e.g. `straighten-bar.ui`). It owns the objects
    /// while it lives: parent them, or take a reference, before it goes. A file not embedded is a
    /// build without it, which the tests catch first.
    static func builder(_ file: String) -> GObjectRef {
        guard let bytes = UIResources.contents(of: file) else { fatalError("\(file) is not embedded (UIResources)") }
        return Builder.fromBytes(bytes)
    }

    /// The widget with builder id `id`; a missing id is a broken .ui file, which the tests catch.
    static func widget(_ builder: GObjectRef, _ id: String) -> UnsafeMutablePointer<GtkWidget> {
        guard let object = Builder.object(builder, id) else { fatalError("no \(id) in the .ui file") }
        return object.assumingMemoryBound(to: GtkWidget.self)
    }
}
