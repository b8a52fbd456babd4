// Saving in a window: the queue that writes saves in the order asked, the last result, Copy's state, and the dialogs saving and closing ask with.

import CGtk
import GtkSupport

/// A window's saves. They run in the background one after another, so two saves of one target
/// land in the order asked while the window stays usable.
@MainActor
final class SavingController {
    /// The file the last save wrote, for the toast's Open button.
    var lastSavedPath: String?
    /// How many saves are running or waiting their turn.
    private(set) var running = 0
    /// The last save asked for: the next one waits for it.
    private var last: Task<Void, Never>?
    /// The Save As dialog while it is open.
    var saveDialog: GObjectRef?
    /// The question about unsaved crops while it is open (tests answer it).
    var closeDialog: UnsafeMutablePointer<GtkWidget>?
    /// Set once the person chose to close with unsaved crops (discarded or all saved).
    var closeConfirmed = false
    /// Copy: the result as a save would write it, put on the clipboard instead of a file.
    let copy = CopyController()

    var isSaving: Bool { running > 0 }

    /// Runs `save` once every save asked for before it is done, counting it as running until it
    /// ends. `application` outlives its last window until then (closing does not cut a save short).
    func enqueue(holding application: UnsafeMutablePointer<GApplication>?, _ save: @escaping @MainActor () async -> Void) {
        running += 1
        if let application { g_application_hold(application) }
        let previous = last
        last = Task { @MainActor [weak self] in
            await previous?.value
            await save()
            self?.running -= 1
            if let application { g_application_release(application) }
        }
    }
}
