// The application outlives its windows while the clipboard holds its copy, until another takes the clipboard or time runs out.

import CGtk
import Foundation
import GtkSupport

/// Holds the application (`g_application_hold`) from a copy on, so that a copy stays pasteable
/// after the last window closed (Copy and Close). Let go when another application takes the
/// clipboard or `lifetime` passes; with no window left the application then ends.
@MainActor
final class ClipboardKeeper {
    static let shared = ClipboardKeeper()

    /// How long a copy keeps the application at most, in seconds: ten minutes, time enough to paste
    /// it; `CROP_EDITOR_CLIPBOARD_SECONDS` sets it for a run (the tests make it short).
    static let lifetime: UInt32 = {
        let set = ProcessInfo.processInfo.environment["CROP_EDITOR_CLIPBOARD_SECONDS"].flatMap(UInt32.init)
        return set ?? 600
    }()

    private var held: (application: UnsafeMutablePointer<GApplication>, clipboard: OpaquePointer, handler: UInt)?
    /// Each copy's own timer: an older copy's end does not let a newer one go.
    private var generation = 0

    /// Whether the application is being kept for a copy.
    var isHolding: Bool { held != nil }

    /// Keeps `application` while `clipboard` holds the copy just put there.
    func keep(_ clipboard: OpaquePointer, for application: UnsafeMutablePointer<GApplication>) {
        if held == nil {
            application.hold()
            let handler = Clipboard.whenChanged(clipboard) { [weak self] in
                // Our own next copy changes it too, and stays local.
                if !Clipboard.isLocal(clipboard) { self?.release() }
            }
            held = (application, clipboard, handler)
        }
        generation += 1
        let mine = generation
        Timer.once(milliseconds: ClipboardKeeper.lifetime * 1000) { [weak self] in
            if self?.generation == mine { self?.release() }
        }
    }

    private func release() {
        guard let held else { return }
        self.held = nil
        Signal.disconnect(UnsafeMutableRawPointer(held.clipboard), held.handler)
        held.application.release()
    }
}
