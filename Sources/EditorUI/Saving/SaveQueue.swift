// The saves of a window, one after another in the background: two saves of one target land in the order asked.

import CGtk
import GtkSupport

/// A window's saves in the order asked, counted while they run or wait, each holding the application so
/// that closing the last window does not cut a save short.
@MainActor
final class SaveQueue {
    /// How many saves are running or waiting their turn.
    private(set) var running = 0
    /// The last save asked for: the next one waits for it.
    private var last: Task<Void, Never>?

    var isSaving: Bool { running > 0 }

    /// Runs `save` once every save asked for before it is done, counting it as running until it ends.
    func enqueue(holding application: UnsafeMutablePointer<GApplication>?, _ save: @escaping @MainActor () async -> Void) {
        running += 1
        application?.hold()
        let previous = last
        last = Task { @MainActor [weak self] in
            await previous?.value
            await save()
            self?.running -= 1
            application?.release()
        }
    }
}
