// A libadwaita message dialog over a window in one call: heading, body, an extra child, its responses and the one answer.

import CGtk
import GtkSupport

@MainActor
enum MessageDialog {
    /// Presents an AdwMessageDialog over `window`: `responses` in order, `defaultResponse` for Enter,
    /// `closeResponse` for Escape; `answered` gets the chosen id once. Returns the dialog (it destroys
    /// itself once answered).
    @discardableResult
    static func present(
        over window: UnsafeMutablePointer<GtkWidget>, heading: String, body: String,
        extra: UnsafeMutablePointer<GtkWidget>? = nil, responses: [DialogResponse], defaultResponse: String,
        closeResponse: String = "cancel", answered: @escaping @MainActor (String) -> Void
    ) -> UnsafeMutablePointer<GtkWidget> {
        let dialog = adw_message_dialog_new(window.asWindow, heading, body)!
        let message = dialog.raw.assumingMemoryBound(to: AdwMessageDialog.self)
        if let extra { adw_message_dialog_set_extra_child(message, extra) }
        for response in responses {
            adw_message_dialog_add_response(message, response.id, response.label)
            adw_message_dialog_set_response_appearance(message, response.id, response.appearance)
        }
        adw_message_dialog_set_default_response(message, defaultResponse)
        adw_message_dialog_set_close_response(message, closeResponse)
        Signal.connectPointer(dialog.raw, "response") { response in
            guard let response else { return }
            answered(String(cString: response.assumingMemoryBound(to: CChar.self)))
        }
        dialog.asWindow.present()
        return dialog
    }
}
