// Typed Swift for a toplevel window's state: its default size, maximized or not, active or not, its parent and its application.

import CGtk

extension UnsafeMutablePointer where Pointee == GtkWindow {
    /// The size it opens at (and, once shown, its unmaximized size), in application pixels.
    @MainActor public var defaultSize: (width: Int, height: Int) {
        get {
            var width: Int32 = 0, height: Int32 = 0
            gtk_window_get_default_size(self, &width, &height)
            return (Int(width), Int(height))
        }
        nonmutating set { gtk_window_set_default_size(self, Int32(newValue.width), Int32(newValue.height)) }
    }

    @MainActor public var isMaximized: Bool { gtk_window_is_maximized(self) != 0 }
    @MainActor public func maximize() { gtk_window_maximize(self) }

    /// Whether it is the window the keyboard's input goes to.
    @MainActor public var isActive: Bool { gtk_window_is_active(self) != 0 }

    /// Kept above `parent` and closed with it (a dialog's parent window).
    @MainActor public func setTransient(for parent: UnsafeMutablePointer<GtkWindow>?) {
        gtk_window_set_transient_for(self, parent)
    }

    /// The application it belongs to, if any.
    @MainActor public var application: UnsafeMutablePointer<GApplication>? {
        gtk_window_get_application(self).flatMap { cgtk_gapplication($0.raw) }
    }

    /// Destroys it at once, without asking (`close()` asks through `close-request`).
    @MainActor public func destroy() { gtk_window_destroy(self) }
}
