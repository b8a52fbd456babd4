// One editor window: its widget tree, the features it holds, their set-up, and the end of its life.

import CGtk
import Canvas
import CropKit
import Foundation
import GtkSupport
import ImagingCore

/// An editor window. It builds its widgets (`WindowLayout`), opens and shows pictures, shows toasts,
/// brings its parts up to date (`refresh(_:)`) and closes; everything else is a feature, one type per
/// concern in its folder, holding its own state and seeing the window as a `WindowHost`. A new
/// feature is a folder, a row of the action table (`WindowAction.entry`) and a field here.
@MainActor
final class EditorWindow {
    nonisolated static let state = InstanceState<EditorWindow>(key: "crop-editor-window")
    /// The demo opens on a crop 10 % in from every side; files open with the whole image selected.
    static let demoCrop = CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8)
    /// Set once by whoever watches windows (the tests): each new window asks it for the function to
    /// tell its events to. Nil in the application, which watches nothing.
    static var observe: ((EditorWindow) -> ((WindowEvent) -> Void)?)?

    let window: UnsafeMutablePointer<GtkWidget>
    let canvas = CropCanvas()
    /// Every widget of the window, built once.
    let layout: WindowLayout
    /// Which load is the newest, whether one runs, the Open dialog and the indicator over the picture.
    let loading = Loading()

    // The features, each made when first used (they see the window, so they come after it).
    /// The folder browsed (Page Down / Page Up), each photo's edits and the pictures decoded ahead.
    private(set) lazy var session = FolderSession(host: self, title: header.title, arrows: header.photoButtons)
    /// Save, Save As, Save and Next, Save All: the save queue and the last result.
    private(set) lazy var saving = Saving(host: self, session: session)
    /// The question before closing with unsaved crops, and whether the window has closed.
    private(set) lazy var closing = Closing(host: self, session: session, saving: saving)
    /// Copy, Copy and Close, Paste, drops and the drag out.
    private(set) lazy var copyPaste = CopyPaste(host: self, session: session, emptyPageButton: layout.pasteButton)
    /// Apply to All: its question, its batch and its progress bar.
    private(set) lazy var applyToAll = ApplyToAll(host: self, session: session, status: layout.batchStatus)
    /// The size the crop is saved at.
    private(set) lazy var outputSizing = OutputSizing(host: self, menu: header.outputSizeMenu)
    /// The aspect ratio: its menu, a custom one, the swap.
    private(set) lazy var ratio = RatioChoice(host: self, outputSizing: outputSizing, button: header.aspectRatioButton)
    /// Straighten mode and its bar.
    private(set) lazy var straightening = Straightening(host: self, bar: layout.straightenBar)
    /// Suggest and Trim Borders.
    private(set) lazy var finding = CropFinding(host: self)
    /// The previews panel.
    private(set) lazy var previews = Previews(host: self, panel: layout.previewPanel)
    /// Move to Trash and its Undo.
    private(set) lazy var trash = Trashing(host: self, session: session)
    /// Set as Background and its Undo.
    private(set) lazy var background = Background(host: self, outputSizing: outputSizing)

    init(application: UnsafeMutablePointer<AdwApplication>) {
        window = Widgets.applicationWindow(application)
        window.asWindow.defaultSize = (900, 760)
        AppSettings.restore(window.asWindow)
        layout = WindowLayout(window: window, canvas: canvas.widget, indicator: loading.indicator)
        EditorWindow.state.attach(self, to: window.raw)
        layout.toasts.observer = EditorWindow.observe?(self)
        WindowAction.install(in: self)
        setUpFeatures()
        // Built once the first frame is drawn: no one needs it before pressing Ctrl+?.
        Timer.whenIdle { [weak self] in
            guard let self, !self.isClosed else { return }
            ShortcutsWindow.attach(to: self.window)
        }
        canvas.onEvent = { [weak self] event in self?.canvasReported(event) }
        if let remembered = RatioChoice.ratio(target: AppSettings.aspectRatio), !remembered.isFree { ratio.choose(remembered) }
        refresh(.work)
        connectLifetime()
    }

    /// What the features follow from the start: the settings, the clipboard, the pixel entries, drops
    /// on the window and drags out of the large preview.
    private func setUpFeatures() {
        Guides.follow(on: canvas, in: window)
        CutOut.follow(on: canvas, in: window)
        previews.followSetting()
        copyPaste.followClipboard()
        copyPaste.acceptDrops()
        DragOut.install(on: layout.previewPanel.areas[0], for: copyPaste)
        header.whenPixelsApplied { [weak self] in self?.pixelEntries.apply() }
        // Made now rather than when first used: the straighten bar and the output size menu call them.
        _ = (straightening, outputSizing)
    }

    /// Late results (a load, a save, a kept crop) of a closed window have nowhere to go; closing with
    /// unsaved crops asks first.
    private func connectLifetime() {
        Signal.connect(window.raw, "destroy") { [weak self] in
            guard let self else { return }
            self.closing.markClosed()
            self.loading.supersede()
            // An Apply to All still saving stops (its workers remove their temporary files); decodes ahead are dropped.
            self.applyToAll.cancel()
            self.session.prefetcher.dropAll()
            WindowAction.removeSettings(from: self)
        }
        Signal.connectReturningBool(window.raw, "close-request") { [weak self] in
            guard let self else { return false }
            AppSettings.remember(self.window.asWindow)
            return self.closing.askBeforeClosing()  // false lets the window close
        }
    }

    func present() { window.asWindow.present() }
}
