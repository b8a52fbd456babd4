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
            let app = application.asApplication
            if app.register(), app.isRemote {
                app.activateRemotely(AppAction.pasteImage.name)
                return 0
            }
        }
        // The decoder's process starts now, beside GTK's own start-up rather than after it (a second
        // launch that hands its files to the running instance only leaves it to end with this process).
        DecoderPool.shared.startAhead()
        StopSignals.install(cgtk_gapplication(application.raw))
        launchPicture.note(arguments)
        return application.asApplication.run(arguments)
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
        for shortcut in ShortcutsWindow.windowShortcuts {
            application.asGtkApplication.setAccels(shortcut.accels, for: shortcut.action)
        }
        for entry in CropEditorApplication.actions { entry.install(on: ActionMap(application.raw), for: self, settings: nil) }
        LaunchTrace.mark("application set up")
    }

    /// What each of the application's own actions does (the window's are in `WindowAction.entry`).
    static func entry(_ action: AppAction) -> ActionEntry<CropEditorApplication, AppAction> {
        switch action {
        case .quit:
            return ActionEntry(
                action: action, kind: .plain { $0.quit() }, accels: ["<Control>q"], title: N_("Quit"), group: .file)
        case .about:
            return ActionEntry(
                action: action,
                kind: .plain { AboutWindow.present(over: $0.activeWindow?.window.asWindow) })
        case .pasteImage: return ActionEntry(action: action, kind: .plain { $0.openPasted() })
        }
    }

    /// Every application action's entry, in the shortcuts window's order.
    static let actions = AppAction.allCases.map { entry($0) }

    /// Closes every window as its close button would, so each asks about unsaved crops first; the
    /// application ends with its last window.
    func quit() {
        for window in application.asGtkApplication.windows { window.close() }
    }

    /// The window the user is working in, or nil before the first one.
    var activeWindow: EditorWindow? {
        guard let window = application.asGtkApplication.activeWindow else { return nil }
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
        window.copyPaste.pasteWhenKnown()
    }

    /// Files handed to the application (command line, the file manager's Open With, a second
    /// launch forwarded to this instance): each opens in a new window of this one process.
    func open(files: [OpaquePointer]) {
        var opened = false
        for file in files {
            guard let path = Files.path(of: file) else { continue }
            let window = EditorWindow(application: application)
            LaunchTrace.mark("window built")
            window.closeImage()
            // Opened before it is shown: a picture decoded at launch is then in the window's first frame.
            window.open(path: path, decoding: launchPicture.take(path))
            window.present()
            opened = true
        }
        if !opened { activate() }
    }
}
