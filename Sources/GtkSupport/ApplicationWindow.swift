// Typed Swift for libadwaita's application window: made for an application, its content, its shortcuts window.

import CGtk

extension Widgets {
    /// A new `AdwApplicationWindow` of `application`.
    public static func applicationWindow(_ application: UnsafeMutablePointer<AdwApplication>) -> UnsafeMutablePointer<GtkWidget> {
        adw_application_window_new(application.asGtkApplication)
    }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// This application window's content (libadwaita's windows have no title bar of their own).
    @MainActor public func setWindowContent(_ content: UnsafeMutablePointer<GtkWidget>) {
        adw_application_window_set_content(cgtk_adw_application_window(raw), content)
    }

    /// The shortcuts window (a GtkShortcutsWindow) this application window shows on Ctrl+?.
    @MainActor public func setHelpOverlay(_ shortcuts: UnsafeMutableRawPointer) {
        gtk_application_window_set_help_overlay(raw.assumingMemoryBound(to: GtkApplicationWindow.self), OpaquePointer(shortcuts))
    }

    /// This header bar's centre.
    @MainActor public func setHeaderTitleWidget(_ widget: UnsafeMutablePointer<GtkWidget>) {
        adw_header_bar_set_title_widget(cgtk_adw_header_bar(raw), widget)
    }
}

extension Widgets {
    /// An `AdwWindowTitle`: a title and, under it, a subtitle (nil: none).
    public static func windowTitle(_ title: String, subtitle: String? = nil) -> UnsafeMutablePointer<GtkWidget> {
        adw_window_title_new(title, subtitle)
    }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// This `AdwWindowTitle`'s subtitle, nil when empty.
    @MainActor public var windowSubtitle: String? {
        guard let subtitle = adw_window_title_get_subtitle(OpaquePointer(self)) else { return nil }
        let text = String(cString: subtitle)
        return text.isEmpty ? nil : text
    }
}
