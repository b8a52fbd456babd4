// Every window action in one table (name, keys, words, handler, when enabled), installed together; one function decides what is enabled.

import CGtk
import CropKit
import GtkSupport

extension EditorWindow {
    /// The window's actions, in the shortcuts window's order within each group. The application
    /// installs the accelerators from this table, the shortcuts window lists it, and header
    /// tooltips take their words and keys from it.
    static let actions: [ActionEntry<EditorWindow>] = [
        // File
        ActionEntry(
            name: "open", kind: .plain { $0.showOpenDialog() }, accels: ["<Control>o"],
            title: N_("Open an image"), group: .file),
        ActionEntry(
            name: "save", kind: .plain { $0.save() }, accels: ["<Control>s"],
            title: N_("Save the crop beside the photo"), group: .file, availability: .file),
        ActionEntry(
            name: "save-as", kind: .plain { $0.saveAs() }, accels: ["<Control><Shift>s"],
            title: N_("Save the crop as…"), group: .file, availability: .file),
        ActionEntry(
            name: "keep-crop", kind: .plain { $0.keepCrop() }, accels: ["<Control>k"],
            title: N_("Keep the crop beside the photo (sidecar)"), group: .file, availability: .file),
        ActionEntry(
            name: "next-photo", kind: .plain { $0.go(to: .next) }, accels: ["Page_Down"],
            title: N_("Go to the next photo in the folder"), group: .file, availability: .nextPhoto),
        ActionEntry(
            name: "previous-photo", kind: .plain { $0.go(to: .previous) }, accels: ["Page_Up"],
            title: N_("Go to the previous photo in the folder"), group: .file, availability: .previousPhoto),
        ActionEntry(
            name: "save-and-next", kind: .plain { $0.saveAndNext() }, accels: ["<Control>Return"],
            title: N_("Save the crop and go to the next photo"), group: .file, availability: .file),
        ActionEntry(
            name: "apply-to-all", kind: .plain { $0.askApplyToAll() },
            title: N_("Apply the crop to every photo of the folder"), availability: .batch),
        ActionEntry(name: "close-image", kind: .plain { $0.closeImage() }, availability: .picture),
        ActionEntry(
            name: "close", kind: .plain { gtk_window_close(cgtk_window($0.window.raw)) }, accels: ["<Control>w"],
            title: N_("Close the window"), group: .file),
        ActionEntry(name: "open-result", kind: .plain { $0.openLastResult() }, availability: .savedResult),
        ActionEntry(name: "snap-lossless", kind: .plain { $0.snapToLosslessGrid() }, availability: .losslessSnap),
        // Edit
        ActionEntry(
            name: "undo", kind: .plain { $0.canvas.undo() }, accels: ["<Control>z"],
            title: N_("Undo"), group: .edit, availability: .undo),
        ActionEntry(
            name: "redo", kind: .plain { $0.canvas.redo() }, accels: ["<Control><Shift>z"],
            title: N_("Redo"), group: .edit, availability: .redo),
        ActionEntry(
            name: "reset", kind: .plain { $0.canvas.reset() }, accels: [CropCanvas.resetAccelerator],
            title: N_("Reset the crop"), group: .edit, availability: .picture),
        ActionEntry(
            name: "rotate-right", kind: .plain { $0.canvas.apply(.rotateRight) }, accels: ["<Control>r"],
            title: N_("Rotate right"), group: .edit, availability: .picture),
        ActionEntry(
            name: "rotate-left", kind: .plain { $0.canvas.apply(.rotateLeft) }, accels: ["<Control><Shift>r"],
            title: N_("Rotate left"), group: .edit, availability: .picture),
        ActionEntry(name: "flip-horizontal", kind: .plain { $0.canvas.apply(.flipHorizontal) }, availability: .picture),
        ActionEntry(name: "flip-vertical", kind: .plain { $0.canvas.apply(.flipVertical) }, availability: .picture),
        ActionEntry(
            name: "suggest", kind: .plain { $0.suggest() }, title: N_("Suggest a crop: the most interesting part of the photo"),
            availability: .suggestion),
        ActionEntry(
            name: "toggle-shape", kind: .plain { $0.chooseShape($0.canvas.shape == .circle ? .rectangle : .circle) },
            accels: ["<Control><Shift>c"], title: N_("Switch between rectangle and circle"), group: .edit),
        ActionEntry(
            name: "fixed-frame", kind: .toggle(initial: { _ in false }) { $0.setFixedFrame($1) },
            accels: ["<Control>m"], title: N_("Fixed frame: move the picture under it"), group: .edit),
        ActionEntry(
            name: "straighten", kind: .toggle(initial: { _ in false }) { $0.setStraightenMode($1) },
            accels: ["<Control>t"], title: N_("Straighten: turn the picture by any angle"), group: .edit,
            availability: .picture),
        ActionEntry(
            name: "shape",
            kind: .choice(initial: { _ in CropShape.rectangle.rawValue }) { window, value in
                CropShape(rawValue: value).map { window.chooseShape($0) }
            }),
        ActionEntry(
            name: "aspect-ratio",
            kind: .choice(initial: { _ in AppSettings.aspectRatio }) { window, value in
                EditorWindow.aspectRatio(target: value).map(window.chooseAspectRatio)
            }),
        ActionEntry(name: "custom-ratio", kind: .plain { $0.askCustomRatio() }),
        ActionEntry(name: "swap-ratio", kind: .plain { $0.chooseAspectRatio($0.canvas.aspectRatio.swapped) }),
        // View
        ActionEntry(
            name: "zoom-in", kind: .plain { $0.canvas.zoomFromKeyboard(by: Viewport.zoomStep) },
            accels: ["<Control>plus", "<Control>equal"], title: N_("Zoom in"), group: .view, availability: .picture),
        ActionEntry(
            name: "zoom-out", kind: .plain { $0.canvas.zoomFromKeyboard(by: 1 / Viewport.zoomStep) },
            accels: ["<Control>minus"], title: N_("Zoom out"), group: .view, availability: .picture),
        ActionEntry(
            name: "zoom-fit", kind: .plain { $0.canvas.zoomToFit() }, accels: ["<Control>0"],
            title: N_("Fit the picture in the window"), group: .view, availability: .picture),
        ActionEntry(
            name: "zoom-actual", kind: .plain { $0.canvas.zoomToActualPixels() }, accels: ["<Control>1"],
            title: N_("Zoom to actual pixels (100 %)"), group: .view, availability: .picture),
        ActionEntry(
            name: AppSettings.previewPanelKey, kind: .setting, accels: ["F9"],
            title: N_("Show or hide the previews"), group: .view),
        ActionEntry(name: AppSettings.guidesKey, kind: .setting),
        ActionEntry(name: AppSettings.guidesWhileDraggingKey, kind: .setting),
        ActionEntry(
            name: "show-menu", kind: .plain { gtk_menu_button_popup(cgtk_menu_button($0.menuButton.raw)) },
            accels: ["F10"], title: N_("Open the main menu"), group: .view),
        // GtkApplicationWindow installs this one itself once the shortcuts window is attached.
        ActionEntry(
            name: "show-help-overlay", kind: .builtIn, accels: ["<Control>question"],
            title: N_("Show keyboard shortcuts"), group: .view),
    ]

