// One editor window: header bar (Open, Reset, size label, menu), the canvas, loading spinner and error toasts.

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
    private let title: UnsafeMutablePointer<GtkWidget>
    let sizeLabel: UnsafeMutablePointer<GtkWidget>
    private let spinner: UnsafeMutablePointer<GtkWidget>
    let toasts: UnsafeMutablePointer<GtkWidget>
    /// Tells whether the crop saves losslessly (JPEG) and offers to snap it onto the block grid.
    let losslessButton: UnsafeMutablePointer<GtkWidget>
    /// The file the last save wrote, for the toast's Open button.
    var lastSavedPath: String?
    /// The sidecar the last Keep Crop wrote, and the crop the last open restored (for tests and logs).
    var lastKeptSidecar: String?
    var lastRestoredCrop: CropRect?
    /// Whether a save is running (the window stays usable meanwhile).
    var isSaving = false
    /// The save-as dialog while it is open.
    var saveDialog: OpaquePointer?
    /// Counts loads so that only the newest one's result is shown.
    private var loadGeneration = 0
    /// The last toast shown (for tests and logs).
    private(set) var lastToast: String?
    private(set) var lastToastAction: String?
    /// The last message shown to the user about a failed open (for tests and logs).
    private(set) var lastError: String?
    private(set) var openDialog: OpaquePointer?
    /// The editor and the empty state ("drop an image here"), one shown at a time.
    let pages = PageSwitcher()
    let menuButton: UnsafeMutablePointer<GtkWidget>
    /// The side panel with previews of the crop at several sizes.
    let previews = PreviewPanel()
    /// The custom-ratio dialog while it is open (tests answer it).
    var customRatioDialog: UnsafeMutablePointer<GtkWidget>?
    /// The header button whose popover holds the pixel entries.
    private(set) var pixelButton: UnsafeMutablePointer<GtkWidget>!
    /// X, Y, width and height of the crop in pixels (the pixel popover's spin buttons).
    var pixelEntries: [UnsafeMutablePointer<GtkWidget>] = []
    /// The header bar's ratio menu button (its label shows the ratio in force).
    private(set) var aspectRatioButton: UnsafeMutablePointer<GtkWidget>!
    /// The zoom percentage over the picture's corner, shown while zoomed.
    private(set) var zoomIndicator: UnsafeMutablePointer<GtkWidget>!
    /// The header bar's own controls, each with an accessible name and a tooltip.
    private(set) var headerControls: [UnsafeMutablePointer<GtkWidget>] = []

    init(application: UnsafeMutablePointer<AdwApplication>) {
        window = adw_application_window_new(cgtk_application(application.raw))
        gtk_window_set_default_size(cgtk_window(window.raw), 900, 760)
        AppSettings.restore(cgtk_window(window.raw))
        title = adw_window_title_new(DemoPicture.title, nil)
        menuButton = gtk_menu_button_new()
        sizeLabel = gtk_label_new("")
        spinner = gtk_spinner_new()
        toasts = adw_toast_overlay_new()
        losslessButton = gtk_button_new_with_label("")
        EditorWindow.state.attach(self, to: window.raw)
        buildContent()
        installActions()
        installDropTarget()
        ShortcutsWindow.attach(to: window)
        canvas.onCommit = { [weak self] crop in self?.cropCommitted(crop) }
        canvas.onHistoryChange = { [weak self] in self?.updateHistoryActions() }
        if let remembered = EditorWindow.aspectRatio(target: AppSettings.aspectRatio), !remembered.isFree {
            chooseAspectRatio(remembered)
        }
        updateHistoryActions()
        Signal.connectReturningBool(window.raw, "close-request") { [weak self] in
            if let self { AppSettings.remember(cgtk_window(self.window.raw)) }
            return false // let the window close
        }
    }

    private func buildContent() {
        let header = adw_header_bar_new()!
        adw_header_bar_set_title_widget(cgtk_adw_header_bar(header.raw), title)

        let open = gtk_button_new_with_mnemonic(tr("_Open"))!
        gtk_actionable_set_action_name(OpaquePointer(open), "win.open")
        gtk_widget_set_tooltip_text(open, tr("Open an image (Ctrl+O)"))
        adw_header_bar_pack_start(cgtk_adw_header_bar(header.raw), open)

        // GNOME's "revert" arrow: counterclockwise, and distinct from Undo's.
        let reset = EditorWindow.iconButton("document-revert-symbolic", action: "win.reset",
                                            tooltip: tr("Reset the crop (Ctrl+Backspace)"), name: tr("Reset crop"))
        let undo = EditorWindow.iconButton("edit-undo-symbolic", action: "win.undo", tooltip: tr("Undo (Ctrl+Z)"), name: tr("Undo"))
        let redo = EditorWindow.iconButton("edit-redo-symbolic", action: "win.redo",
                                           tooltip: tr("Redo (Ctrl+Shift+Z)"), name: tr("Redo"))
        let keep = EditorWindow.iconButton("bookmark-new-symbolic", action: "win.keep-crop",
                                           tooltip: tr("Keep the crop beside the photo, without changing it (Ctrl+K)"),
                                           name: tr("Keep crop"))
        for button in [reset, undo, redo] { adw_header_bar_pack_start(cgtk_adw_header_bar(header.raw), button) }
        aspectRatioButton = makeAspectRatioButton()
        adw_header_bar_pack_start(cgtk_adw_header_bar(header.raw), aspectRatioButton)

        let menu = menuButton
        adw_header_bar_pack_end(cgtk_adw_header_bar(header.raw), menu)
        adw_header_bar_pack_end(cgtk_adw_header_bar(header.raw), keep)
        gtk_menu_button_set_icon_name(cgtk_menu_button(menu.raw), "open-menu-symbolic")
        let primary = EditorWindow.primaryMenu()
        gtk_menu_button_set_menu_model(cgtk_menu_button(menu.raw), primary)
        g_object_unref(primary.raw)
        gtk_menu_button_set_primary(cgtk_menu_button(menu.raw), 1)
        gtk_widget_set_tooltip_text(menu, tr("Main menu (F10)"))
        cgtk_accessible_set_label(menu, tr("Main menu"))

        // Tabular digits keep the label from jittering while the numbers change.
        gtk_widget_add_css_class(sizeLabel, "numeric")
        gtk_widget_set_tooltip_text(sizeLabel, tr("Size of the crop, in percent of the image"))
        adw_header_bar_pack_end(cgtk_adw_header_bar(header.raw), sizeLabel)
        let pixels = makePixelEntryButton()
        pixelButton = pixels
        adw_header_bar_pack_end(cgtk_adw_header_bar(header.raw), pixels)
        let previewToggle = makePreviewToggle()
        adw_header_bar_pack_end(cgtk_adw_header_bar(header.raw), previewToggle)
        gtk_actionable_set_action_name(OpaquePointer(losslessButton), "win.snap-lossless")
        gtk_widget_set_visible(losslessButton, 0)
        adw_header_bar_pack_end(cgtk_adw_header_bar(header.raw), losslessButton)
        headerControls = [open, reset, menu, sizeLabel, aspectRatioButton, undo, redo, pixels, previewToggle, keep]

        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(cgtk_overlay(overlay.raw), canvas.widget)
        gtk_widget_set_halign(spinner, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(spinner, GTK_ALIGN_CENTER)
        gtk_widget_set_size_request(spinner, 48, 48)
        gtk_widget_set_visible(spinner, 0)
        gtk_overlay_add_overlay(cgtk_overlay(overlay.raw), spinner)
        zoomIndicator = makeZoomIndicator()
        gtk_overlay_add_overlay(cgtk_overlay(overlay.raw), zoomIndicator)
        pages.add(overlay, name: "editor")
        pages.add(EmptyState.make(), name: "empty")
        adw_toast_overlay_set_child(cgtk_adw_toast_overlay(toasts.raw), pages.widget)

        let body = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_set_hexpand(toasts, 1)
        gtk_box_append(cgtk_box(body.raw), toasts)
        gtk_box_append(cgtk_box(body.raw), previews.widget)
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(cgtk_box(box.raw), header)
        gtk_box_append(cgtk_box(box.raw), body)
        adw_application_window_set_content(cgtk_adw_application_window(window.raw), box)
    }

    /// A header-bar icon button for a window action, with the name a screen reader speaks.
    static func iconButton(_ icon: String, action: String, tooltip: String, name: String) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_from_icon_name(icon)!
        gtk_actionable_set_action_name(OpaquePointer(button), action)
        gtk_widget_set_tooltip_text(button, tooltip)
        AccessibleName.setIconButton(button, name)
        return button
    }

    static func primaryMenu() -> UnsafeMutablePointer<GMenuModel> {
        let guides = EditorWindow.guidesMenu(), zoom = EditorWindow.zoomMenu()
        defer { g_object_unref(guides.raw); g_object_unref(zoom.raw) }
        return Menu.sectioned([
            [.action(tr("_Open…"), "win.open"), .action(tr("_Keep Crop"), "win.keep-crop"),
             .action(tr("_Save"), "win.save"), .action(tr("Save _As…"), "win.save-as"),
             .action(tr("_Reset Crop"), "win.reset"), .action(tr("Rotate _Left"), "win.rotate-left"),
             .action(tr("Rotate R_ight"), "win.rotate-right"), .action(tr("Flip _Horizontally"), "win.flip-horizontal"),
             .action(tr("Flip _Vertically"), "win.flip-vertical"), .action(tr("_Close Image"), "win.close-image"),
             .submenu(tr("_Guides"), guides), .submenu(tr("_Zoom"), zoom)],
            [.action(tr("_Keyboard Shortcuts"), "win.show-help-overlay"), .action(tr("_About Crop Editor"), "app.about")],
        ])
    }

    private func installActions() {
        addAction("open") { [weak self] in self?.showOpenDialog() }
        addAction("reset") { [weak self] in self?.canvas.reset() }
        addAction("close-image") { [weak self] in self?.closeImage() }
        addAction("undo") { [weak self] in self?.canvas.undo() }
        addAction("rotate-left") { [weak self] in self?.canvas.apply(.rotateLeft) }
        addAction("rotate-right") { [weak self] in self?.canvas.apply(.rotateRight) }
        addAction("flip-horizontal") { [weak self] in self?.canvas.apply(.flipHorizontal) }
        addAction("flip-vertical") { [weak self] in self?.canvas.apply(.flipVertical) }
        addAction("redo") { [weak self] in self?.canvas.redo() }
        addAction("close") { [weak self] in self.map { gtk_window_close(cgtk_window($0.window.raw)) } }
        addAction("show-menu") { [weak self] in self.map { gtk_menu_button_popup(cgtk_menu_button($0.menuButton.raw)) } }
        installSaveActions()
        installGuideActions()
        addAction("keep-crop") { [weak self] in self?.keepCrop() }
        installViewActions()
    }

    /// A radio action (menu items `win.NAME::VALUE`): `handler` gets the chosen value and sets the
    /// state itself (it may refuse a value it does not know).
    func addChoiceAction(_ name: String, initial: String, _ handler: @escaping @MainActor (String) -> Void) {
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        let action = g_simple_action_new_stateful(name, type, g_variant_new_string(initial))!
        Signal.connectPointer(action.raw, "change-state") { value in
            guard let value, let text = g_variant_get_string(OpaquePointer(value), nil) else { return }
            handler(String(cString: text))
        }
        g_action_map_add_action(cgtk_action_map(window.raw), action)
        g_object_unref(action.raw)
    }

    /// A check action (a menu item with a tick): the state follows each change, then `handler` runs.
    func addToggleAction(_ name: String, initial: Bool, _ handler: @escaping @MainActor (Bool) -> Void) {
        let action = g_simple_action_new_stateful(name, nil, g_variant_new_boolean(initial ? 1 : 0))!
        Signal.connectPointer(action.raw, "change-state") { value in
            guard let value else { return }
            g_simple_action_set_state(action, OpaquePointer(value))
            handler(g_variant_get_boolean(OpaquePointer(value)) != 0)
        }
        g_action_map_add_action(cgtk_action_map(window.raw), action)
        g_object_unref(action.raw)
    }

    /// Sets a stateful action's state from code (menus show it; no handler runs).
    func setActionState(_ name: String, _ value: OpaquePointer) {
        if let action = g_action_map_lookup_action(cgtk_action_map(window.raw), name) {
            g_simple_action_set_state(action, value)
        }
    }

    func addAction(_ name: String, _ handler: @escaping @MainActor () -> Void) {
        let action = g_simple_action_new(name, nil)!
        Signal.connectPointer(action.raw, "activate") { _ in handler() }
        g_action_map_add_action(cgtk_action_map(window.raw), action)
        g_object_unref(action.raw)
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

    /// Undo and Redo are enabled exactly when there is a step to take.
    func updateHistoryActions() {
        for (name, enabled) in [("undo", canvas.history.canUndo), ("redo", canvas.history.canRedo)] {
            if let action = g_action_map_lookup_action(cgtk_action_map(window.raw), name) {
                g_simple_action_set_enabled(action, enabled ? 1 : 0)
            }
        }
    }

    /// Dismisses the picture (the demo too): the empty state invites opening or dropping one.
    func closeImage() {
        canvas.clearImage()
        adw_window_title_set_title(OpaquePointer(title), tr("Crop Editor"))
        gtk_window_set_title(cgtk_window(window.raw), tr("Crop Editor"))
        gtk_label_set_text(cgtk_label(sizeLabel.raw), "")
        gtk_widget_set_visible(losslessButton, 0)
        pages.show("empty")
    }

    /// Whether the empty state is showing.
    var isEmpty: Bool {
        pages.visibleName == "empty"
    }

    func present() { gtk_window_present(cgtk_window(window.raw)) }

    /// Shows the built-in Coastline picture at the seed's crop.
    func showDemo() { show(DemoPicture.make(), crop: EditorWindow.demoCrop) }

    private func show(_ image: LoadedImage, crop: CropRect) {
        pages.show("editor")
        canvas.setImage(image, crop: crop)
        adw_window_title_set_title(OpaquePointer(title), image.title)
        gtk_window_set_title(cgtk_window(window.raw), image.title)
        gtk_widget_grab_focus(canvas.widget)
    }

    private func cropCommitted(_ crop: CropRect) {
        // The demo has no file to export, so only files show whole pixels beside the percentages.
        let pixels = canvas.image?.info.map { _ in
            "  ·  " + crop.pixelSizeLabel(imageWidth: canvas.shownSize.width, imageHeight: canvas.shownSize.height)
        }
        gtk_label_set_text(cgtk_label(sizeLabel.raw), crop.sizeLabel + (pixels ?? ""))
        updateLosslessStatus()
        updatePixelEntries()
        refreshPreviews()
        // A new picture starts at the fit, and in the fixed frame the zoom follows the crop.
        updateZoomIndicator()
    }

    /// Opens `path` in this window, decoding off the main thread; on failure the current image stays.
    func open(path: String) {
        loadGeneration += 1
        let generation = loadGeneration
        setLoading(true)
        let limit = ImageSource.screenLimit()
        Task { @MainActor [weak self] in
            let result = await ImageSource.load(path: path, maxWidth: limit.width, maxHeight: limit.height)
            guard let self, generation == self.loadGeneration else { return }
            self.setLoading(false)
            switch result {
            case .success(let image):
                self.show(image, crop: image.storedCrop?.crop.rect ?? .unit)
                self.announceStoredCrop(image)
            case .failure(let error): self.showError(String(format: tr("Could not open %@"), error.message))
            }
        }
    }

    /// Whether a load is running.
    private(set) var isLoading = false
    /// Loads quicker than this show no spinner at all (it would only flash), in milliseconds.
    static let spinnerDelay: UInt32 = 300

    /// Whether the spinner is on screen (only for loads past the delay).
    var isSpinnerVisible: Bool { gtk_widget_get_visible(spinner) != 0 }

    private func setLoading(_ loading: Bool) {
        isLoading = loading
        guard loading else {
            gtk_widget_set_visible(spinner, 0)
            gtk_spinner_set_spinning(cgtk_spinner(spinner.raw), 0)
            return
        }
        let generation = loadGeneration
        Timer.once(milliseconds: EditorWindow.spinnerDelay) { [weak self] in
            guard let self, self.isLoading, generation == self.loadGeneration else { return }
            gtk_widget_set_visible(self.spinner, 1)
            gtk_spinner_set_spinning(cgtk_spinner(self.spinner.raw), 1)
        }
    }

    func showError(_ message: String) {
        lastError = message
        showToast(message)
    }

    /// A passing message; with `button`, the toast offers that action (e.g. open the result).
    func showToast(_ message: String, button: (label: String, action: String)? = nil) {
        lastToast = message
        lastToastAction = button?.action
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

    private func showOpenDialog() {
        // One chooser at a time: a second would replace the first's reference.
        guard openDialog == nil else { return }
        let dialog = gtk_file_chooser_native_new(tr("Open Image"), cgtk_window(window.raw),
                                                 GTK_FILE_CHOOSER_ACTION_OPEN, tr("_Open"), tr("_Cancel"))!
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, tr("Images"))
        // The formats the imaging module opens (HEIF only where this libvips has it).
        for type in ["image/jpeg", "image/png", "image/webp", "image/tiff", "image/gif"] + (Imaging.supportsHEIF ? ["image/heif", "image/avif"] : []) {
            gtk_file_filter_add_mime_type(filter, type)
        }
        gtk_file_chooser_add_filter(cgtk_file_chooser(dialog.raw), filter)
        gtk_native_dialog_set_modal(cgtk_native_dialog(dialog.raw), 1)
        Signal.connectInt(dialog.raw, "response") { [weak self] response in
            guard let self else { g_object_unref(dialog.raw); return }
            if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(cgtk_file_chooser(dialog.raw)) {
                if let path = g_file_get_path(file) {
                    self.open(path: String(cString: path))
                    g_free(path)
                }
                g_object_unref(file.raw)
            }
            // The dialog is not a widget: this window holds it until it answers, then lets it go.
            self.openDialog = nil
            g_object_unref(dialog.raw)
        }
        openDialog = dialog
        gtk_native_dialog_show(cgtk_native_dialog(dialog.raw))
    }
}
