// Every action of the application (`app.…`), shared by its windows.

import GtkSupport

/// The application's actions; `CropEditorApplication.entry(_:)` says what each does.
enum AppAction: String, ActionName, CaseIterable {
    case quit
    case about

    var group: String { "app" }
}
