// The application: an AdwApplication that opens the demo on activation and files handed to it (command line, file manager).

import CGtk
import Decoding
import Foundation
import GtkSupport
import ImagingCore
import LaunchTrace

@MainActor
public final class CropEditorApplication {
    public static let applicationID = "io.github.cropeditor.CropEditor"

    public let application: UnsafeMutablePointer<AdwApplication>

    /// `unique: false` lets tests run an in-process instance beside real ones on the same bus.
    public init(unique: Bool = true) {
        let flags =
            unique
            ? G_APPLICATION_HANDLES_OPEN
            : GApplicationFlags(G_APPLICATION_HANDLES_OPEN.rawValue | G_APPLICATION_NON_UNIQUE.rawValue)
        application = adw_application_new(CropEditorApplication.applicationID, flags)
        let app = application.raw
        Signal.connect(app, "activate") { [weak self] in self?.activate() }
        Signal.connectOpen(app) { [weak self] files in self?.open(files: files) }
        Signal.connect(app, "startup") { [weak self] in self?.startup() }
        // Files left for drags out of a window: the receivers have copied them by now.
        Signal.connect(app, "shutdown") { DragOut.removeFiles() }
    }

    /// `--paste` was given: activation opens the clipboard's image instead of the demo.
    private var pasteAtStart = false
    /// The file named at launch, decoded while the window is built.
    private let launchPicture = LaunchPicture()

    /// Runs the main loop with the process's arguments; returns the exit status.
    public func run(_ arguments: [String]) -> Int32 {
        MallocPolicy.apply()
        MainQueueBridge.install()
        // Before anything starts GTK (registering below does, for `--paste`).
        RendererChoice.apply()
        Localization.start()
        var arguments = arguments
        if let paste = arguments.firstIndex(of: "--paste") {
            arguments.remove(at: paste)
            pasteAtStart = true
            // A second launch: the running instance opens the window (its action, over D-Bus).
            let app = cgtk_gapplication(application.raw)
            if g_application_register(app, nil, nil) != 0, g_application_get_is_remote(app) != 0 {
                g_action_group_activate_action(OpaquePointer(app), AppAction.pasteImage.name, nil)
                g_dbus_connection_flush_sync(g_application_get_dbus_connection(app), nil, nil)
                return 0
            }
        }
        // The decoder's process starts now, beside GTK's own start-up rather than after it (a second
        // launch that hands its files to the running instance only leaves it to end with this process).
        DecoderPool.shared.startAhead()
        launchPicture.note(arguments)
        var cStrings = arguments.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        return cStrings.withUnsafeMutableBufferPointer { buffer in
            g_application_run(cgtk_gapplication(application.raw), Int32(buffer.count), buffer.baseAddress)
        }
    }

    private func startup() {
        LaunchTrace.mark("GTK and libadwaita started")
        // Only the instance that shows the window gets here (a second launch hands its files over).
        launchPicture.start()
        // The first decoding process starts now, not when the first picture is opened, and says
        // once which confinement this kernel gave it.
        Thread.detachNewThread {
            let summary = DecoderPool.shared.confinement()?.summary ?? "the decoding program could not start"
            LaunchTrace.mark("decoder ready")
            FileHandle.standardError.write(Data("crop-editor: \(summary)\n".utf8))
            // Each photo gets a process of its own: the next one is started while this one works.
            DecoderPool.shared.sparesAhead = 1
        }
        let app = cgtk_application(application.raw)
        for shortcut in ShortcutsWindow.windowShortcuts { setAccels(app, shortcut.action, shortcut.accels) }
        for entry in CropEditorApplication.actions { entry.install(on: application.raw, for: self, settings: nil) }
        LaunchTrace.mark("application set up")
    }

    /// What each of the application's own actions does (the window's are in `EditorWindow.entry(_:)`).
    static func entry(_ action: AppAction) -> ActionEntry<CropEditorApplication, AppAction> {
        switch action {
        case .quit:
            return ActionEntry(
                action: action, kind: .plain { $0.quit() }, accels: ["<Control>q"], title: N_("Quit"), group: .file)
        case .about:
            return ActionEntry(
                action: action,
                kind: .plain { AboutWindow.present(over: $0.activeWindow.map { cgtk_window($0.window.raw) }) })
        case .pasteImage: return ActionEntry(action: action, kind: .plain { $0.openPasted() })
        }
    }

    /// Every application action's entry, in the shortcuts window's order.
    static let actions = AppAction.allCases.map { entry($0) }

    /// Closes every window as its close button would, so each asks about unsaved crops first; the
    /// application ends with its last window.
    func quit() {
        var windows: [UnsafeMutablePointer<GtkWindow>] = []
        var list = gtk_application_get_windows(cgtk_application(application.raw))
        while let node = list {
            if let data = node.pointee.data { windows.append(data.assumingMemoryBound(to: GtkWindow.self)) }
            list = node.pointee.next
        }
        for window in windows { gtk_window_close(window) }
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
        if pasteAtStart {
            pasteAtStart = false
            return openPasted()
        }
        if let window = activeWindow { window.present(); return }
        let window = EditorWindow(application: application)
        window.showDemo()
        window.present()
    }

    /// `crop-editor --paste` (here, or forwarded from a second launch): a new window on the clipboard's image.
    func openPasted() {
        let window = EditorWindow(application: application)
        window.closeImage()
        window.present()
        window.pasteWhenKnown()
    }

    /// Files handed to the application (command line, the file manager's Open With, a second
    /// launch forwarded to this instance): each opens in a new window of this one process.
    func open(files: [OpaquePointer]) {
        var opened = false
        for file in files {
            guard let path = g_file_get_path(file) else { continue }
            defer { g_free(path) }
            let window = EditorWindow(application: application)
            LaunchTrace.mark("window built")
            window.closeImage()
            // Opened before it is shown: a picture decoded at launch is then in the window's first frame.
            let file = String(cString: path)
            window.open(path: file, decoding: launchPicture.take(file))
            window.present()
            opened = true
        }
        if !opened { activate() }
    }
}
