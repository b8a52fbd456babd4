// Remembered settings (GSettings), when the schema is installed or compiled beside the build; absent, nothing is remembered.

import CGtk
import CropKit
import GtkSupport

@MainActor
enum AppSettings {
    static let schemaID = CropEditorApplication.applicationID
    /// Keys that window actions stand for (`g_settings_create_action` names the action after its key).
    static let previewPanelKey = "show-previews", guidesKey = "guides", guidesWhileDraggingKey = "guides-while-dragging"
    static let showJoinLinesKey = "show-join-lines"

    /// The settings object, or nil when the schema is not installed: g_settings_new would abort
    /// the process for a missing schema, so look it up first (running from a bare build tree).
    static let shared: UnsafeMutablePointer<GSettings>? = Settings.installed(schemaID)

    /// Sizes the window as it was last closed.
    static func restore(_ window: UnsafeMutablePointer<GtkWindow>) {
        guard let settings = shared else { return }
        window.defaultSize = (settings.int("window-width"), settings.int("window-height"))
        if settings.bool("window-maximized") { window.maximize() }
    }

    /// The size the next window opens at, in application pixels; nil when it opens maximized or no
    /// schema remembers one.
    static var restoredSize: (width: Int, height: Int)? {
        guard let settings = shared, !settings.bool("window-maximized") else { return nil }
        return (settings.int("window-width"), settings.int("window-height"))
    }

    /// Remembers the window's size (its unmaximized size when maximized).
    static func remember(_ window: UnsafeMutablePointer<GtkWindow>) {
        guard let settings = shared else { return }
        let (width, height) = window.defaultSize
        if width > 0 { settings.setInt("window-width", width) }
        if height > 0 { settings.setInt("window-height", height) }
        settings.setBool("window-maximized", window.isMaximized)
    }

    /// The guide style and when it shows; the defaults, thirds and always, without a schema. The
    /// window's `guides` and `guides-while-dragging` actions write them.
    static var guides: (style: GuideStyle, visibility: GuideVisibility) {
        guard let settings = shared else { return (.thirds, .always) }
        return (
            GuideStyle(rawValue: settings.string(guidesKey)) ?? .thirds,
            settings.bool(guidesWhileDraggingKey) ? .whileDragging : .always
        )
    }

    /// Whether the lines where cut-out bands were joined show (the window's `show-join-lines` action
    /// writes it); on without a schema.
    static var showJoinLines: Bool { shared?.bool(showJoinLinesKey) ?? true }

    /// The aspect ratio chosen last (as its action target: `free`, `original`, `W:H`).
    static var aspectRatio: String {
        get { shared?.string("aspect-ratio") ?? "free" }
        set { shared?.setString("aspect-ratio", newValue) }
    }

    /// Whether the previews panel shows (the window's `show-previews` action writes it).
    static var previewPanel: Bool {
        get { shared?.bool(previewPanelKey) ?? false }
        set {
            // Only a change: each write tells every window again.
            if let settings = shared, newValue != previewPanel { settings.setBool(previewPanelKey, newValue) }
        }
    }

    /// The output sizes typed in the window, newest first (as `OutputSize.storedText`).
    static var customOutputSizes: [String] {
        get { shared?.strings("custom-output-sizes") ?? [] }
        set { shared?.setStrings("custom-output-sizes", newValue) }
    }

    /// Runs `changed` whenever one of `keys` changes (in any window, or from outside), for as long as
    /// `window` lives; nothing without a schema.
    static func follow(
        _ keys: [String], while window: UnsafeMutablePointer<GtkWidget>, _ changed: @escaping @MainActor () -> Void
    ) {
        for key in keys { shared?.follow(key, while: window, changed) }
    }
}
