// One editor window: header, canvas and previews, the empty state, opening files (decoded off the main thread), toasts.

import CGtk
import Canvas
import CropKit
import Foundation
import GtkSupport
import ImagingCore

@MainActor
final class EditorWindow {
    nonisolated static let state = InstanceState<EditorWindow>(key: "crop-editor-window")
    /// The demo opens on a crop 10 % in from every side; files open with the whole image selected.
    static let demoCrop = CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8)

    let window: UnsafeMutablePointer<GtkWidget>
    let canvas = CropCanvas()
    /// The header bar: its controls, their priorities and the main menu's overflow section.
    let header: HeaderController
    /// The crop's size and the zoom over the picture's corners.
    let status = PictureStatus()
    /// Which load is the newest, whether one runs, the Open dialog and the indicator over the picture.
    let loading = LoadingController()
    /// The save queue, the last result and the dialogs saving and closing ask with.
    let saving = SavingController()
    /// Apply to All's question, its batch and its progress bar.
    let applyToAll = ApplyToAllController()
    let toasts: UnsafeMutablePointer<GtkWidget>
    /// The folder browsed (Page Down / Page Up), each photo's edits and the pictures prepared ahead.
    let browsing = PhotoBrowsing()
    /// The editor and the empty state ("drop an image here"), one shown at a time.
    let pages = PageSwitcher()
    /// The side panel with previews of the crop at several sizes.
    let previews = PreviewPanel()
    /// Straighten mode's bar: the angle entry, the ruler and Level.
    let straightenBar = StraightenBar()
    /// Suggest's and Trim Borders' work in progress.
    let finders = CropFinders()
    /// The custom-ratio dialog while it is open (tests answer it).
    var customRatioDialog: UnsafeMutablePointer<GtkWidget>?
    /// True once GTK destroyed the window: what finishes later shows nothing.
    private(set) var isClosed = false
    /// Where this window's events go (`EditorWindow.observe`), if anywhere.
    private(set) var report: ((WindowEvent) -> Void)?

    init(application: UnsafeMutablePointer<AdwApplication>) {
        window = adw_application_window_new(cgtk_application(application.raw))
        gtk_window_set_default_size(window.asWindow, 900, 760)
        AppSettings.restore(window.asWindow)
        toasts = adw_toast_overlay_new()
        let box = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 0)
        header = HeaderController(in: box, cropStatus: status.cropStatus)
        EditorWindow.state.attach(self, to: window.raw)
        header.whenPixelsApplied { [weak self] in self?.applyPixelEntries() }
        header.outputSize.screen = { [weak self] in self?.screenSize() }
        buildContent(in: box)
        installActions()
        followClipboard()
        connectStraightenBar()
        installDropTarget()
        DragOut.install(on: previews.areas[0], for: self)
        // Built once the first frame is drawn: 30–45 ms that no one needs before pressing Ctrl+?.
        Timer.whenIdle { [weak self] in
            guard let self, !self.isClosed else { return }
            ShortcutsWindow.attach(to: self.window)
        }
        canvas.onEvent = { [weak self] event in self?.canvasReported(event) }
        // A neighbour decoded ahead is drawn for the canvas too: Page Down's first frame then only copies.
        browsing.prefetcher.onPrepared = { [weak self] path, image in
            guard let self, self.browsing.session?.current != path else { return }
            self.canvas.prepare(image)
        }
        if let remembered = EditorWindow.aspectRatio(target: AppSettings.aspectRatio), !remembered.isFree {
            chooseAspectRatio(remembered)
        }
        refresh(.work)
        report = EditorWindow.observe?(self)
        // Late results (a load, a save, a kept crop) of a closed window have nowhere to go.
        Signal.connect(window.raw, "destroy") { [weak self] in
            self?.isClosed = true
            self?.loading.supersede()
            // An Apply to All still saving stops (its workers remove their temporary files); decodes ahead are dropped.
            self?.applyToAll.batch?.cancel()
            self?.browsing.prefetcher.dropAll()
        }
        Signal.connectReturningBool(window.raw, "close-request") { [weak self] in
            guard let self else { return false }
            AppSettings.remember(self.window.asWindow)
            return self.askBeforeClosing()  // false lets the window close
        }
    }

    /// The canvas under its overlays, the previews beside it and the straighten bar under both, in
    /// `box` under the header.
    private func buildContent(in box: UnsafeMutablePointer<GtkWidget>) {
        let overlay = gtk_overlay_new()!
        overlay.setOverlayChild(canvas.widget)
        overlay.addOverlay(loading.indicator)
        overlay.addOverlay(status.zoomIndicator)
        overlay.addOverlay(status.cropStatus)
        overlay.addOverlay(applyToAll.status.widget)
        pages.add(overlay, name: "editor")
        let empty = EmptyState.make()
        loading.paste.emptyPageButton = empty.paste
        pages.add(empty.page, name: "empty")
        adw_toast_overlay_set_child(cgtk_adw_toast_overlay(toasts.raw), pages.widget)

        let body = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 0)
        toasts.expandsHorizontally = true
        body.append(toasts)
        body.append(previews.widget)
        box.append(body)
        straightenBar.place(in: box)
        adw_application_window_set_content(cgtk_adw_application_window(window.raw), box)
    }

    static func primaryMenu() -> UnsafeMutablePointer<GMenuModel> {
        let guides = EditorWindow.guidesMenu(), zoom = EditorWindow.zoomMenu()
        defer { g_object_unref(guides.raw); g_object_unref(zoom.raw) }
        return Menu.sectioned([
            [
                .action(tr("_Open…"), WindowAction.open.detailed), .action(tr("_Keep Crop"), WindowAction.keepCrop.detailed),
                .action(tr("_Save"), WindowAction.save.detailed), .action(tr("Save _As…"), WindowAction.saveAs.detailed),
                .action(tr("Apply _to All…"), WindowAction.applyToAll.detailed),
                .action(tr("_Reset Crop"), WindowAction.reset.detailed),
                .action(tr("_Trim Borders"), WindowAction.trim.detailed),
                .action(tr("Rotate _Left"), WindowAction.rotateLeft.detailed),
                .action(tr("Rotate R_ight"), WindowAction.rotateRight.detailed),
                .action(tr("Flip _Horizontally"), WindowAction.flipHorizontal.detailed),
                .action(tr("Flip _Vertically"), WindowAction.flipVertical.detailed),
                .action(tr("_Close Image"), WindowAction.closeImage.detailed),
                .submenu(tr("_Guides"), guides), .submenu(tr("_Zoom"), zoom),
            ],
            [
                .action(tr("_Keyboard Shortcuts"), WindowAction.showHelpOverlay.detailed),
                .action(tr("_About Crop Editor"), AppAction.about.detailed),
            ],
        ])
    }

    /// Files dropped from Files open as if opened; picture data dropped from a browser (no file)
    /// opens as Paste's does.
    private func installDropTarget() {
        let formats = Clipboard.formats(mimeTypes: PasteController.imageMimeTypes, files: true)
        let target = gtk_drop_target_async_new(formats, GDK_ACTION_COPY)!
        Signal.connectAsyncDrop(UnsafeMutableRawPointer(target)) { [weak self] drop in
            self?.dropped(drop) ?? false
        }
        window.addController(UnsafeMutableRawPointer(target))
    }

    /// Dismisses the picture (the demo too): the empty state invites opening or dropping one.
    func closeImage() {
        canvas.clearImage()
        header.title.setWindowTitle(tr("Crop Editor"))
        header.title.setWindowSubtitle(nil)
        gtk_window_set_title(window.asWindow, tr("Crop Editor"))
        status.showSize(nil)
        header.losslessButton.isVisible = false
        pages.show("empty")
        refresh(.work)
    }

    /// Whether the empty state is showing.
    var isEmpty: Bool {
        pages.visibleName == "empty"
    }

    func present() { window.asWindow.present() }

    /// Shows the built-in Coastline picture at its starting crop (`demoCrop`).
    func showDemo() { show(DemoPicture.make(), crop: EditorWindow.demoCrop) }

    /// Shows `image` at `crop` straightened by `angle`, or as `editor` left it (a photo of the folder shown before).
    func show(_ image: LoadedImage, crop: CropRect, angle: StraightenAngle = .zero, editor: CropEditor? = nil) {
        pages.show("editor")
        canvas.setImage(image, crop: crop, angle: angle, editor: editor)
        header.title.setWindowTitle(image.title)
        gtk_window_set_title(window.asWindow, image.title)
        canvas.widget.grabFocus()
    }

    /// Opens `path` in this window, decoding off the main thread; on failure the current image stays.
    /// Its folder becomes the one Page Down and Page Up browse.
    /// `decoding`: the application's decode of this file begun at launch, which the window waits for.
    func open(path: String, decoding launched: LaunchPicture.Handover? = nil) {
        // Opened by hand: what is on disk now, not a picture prepared earlier.
        browsing.prefetcher.drop(path)
        if let launched { browsing.prefetcher.adopt(path, launched) }
        load(path, browsing: false)
    }

    /// Shows `path`: at once when its picture was prepared ahead, else decoded off the main thread
    /// under the loading indicator. `browsing`: a photo of the folder, reached by Page Down or Up.
    func load(_ path: String, browsing isBrowsing: Bool) {
        guard !isClosed else { return }
        let generation = loading.supersede()
        if let prepared = browsing.prefetcher.prepared(path) {
            loading.isLoading = false
            loaded(prepared, path: path, browsing: isBrowsing)
            return
        }
        loading.isLoading = true
        // Over whatever the window shows (the previous picture, or the editor's empty canvas
        // instead of the "No Image" page).
        pages.show("editor")
        loading.show(URL(fileURLWithPath: path).lastPathComponent)
        Task { @MainActor [weak self] in
            guard let result = await self?.browsing.prefetcher.load(path) else { return }
            guard let self, generation == self.loading.generation, !self.isClosed else { return }
            self.loading.isLoading = false
            self.loaded(result, path: path, browsing: isBrowsing)
        }
    }

    /// Whether a load is running.
    var isLoading: Bool { loading.isLoading }

    /// Takes the loading indicator away; with no picture to return to, the window is empty again.
    func endLoading() {
        loading.hide()
        if canvas.image == nil { pages.show("empty") }
    }

    func showError(_ message: String) {
        report?(.error(message))
        showToast(message)
    }

    /// A passing message; with `button`, the toast offers that action (e.g. open the result).
    func showToast(_ message: String, button: (label: String, action: String)? = nil) {
        guard !isClosed else { return }
        report?(.toast(message, action: button?.action))
        let escaped = g_markup_escape_text(message, -1)!
        defer { g_free(escaped) }
        let toast = adw_toast_new(escaped)!
        adw_toast_set_timeout(toast, 6)
        if let button {
            adw_toast_set_button_label(toast, button.label)
            // Detailed: "win.aspect-ratio::1:1" carries its target (a plain action name would not).
            adw_toast_set_detailed_action_name(toast, button.action)
        }
        adw_toast_overlay_add_toast(cgtk_adw_toast_overlay(toasts.raw), toast)
    }

    func showOpenDialog() {
        // One chooser at a time: a second would replace the first's reference.
        guard loading.openDialog == nil else { return }
        loading.openDialog = FileChooser.present(
            title: tr("Open Image"), over: window, action: GTK_FILE_CHOOSER_ACTION_OPEN,
            accept: tr("_Open"),
            configure: { chooser in
                // The formats the imaging module opens; a folder's session browses the same.
                FileChooser.addFilter(to: chooser, name: tr("Images"), mimeTypes: PhotoFolder.mimeTypes)
            },
            answered: { [weak self] path in
                guard let self else { return }
                self.loading.openDialog = nil
                if let path { self.open(path: path) }
            })
    }
}
