// Typed Swift for spin buttons: the value, its range, the text typed committed, Enter in the field.

import CGtk

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// This spin button's value.
    @MainActor public var spinValue: Double {
        get { gtk_spin_button_get_value(OpaquePointer(self)) }
        nonmutating set { gtk_spin_button_set_value(OpaquePointer(self), newValue) }
    }

    /// The values this spin button allows; typed values beyond are clamped.
    @MainActor public func setSpinRange(_ lowest: Double, _ highest: Double) {
        gtk_spin_button_set_range(OpaquePointer(self), lowest, highest)
    }

    /// Takes the text typed so far as this spin button's value (it otherwise waits for Enter or the focus leaving).
    @MainActor public func commitTypedValue() { gtk_spin_button_update(OpaquePointer(self)) }

    /// Runs `activated` when Enter is pressed in this spin button's field (GTK 4.8's spin button has
    /// no activate signal of its own; its text delegate has).
    @MainActor public func whenEntered(_ activated: @escaping @MainActor () -> Void) {
        guard let text = gtk_editable_get_delegate(OpaquePointer(self)) else { return }
        Signal.connect(text.raw, "activate", activated)
    }
}
