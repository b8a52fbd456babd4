// The application: an AdwApplication that opens the demo on activation and files handed to it (command line, file manager).

import CGtk
import GtkSupport

@MainActor
public final class CropEditorApplication {
    public static let applicationID = "io.github.cropeditor.CropEditor"

    public let application: UnsafeMutablePointer<AdwApplication>

    /// `unique: false` lets tests run an in-process instance beside real ones on the same bus.
    public init(unique: Bool = true) {
        let flags = unique ? G_APPLICATION_HANDLES_OPEN
                           : GApplicationFlags(G_APPLICATION_HANDLES_OPEN.rawValue | G_APPLICATION_NON_UNIQUE.rawValue)
        application = adw_application_new(CropEditorApplication.applicationID, flags)
        let app = application.raw
        Signal.connect(app, "activate") { [weak self] in self?.activate() }
        Signal.connectOpen(app) { [weak self] files in self?.open(files: files) }
        Signal.connect(app, "startup") { [weak self] in self?.startup() }
    }

    /// Runs the main loop with the process's arguments; returns the exit status.
    public func run(_ arguments: [String]) -> Int32 {
        MainQueueBridge.install()
        var cStrings = arguments.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        return cStrings.withUnsafeMutableBufferPointer { buffer in
            g_application_run(cgtk_gapplication(application.raw), Int32(buffer.count), buffer.baseAddress)
        }
    }

    private func startup() {
        let app = cgtk_application(application.raw)
        for shortcut in ShortcutsWindow.windowShortcuts { setAccels(app, shortcut.action, shortcut.accels) }
    }

    private func setAccels(_ app: UnsafeMutablePointer<GtkApplication>?, _ action: String, _ accels: [String]) {
        let cStrings: [UnsafeMutablePointer<CChar>?] = accels.map { strdup($0) } + [nil]
        defer { cStrings.forEach { free($0) } }
        cStrings.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_application_set_accels_for_action(app, action, $0)
            }
        }
    }

    /// The window the user is working in, or nil before the first one.
    var activeWindow: EditorWindow? {
        guard let window = gtk_application_get_active_window(cgtk_application(application.raw)) else { return nil }
        return EditorWindow.state.get(window.raw)
    }

    /// Activation without files: show the demo in a new window (or raise the existing one).
    func activate() {
        if let window = activeWindow { window.present(); return }
        let window = EditorWindow(application: application)
        window.showDemo()
        window.present()
    }

    /// Files to open: the first replaces the image in the active window (or a new one).
    func open(files: [OpaquePointer]) {
        guard let file = files.first, let path = g_file_get_path(file) else { activate(); return }
        defer { g_free(path) }
        let window: EditorWindow
        if let active = activeWindow {
            window = active
        } else {
            window = EditorWindow(application: application)
            window.showDemo()
        }
        window.present()
        window.open(path: String(cString: path))
    }
}
