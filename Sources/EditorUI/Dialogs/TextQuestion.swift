// A question answered by typing one line (a custom ratio, a custom output size): the entry, Cancel and Apply.

import CGtk
import GtkSupport

@MainActor
enum TextQuestion {
    /// Asks over `window` with an entry holding `text` (named `entryLabel` for screen readers);
    /// `answered` gets the typed text after Apply (or Enter). Returns the dialog, which destroys
    /// itself once answered.
    static func ask(
        over window: UnsafeMutablePointer<GtkWidget>, heading: String, body: String, text: String, entryLabel: String,
        answered: @escaping @MainActor (String) -> Void
    ) -> UnsafeMutablePointer<GtkWidget> {
        let entry = Widgets.entry(text)
        entry.setAccessibleLabel(entryLabel)
        return MessageDialog.present(
            over: window, heading: heading, body: body, extra: entry,
            responses: [
                DialogResponse(id: "cancel", label: tr("_Cancel")),
                DialogResponse(id: "apply", label: tr("_Apply"), appearance: ADW_RESPONSE_SUGGESTED),
            ], defaultResponse: "apply"
        ) { response in
            guard response == "apply" else { return }
            answered(entry.editableText)
        }
    }
}
