// libadwaita's style manager from Swift: whether the desktop asks for high contrast, and a closure run when that changes.

import CGtk

@MainActor
public enum StyleManager {
    /// Whether the desktop asks for high contrast.
    public static var highContrast: Bool { adw_style_manager_get_high_contrast(adw_style_manager_get_default()) != 0 }

    /// Runs `body` each time high contrast is switched on or off, until `widget` is destroyed: the
    /// style manager lives as long as the process, so a handler left behind would keep its closure
    /// (and what it holds) for as long.
    public static func onHighContrastChange(
        until widget: UnsafeMutablePointer<GtkWidget>, _ body: @escaping @MainActor () -> Void
    ) {
        let manager = adw_style_manager_get_default()!
        let handler = Signal.connectPointer(manager.raw, "notify::high-contrast") { _ in body() }
        Signal.connect(widget.raw, "destroy") { g_signal_handler_disconnect(manager.raw, gulong(handler)) }
    }
}
