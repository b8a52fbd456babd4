// One editor window: header bar (Open, Reset, size label, menu), the canvas, loading spinner and error toasts.

import CGtk
import CropKit
import Foundation
import GtkSupport

@MainActor
final class EditorWindow {
    nonisolated static let state = InstanceState<EditorWindow>(key: "crop-editor-window")
    /// The demo opens on the seed's crop; files open with the whole image selected.
    static let demoCrop = CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8)

    let window: UnsafeMutablePointer<GtkWidget>
    let canvas = CropCanvas()
    private let title: UnsafeMutablePointer<GtkWidget>
    private let sizeLabel: UnsafeMutablePointer<GtkWidget>
    private let spinner: UnsafeMutablePointer<GtkWidget>
    private let toasts: UnsafeMutablePointer<GtkWidget>
    /// Counts loads so that only the newest one's result is shown.
    private var loadGeneration = 0
    /// The last message shown to the user about a failed open (for tests and logs).
    private(set) var lastError: String?
    private var openDialog: OpaquePointer?
    /// The header bar's own controls, each with an accessible name and a tooltip.
    private(set) var headerControls: [UnsafeMutablePointer<GtkWidget>] = []

    init(application: UnsafeMutablePointer<AdwApplication>) {
        window = adw_application_window_new(cgtk_application(application.raw))
        gtk_window_set_default_size(cgtk_window(window.raw), 900, 760)
        title = adw_window_title_new(DemoPicture.title, nil)
        sizeLabel = gtk_label_new("")
        spinner = gtk_spinner_new()
        toasts = adw_toast_overlay_new()
        EditorWindow.state.attach(self, to: window.raw)
        buildContent()
        installActions()
        installDropTarget()
        ShortcutsWindow.attach(to: window)
        canvas.onCommit = { [weak self] crop in self?.cropCommitted(crop) }
    }

    private func buildContent() {
        let header = adw_header_bar_new()!
        adw_header_bar_set_title_widget(cgtk_adw_header_bar(header.raw), title)

        let open = gtk_button_new_with_mnemonic("_Open")!
        gtk_actionable_set_action_name(OpaquePointer(open), "win.open")
        gtk_widget_set_tooltip_text(open, "Open an image (Ctrl+O)")
        adw_header_bar_pack_start(cgtk_adw_header_bar(header.raw), open)

        let reset = gtk_button_new_from_icon_name("edit-undo-symbolic")!
        gtk_actionable_set_action_name(OpaquePointer(reset), "win.reset")
        gtk_widget_set_tooltip_text(reset, "Reset the crop")
        cgtk_accessible_set_label(reset, "Reset crop")
        adw_header_bar_pack_start(cgtk_adw_header_bar(header.raw), reset)

        let menu = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(cgtk_menu_button(menu.raw), "open-menu-symbolic")
        gtk_menu_button_set_menu_model(cgtk_menu_button(menu.raw), EditorWindow.primaryMenu())
        gtk_menu_button_set_primary(cgtk_menu_button(menu.raw), 1)
        gtk_widget_set_tooltip_text(menu, "Main menu")
        cgtk_accessible_set_label(menu, "Main menu")
        adw_header_bar_pack_end(cgtk_adw_header_bar(header.raw), menu)

        // Tabular digits keep the label from jittering while the numbers change.
        gtk_widget_add_css_class(sizeLabel, "numeric")
        gtk_widget_set_tooltip_text(sizeLabel, "Size of the crop, in percent of the image")
        adw_header_bar_pack_end(cgtk_adw_header_bar(header.raw), sizeLabel)
        headerControls = [open, reset, menu, sizeLabel]

        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(cgtk_overlay(overlay.raw), canvas.widget)
        gtk_widget_set_halign(spinner, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(spinner, GTK_ALIGN_CENTER)
        gtk_widget_set_size_request(spinner, 48, 48)
        gtk_widget_set_visible(spinner, 0)
        gtk_overlay_add_overlay(cgtk_overlay(overlay.raw), spinner)
        adw_toast_overlay_set_child(cgtk_adw_toast_overlay(toasts.raw), overlay)

        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(cgtk_box(box.raw), header)
        gtk_box_append(cgtk_box(box.raw), toasts)
        adw_application_window_set_content(cgtk_adw_application_window(window.raw), box)
    }

    static func primaryMenu() -> UnsafeMutablePointer<GMenuModel> {
        let menu = g_menu_new()!
        g_menu_append(menu, "_Open…", "win.open")
        g_menu_append(menu, "_Reset Crop", "win.reset")
        g_menu_append(menu, "_Keyboard Shortcuts", "win.show-help-overlay")
        return UnsafeMutableRawPointer(menu).assumingMemoryBound(to: GMenuModel.self)
    }

    private func installActions() {
        addAction("open") { [weak self] in self?.showOpenDialog() }
        addAction("reset") { [weak self] in self?.canvas.reset() }
    }

    private func addAction(_ name: String, _ handler: @escaping @MainActor () -> Void) {
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

    func present() { gtk_window_present(cgtk_window(window.raw)) }

    /// Shows the built-in Coastline picture at the seed's crop.
    func showDemo() { show(DemoPicture.make(), crop: EditorWindow.demoCrop) }

    private func show(_ image: LoadedImage, crop: CropRect) {
        canvas.setImage(image, crop: crop)
        adw_window_title_set_title(OpaquePointer(title), image.title)
        gtk_window_set_title(cgtk_window(window.raw), image.title)
        gtk_widget_grab_focus(canvas.widget)
    }

    private func cropCommitted(_ crop: CropRect) {
        gtk_label_set_text(cgtk_label(sizeLabel.raw), crop.sizeLabel)
    }

    /// Opens `path` in this window, decoding off the main thread; on failure the current image stays.
    func open(path: String) {
        loadGeneration += 1
        let generation = loadGeneration
        setLoading(true)
        Task { @MainActor [weak self] in
            let result = await ImageSource.load(path: path)
            guard let self, generation == self.loadGeneration else { return }
            self.setLoading(false)
            switch result {
            case .success(let image): self.show(image, crop: .unit)
            case .failure(let error): self.showError("Could not open the image: \(error.message)")
            }
        }
    }

    /// Whether a load is running (the spinner is shown).
    var isLoading: Bool { gtk_widget_get_visible(spinner) != 0 }

    private func setLoading(_ loading: Bool) {
        gtk_widget_set_visible(spinner, loading ? 1 : 0)
        gtk_spinner_set_spinning(cgtk_spinner(spinner.raw), loading ? 1 : 0)
    }

    func showError(_ message: String) {
        lastError = message
        let escaped = g_markup_escape_text(message, -1)!
        defer { g_free(escaped) }
        let toast = adw_toast_new(escaped)!
        adw_toast_set_timeout(toast, 6)
        adw_toast_overlay_add_toast(cgtk_adw_toast_overlay(toasts.raw), toast)
    }

    private func showOpenDialog() {
        let dialog = gtk_file_chooser_native_new("Open Image", cgtk_window(window.raw),
                                                 GTK_FILE_CHOOSER_ACTION_OPEN, "_Open", "_Cancel")!
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, "Images")
        gtk_file_filter_add_pixbuf_formats(filter)
        gtk_file_chooser_add_filter(cgtk_file_chooser(dialog.raw), filter)
        gtk_native_dialog_set_modal(cgtk_native_dialog(dialog.raw), 1)
        Signal.connectInt(dialog.raw, "response") { [weak self] response in
            guard let self, let dialog = self.openDialog else { return }
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
