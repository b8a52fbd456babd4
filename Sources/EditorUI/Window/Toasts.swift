// What a window tells the person in passing: toasts over the picture, each also told to whoever watches the window.

import CGtk
import GtkSupport

/// The toasts over the window's content, and the watcher the tests inject (`EditorWindow.observe`),
/// which hears every toast and error, and the window's other events.
@MainActor
final class Toasts {
    /// How long a toast stays, in seconds.
    static let seconds: UInt32 = 6

    let overlay = ToastOverlay()
    /// Where the window's events go, if anywhere.
    var observer: ((WindowEvent) -> Void)?

    /// Shows `message`, with a button activating an action when given.
    func show(_ message: String, button: ToastButton?) {
        observer?(.toast(message, action: button?.action))
        overlay.show(message, seconds: Toasts.seconds, button: button.map { ($0.label, $0.action) })
    }
}
