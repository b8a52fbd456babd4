// One editor window: header, canvas and previews, the empty state, opening files (decoded off the main thread), toasts.

import CGtk
import CropKit
import Foundation
import GtkSupport
import Imaging

@MainActor
final class EditorWindow {
    nonisolated static let state = InstanceState<EditorWindow>(key: "crop-editor-window")
    /// The demo opens on the seed's crop; files open with the whole image selected.
    static let demoCrop = CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8)

    let window: UnsafeMutablePointer<GtkWidget>
    let canvas = CropCanvas()
    let title: UnsafeMutablePointer<GtkWidget>
    /// The header's editing controls around the title, hidden from the least important as the window narrows.
    let headerRow = PriorityRow(spacing: 6)
    /// The main menu's first section: the header controls that did not fit.
    let overflowMenu: OpaquePointer = g_menu_new()
    /// Save, the header's suggested action, with Save As and Keep Crop in its menu.
    var saveButton: UnsafeMutablePointer<GtkWidget>!
    /// Over the picture's corner: the crop's size (percent, and for a file pixels too) and the
    /// lossless status of a JPEG's crop.
    let cropStatus: UnsafeMutablePointer<GtkWidget>
    let sizeLabel: UnsafeMutablePointer<GtkWidget>
    /// Over the picture while a file loads: the file's name and, after a moment, a spinner.
    let loadingIndicator: UnsafeMutablePointer<GtkWidget>
    let loadingSpinner: UnsafeMutablePointer<GtkWidget>
    let loadingLabel: UnsafeMutablePointer<GtkWidget>
    let toasts: UnsafeMutablePointer<GtkWidget>
    /// Tells whether the crop saves losslessly (JPEG) and offers to snap it onto the block grid.
    var losslessButton: UnsafeMutablePointer<GtkWidget>!
    /// The file the last save wrote, for the toast's Open button.
    var lastSavedPath: String?
    /// How many saves are running or waiting their turn (the window stays usable meanwhile).
    var savesRunning = 0
    var isSaving: Bool { savesRunning > 0 }
    /// The last save asked for: the next one waits for it, so saves land in the order asked.
    var lastSave: Task<Void, Never>?
    /// The folder browsed (Page Down / Page Up), each photo's edits and the pictures prepared ahead.
    let browsing = PhotoBrowsing()
    /// The header's previous and next photo buttons, shown while a folder has more than one photo.
    var photoButtons: [UnsafeMutablePointer<GtkWidget>] = []
    /// Set once the person chose to close with unsaved crops (discarded or all saved).
    var closeConfirmed = false
    /// The question about unsaved crops while it is open (tests answer it).
    var closeDialog: UnsafeMutablePointer<GtkWidget>?
    /// Apply to All's question while it is open, the batch saving, its progress over the picture, and how the last one ended.
    var applyDialog: UnsafeMutablePointer<GtkWidget>?
    var batch: PhotoBatch?
    let batchStatus = BatchStatusBar()
    var lastBatch: BatchSummary?
    /// A smart crop suggestion is being computed.
    var isSuggesting = false
    /// The save-as dialog while it is open.
    var saveDialog: GObjectRef?
    /// Counts loads so that only the newest one's result is shown.
    private(set) var loadGeneration = 0
    /// True once GTK destroyed the window: what finishes later shows nothing.
    private(set) var isClosed = false
    /// Where this window's events go (`EditorWindow.observe`), if anywhere.
    private(set) var report: ((WindowEvent) -> Void)?
    /// The Open dialog while it is open (its only owner).
    private(set) var openDialog: GObjectRef?
    /// The editor and the empty state ("drop an image here"), one shown at a time.
    let pages = PageSwitcher()
    var menuButton: UnsafeMutablePointer<GtkWidget>!
    /// The side panel with previews of the crop at several sizes.
    let previews = PreviewPanel()
    /// Straighten mode's bar: the angle entry, the ruler and Level.
    let straightenBar = StraightenBar()
    /// The custom-ratio dialog while it is open (tests answer it).
    var customRatioDialog: UnsafeMutablePointer<GtkWidget>?
    /// The header button whose popover holds the pixel entries.
    var pixelButton: UnsafeMutablePointer<GtkWidget>!
    /// X, Y, width and height of the crop in pixels (the pixel popover's spin buttons).
    var pixelEntries: [UnsafeMutablePointer<GtkWidget>] = []
    /// The header bar's ratio menu button (its label shows the ratio in force).
    var aspectRatioButton: UnsafeMutablePointer<GtkWidget>!
    /// The zoom percentage over the picture's corner, shown while zoomed.
    private(set) var zoomIndicator: UnsafeMutablePointer<GtkWidget>!
    /// Header buttons the main menu stands in for when they do not fit.
    var undoButton: UnsafeMutablePointer<GtkWidget>!
    var redoButton: UnsafeMutablePointer<GtkWidget>!
    var previewToggle: UnsafeMutablePointer<GtkWidget>!
    var straightenToggle: UnsafeMutablePointer<GtkWidget>!
    var suggestButton: UnsafeMutablePointer<GtkWidget>!
    /// The header bar's own controls, each with an accessible name and a tooltip.
    var headerControls: [UnsafeMutablePointer<GtkWidget>] = []

    init(application: UnsafeMutablePointer<AdwApplication>) {
        window = adw_application_window_new(cgtk_application(application.raw))
        gtk_window_set_default_size(cgtk_window(window.raw), 900, 760)
        AppSettings.restore(cgtk_window(window.raw))
        title = adw_window_title_new(DemoPicture.title, nil)
        (cropStatus, sizeLabel) = EditorWindow.makeCropStatus()
        toasts = adw_toast_overlay_new()
        let loading = EditorWindow.loadingIndicatorParts()
        (loadingIndicator, loadingSpinner, loadingLabel) = (loading.box, loading.spinner, loading.label)
        EditorWindow.state.attach(self, to: window.raw)
        buildContent()
        installActions()
        connectStraightenBar()
        installDropTarget()
        ShortcutsWindow.attach(to: window)
        canvas.onCommit = { [weak self] crop in self?.cropCommitted(crop) }
        canvas.onHistoryChange = { [weak self] in self?.updateActions() }
        canvas.onZoomChange = { [weak self] in self?.updateZoomIndicator() }
        canvas.onSuggest = { [weak self] in self?.suggest() }
        if let remembered = EditorWindow.aspectRatio(target: AppSettings.aspectRatio), !remembered.isFree {
            chooseAspectRatio(remembered)
        }
        updateActions()
        report = EditorWindow.observe?(self)
        // Late results (a load, a save, a kept crop) of a closed window have nowhere to go.
        Signal.connect(window.raw, "destroy") { [weak self] in
            self?.isClosed = true
            self?.loadGeneration += 1
            // An Apply to All still saving stops (its workers remove their temporary files); decodes ahead are dropped.
            self?.batch?.cancel()
            self?.browsing.prefetcher.dropAll()
        }
        Signal.connectReturningBool(window.raw, "close-request") { [weak self] in
            guard let self else { return false }
            AppSettings.remember(cgtk_window(self.window.raw))
            return self.askBeforeClosing()  // false lets the window close
        }
    }

    private func buildContent() {
        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(cgtk_overlay(overlay.raw), canvas.widget)
        gtk_overlay_add_overlay(cgtk_overlay(overlay.raw), loadingIndicator)
        zoomIndicator = makeZoomIndicator()
        gtk_overlay_add_overlay(cgtk_overlay(overlay.raw), zoomIndicator)
        gtk_overlay_add_overlay(cgtk_overlay(overlay.raw), cropStatus)
        gtk_overlay_add_overlay(cgtk_overlay(overlay.raw), batchStatus.widget)
        pages.add(overlay, name: "editor")
        pages.add(EmptyState.make(), name: "empty")
        adw_toast_overlay_set_child(cgtk_adw_toast_overlay(toasts.raw), pages.widget)

        let body = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_set_hexpand(toasts, 1)
        gtk_box_append(cgtk_box(body.raw), toasts)
        gtk_box_append(cgtk_box(body.raw), previews.widget)
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        buildHeader(in: box)
        gtk_box_append(cgtk_box(box.raw), body)
        gtk_box_append(cgtk_box(box.raw), straightenBar.widget)
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

    private func installDropTarget() {
        let target = gtk_drop_target_new(cgtk_file_list_type(), GDK_ACTION_COPY)!
        Signal.connectDrop(target.raw) { [weak self] value, _, _ in
            guard let self, let value, let list = g_value_get_boxed(value) else { return false }
            guard let files = gdk_file_list_get_files(OpaquePointer(list)) else { return false }
            defer { g_slist_free(files) }
            guard let first = files.pointee.data, let path = g_file_get_path(OpaquePointer(first)) else { return false }
            defer { g_free(path) }
            self.open(path: String(cString: path))
            return true
        }
        gtk_widget_add_controller(window, cgtk_event_controller(target.raw))
    }

    /// Dismisses the picture (the demo too): the empty state invites opening or dropping one.
    func closeImage() {
        canvas.clearImage()
        adw_window_title_set_title(OpaquePointer(title), tr("Crop Editor"))
        adw_window_title_set_subtitle(OpaquePointer(title), nil)
        gtk_window_set_title(cgtk_window(window.raw), tr("Crop Editor"))
        gtk_label_set_text(cgtk_label(sizeLabel.raw), "")
        gtk_widget_set_visible(cropStatus, 0)
        gtk_widget_set_visible(losslessButton, 0)
        pages.show("empty")
        updateActions()
    }

    /// Whether the empty state is showing.
    var isEmpty: Bool {
        pages.visibleName == "empty"
    }

    func present() { gtk_window_present(cgtk_window(window.raw)) }

    /// Shows the built-in Coastline picture at the seed's crop.
    func showDemo() { show(DemoPicture.make(), crop: EditorWindow.demoCrop) }

    /// Shows `image` at `crop` straightened by `angle`, or as `editor` left it (a photo of the folder shown before).
    func show(_ image: LoadedImage, crop: CropRect, angle: StraightenAngle = .zero, editor: CropEditor? = nil) {
        pages.show("editor")
        canvas.setImage(image, crop: crop, angle: angle, editor: editor)
        adw_window_title_set_title(OpaquePointer(title), image.title)
        gtk_window_set_title(cgtk_window(window.raw), image.title)
        gtk_widget_grab_focus(canvas.widget)
    }

    private func cropCommitted(_ crop: CropRect) {
        // The demo has no file to export, so only files show whole pixels under the percentages.
        let pixels = canvas.image?.info.map { _ in
            let size = crop.pixelRect(imageWidth: canvas.straightenedSize.width, imageHeight: canvas.straightenedSize.height)
            return "\n" + CropText.pixelSizeLabel(width: size.width, height: size.height)
        }
        gtk_label_set_text(cgtk_label(sizeLabel.raw), CropText.sizeLabel(crop) + (pixels ?? ""))
        gtk_widget_set_visible(cropStatus, 1)
        updateLosslessStatus()
        updateActions()
        updatePixelEntries()
        refreshPreviews()
        // A new picture starts at the fit, and in the fixed frame the zoom follows the crop.
        updateZoomIndicator()
        updateSessionTitle()
    }

    /// Opens `path` in this window, decoding off the main thread; on failure the current image stays.
    /// Its folder becomes the one Page Down and Page Up browse.
    func open(path: String) {
        // Opened by hand: what is on disk now, not a picture prepared earlier.
        browsing.prefetcher.drop(path)
        load(path, browsing: false)
    }

    /// Shows `path`: at once when its picture was prepared ahead, else decoded off the main thread
    /// under the loading indicator. `browsing`: a photo of the folder, reached by Page Down or Up.
    func load(_ path: String, browsing isBrowsing: Bool) {
        guard !isClosed else { return }
        loadGeneration += 1
        let generation = loadGeneration
        if let prepared = browsing.prefetcher.prepared(path) {
            isLoading = false
            loaded(prepared, path: path, browsing: isBrowsing)
            return
        }
        isLoading = true
        beginLoading(URL(fileURLWithPath: path).lastPathComponent)
        Task { @MainActor [weak self] in
            guard let result = await self?.browsing.prefetcher.load(path) else { return }
            guard let self, generation == self.loadGeneration, !self.isClosed else { return }
            self.isLoading = false
            self.loaded(result, path: path, browsing: isBrowsing)
        }
    }

    /// Whether a load is running.
    private(set) var isLoading = false

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
        guard openDialog == nil else { return }
        openDialog = FileChooser.present(
            title: tr("Open Image"), over: window, action: GTK_FILE_CHOOSER_ACTION_OPEN,
            accept: tr("_Open"),
            configure: { chooser in
                // The formats the imaging module opens; a folder's session browses the same.
                FileChooser.addFilter(to: chooser, name: tr("Images"), mimeTypes: PhotoFolder.mimeTypes)
            },
            answered: { [weak self] path in
                guard let self else { return }
                self.openDialog = nil
                if let path { self.open(path: path) }
            })
    }
}
