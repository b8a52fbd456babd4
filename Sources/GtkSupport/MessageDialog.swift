// libadwaita's message dialog over a window in one call: heading, body, an extra child, its responses and the one answer.

import CGtk

/// One button of a message dialog: its response id, its label and how it looks.
public struct DialogResponse {
    public let id: String
    public let label: String
    public var appearance = ADW_RESPONSE_DEFAULT

    public init(id: String, label: String, appearance: AdwResponseAppearance = ADW_RESPONSE_DEFAULT) {
        self.id = id
        self.label = label
        self.appearance = appearance
    }
}

@MainActor
public enum MessageDialog {
    /// Presents an AdwMessageDialog over `window`: `responses` in order, `defaultResponse` for Enter,
    /// `closeResponse` for Escape; `answered` gets the chosen id once. Returns the dialog (it destroys
    /// itself once answered).
    @discardableResult
    public static func present(
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
        return present(dialog, defaultResponse: defaultResponse, closeResponse: closeResponse, answered: answered)
    }

    /// Presents `dialog`, an AdwMessageDialog whose responses are already there (a .ui file's),
    /// as `present(over:…)` does; `over` makes it transient for a window.
    @discardableResult
    public static func present(
        _ dialog: UnsafeMutablePointer<GtkWidget>, over window: UnsafeMutablePointer<GtkWidget>? = nil,
        defaultResponse: String, closeResponse: String = "cancel", answered: @escaping @MainActor (String) -> Void
    ) -> UnsafeMutablePointer<GtkWidget> {
        let message = dialog.raw.assumingMemoryBound(to: AdwMessageDialog.self)
        if let window { dialog.asWindow.setTransient(for: window.asWindow) }
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
