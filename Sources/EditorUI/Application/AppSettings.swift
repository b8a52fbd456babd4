// Remembered settings (GSettings), when the schema is installed or compiled beside the build; absent, nothing is remembered.

import CGtk
import CropKit
import Glibc
import GtkSupport

@MainActor
enum AppSettings {
    static let schemaID = CropEditorApplication.applicationID
    /// Keys that window actions stand for (`g_settings_create_action` names the action after its key).
    static let previewPanelKey = "show-previews", guidesKey = "guides", guidesWhileDraggingKey = "guides-while-dragging"

    /// The settings object, or nil when the schema is not installed: g_settings_new would abort
    /// the process for a missing schema, so look it up first (running from a bare build tree).
    static let shared: UnsafeMutablePointer<GSettings>? = {
        guard let source = g_settings_schema_source_get_default(),
            let schema = g_settings_schema_source_lookup(source, schemaID, 1)
        else { return nil }
        g_settings_schema_unref(schema)
        return g_settings_new(schemaID)
    }()

    /// Sizes the window as it was last closed.
    static func restore(_ window: UnsafeMutablePointer<GtkWindow>) {
        guard let settings = shared else { return }
        gtk_window_set_default_size(
            window, g_settings_get_int(settings, "window-width"),
            g_settings_get_int(settings, "window-height"))
        if g_settings_get_boolean(settings, "window-maximized") != 0 { gtk_window_maximize(window) }
    }

    /// The size the next window opens at, in application pixels; nil when it opens maximized or no
    /// schema remembers one.
    static var restoredSize: (width: Int, height: Int)? {
        guard let settings = shared, g_settings_get_boolean(settings, "window-maximized") == 0 else { return nil }
        return (Int(g_settings_get_int(settings, "window-width")), Int(g_settings_get_int(settings, "window-height")))
    }

    /// Remembers the window's size (its unmaximized size when maximized).
    static func remember(_ window: UnsafeMutablePointer<GtkWindow>) {
        guard let settings = shared else { return }
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(window, &width, &height)
        if width > 0 { g_settings_set_int(settings, "window-width", width) }
        if height > 0 { g_settings_set_int(settings, "window-height", height) }
        g_settings_set_boolean(settings, "window-maximized", gtk_window_is_maximized(window))
    }

    /// The guide style and when it shows; the defaults, thirds and always, without a schema. The
    /// window's `guides` and `guides-while-dragging` actions write them.
    static var guides: (style: GuideStyle, visibility: GuideVisibility) {
        guard let settings = shared else { return (.thirds, .always) }
        let text = g_settings_get_string(settings, guidesKey).map { value -> String in
            defer { g_free(value) }
            return String(cString: value)
        }
        return (
            text.flatMap(GuideStyle.init(rawValue:)) ?? .thirds,
            g_settings_get_boolean(settings, guidesWhileDraggingKey) != 0 ? .whileDragging : .always
        )
    }

    /// The aspect ratio chosen last (as its action target: `free`, `original`, `W:H`).
    static var aspectRatio: String {
        get {
            guard let settings = shared, let value = g_settings_get_string(settings, "aspect-ratio") else { return "free" }
            defer { g_free(value) }
            return String(cString: value)
        }
        set {
            guard let settings = shared else { return }
            g_settings_set_string(settings, "aspect-ratio", newValue)
        }
    }

    /// Whether the previews panel shows (the window's `show-previews` action writes it).
    static var previewPanel: Bool {
        get { shared.map { g_settings_get_boolean($0, previewPanelKey) != 0 } ?? false }
        set {
            // Only a change: each write tells every window again.
            if let settings = shared, newValue != previewPanel {
                g_settings_set_boolean(settings, previewPanelKey, newValue ? 1 : 0)
            }
        }
    }

    /// The output sizes typed in the window, newest first (as `OutputSize.storedText`).
    static var customOutputSizes: [String] {
        get {
            guard let settings = shared, let values = g_settings_get_strv(settings, "custom-output-sizes") else { return [] }
            defer { g_strfreev(values) }
            var texts: [String] = []
            var index = 0
            while let value = values[index] {
                texts.append(String(cString: value))
                index += 1
            }
            return texts
        }
        set {
            guard let settings = shared else { return }
            var pointers = newValue.map { strdup($0) } + [nil]
            defer { pointers.forEach { free($0) } }
            pointers.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                    _ = g_settings_set_strv(settings, "custom-output-sizes", $0)
                }
            }
        }
    }
}
