// SIGTERM, SIGINT and SIGHUP (a session ending, Ctrl+C in a terminal) end the window without leaving a half-made save behind.

import CGtk
import Glibc
import ImagingCore

/// The window's answer to a stop signal. GLib turns the signal into an event of the main loop
/// (`g_unix_signal_add`), so what runs is ordinary code, not a signal handler: a save being put in
/// place finishes, every other save is undone (`AtomicFile.stopSaves`), and the application quits.
/// Each target keeps either its old contents or the whole new ones, and no temporary is left.
enum StopSignals {
    @MainActor static func install(_ application: UnsafeMutablePointer<GApplication>) {
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            g_unix_signal_add(
                signal,
                { application in
                    AtomicFile.stopSaves()
                    g_application_quit(application?.assumingMemoryBound(to: GApplication.self))
                    return 0  // G_SOURCE_REMOVE
                }, application)
        }
    }
}
