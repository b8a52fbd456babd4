// Typed Swift for what shows work going on: progress bars and spinners.

import CGtk

extension Widgets {
    public static func progressBar() -> UnsafeMutablePointer<GtkWidget> { gtk_progress_bar_new()! }
    public static func spinner() -> UnsafeMutablePointer<GtkWidget> { gtk_spinner_new()! }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// How much of this progress bar is filled, 0…1.
    @MainActor public var progressFraction: Double {
        get { gtk_progress_bar_get_fraction(OpaquePointer(self)) }
        nonmutating set { gtk_progress_bar_set_fraction(OpaquePointer(self), newValue) }
    }

    /// Whether this spinner turns (a hidden one may stop).
    @MainActor public var isSpinning: Bool {
        get { gtk_spinner_get_spinning(cgtk_spinner(raw)) != 0 }
        nonmutating set { gtk_spinner_set_spinning(cgtk_spinner(raw), newValue ? 1 : 0) }
    }
}