    /// The table's entry named `name`.
    static func action(_ name: String) -> ActionEntry<EditorWindow> {
        guard let entry = actions.first(where: { $0.name == name }) else { fatalError("no window action \(name)") }
        return entry
    }

    func installActions() {
        for entry in EditorWindow.actions { entry.install(on: window.raw, for: self, settings: AppSettings.shared) }
        followSettings()
        updateActions()
    }

    /// Whether an action of this availability can be used now: the one place that decides.
    func isEnabled(_ availability: ActionAvailability) -> Bool {
        switch availability {
        case .always: return true
        case .picture: return canvas.image != nil
        case .file: return canvas.image?.path != nil
        case .undo: return canvas.editor.canUndo
        case .redo: return canvas.editor.canRedo
        case .savedResult: return lastSavedPath != nil
        // Snapping knows the unturned grid only: offered for an unturned picture off the grid.
        case .losslessSnap: return losslessEligible == false && canvas.transform == .up && canvas.editor.angle.isZero
        case .batch: return canvas.image?.path != nil && batch == nil
        // The suggestion is placed on the upright picture (as `--crop=auto`): not offered at an angle.
        case .suggestion: return canvas.image?.path != nil && !isSuggesting && canvas.editor.angle.isZero
        case .nextPhoto: return browsing.session?.nextPath != nil
        case .previousPhoto: return browsing.session?.previousPath != nil
        }
    }

    /// Enables each action as `isEnabled` says; run after anything that may change the answer
    /// (a commit, undo and redo, a picture opened or closed, a save).
    func updateActions() {
        for entry in EditorWindow.actions where entry.availability != .always {
            guard let action = g_action_map_lookup_action(cgtk_action_map(window.raw), entry.name) else { continue }
            g_simple_action_set_enabled(action, isEnabled(entry.availability) ? 1 : 0)
        }
        // The crop area's own Suggest (S, and AT-SPI's list) follows the window's.
        gtk_widget_action_set_enabled(canvas.widget, CropCanvas.suggestAction, isEnabled(.suggestion) ? 1 : 0)
    }

    /// Sets a stateful action's state from code (menus show it; no handler runs).
    func setActionState(_ name: String, _ value: OpaquePointer) {
        if let action = g_action_map_lookup_action(cgtk_action_map(window.raw), name) {
            g_simple_action_set_state(action, value)
        }
    }

    /// The window follows the settings its setting actions change (in any window: they are shared).
    private func followSettings() {
        guard let settings = AppSettings.shared else { return }
        let apply: [(String, @MainActor (EditorWindow) -> Void)] = [
            (AppSettings.previewPanelKey, { $0.setPreviewsShown(AppSettings.previewPanel) }),
            (AppSettings.guidesKey, { $0.canvas.guideStyle = AppSettings.guides.style }),
            (AppSettings.guidesWhileDraggingKey, { $0.canvas.guideVisibility = AppSettings.guides.visibility }),
        ]
        for (key, handler) in apply {
            handler(self)
            let id = Signal.connectPointer(settings.raw, "changed::\(key)") { [weak self] _ in self.map(handler) }
            // The settings object outlives every window: its handlers go with the window.
            Signal.connect(window.raw, "destroy") { g_signal_handler_disconnect(settings.raw, gulong(id)) }
        }
    }
}
