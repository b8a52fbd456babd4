// Every action of the application (`app.…`), shared by its windows.

import GtkSupport

/// The application's actions; `CropEditorApplication.entry(_:)` says what each does.
enum AppAction: String, ActionName, CaseIterable {
    case quit
    case about
    /// `crop-editor --paste`: a new window on the clipboard's image (run in the first instance).
    case pasteImage = "paste-image"

    var group: String { "app" }
}
