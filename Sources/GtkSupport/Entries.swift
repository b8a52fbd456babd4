// Typed Swift for one-line text entries: made with a text, Enter answering the dialog they are in, the text read back.

import CGtk

extension Widgets {
    /// An entry holding `text`; Enter in it activates its window's default button (a dialog's answer).
    public static func entry(_ text: String) -> UnsafeMutablePointer<GtkWidget> {
        let entry = gtk_entry_new()!
        gtk_entry_set_activates_default(entry.raw.assumingMemoryBound(to: GtkEntry.self), 1)
        entry.editableText = text
        return entry
    }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// The text of this entry (or of any GtkEditable).
    @MainActor public var editableText: String {
        get { gtk_editable_get_text(OpaquePointer(self)).map { String(cString: $0) } ?? "" }
        nonmutating set { gtk_editable_set_text(OpaquePointer(self), newValue) }
    }
}
