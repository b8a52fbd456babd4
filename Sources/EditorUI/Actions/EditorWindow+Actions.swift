// Every window action in one table (name, keys, words, handler, when enabled), installed together; one function decides what is enabled.

import CGtk
import Canvas
import CropKit
import GtkSupport

extension EditorWindow {
    /// What each window action does, its keys, words, group and when it is enabled: the one table.
    /// The application installs the accelerators from it, the shortcuts window lists it, and
    /// header tooltips take their words and keys from it.
    static func entry(_ action: WindowAction) -> ActionEntry<EditorWindow, WindowAction> {
        typealias Entry = ActionEntry<EditorWindow, WindowAction>
        switch action {
        // File
        case .open:
            return Entry(
                action: action, kind: .plain { $0.showOpenDialog() }, accels: ["<Control>o"],
                title: N_("Open an image"), group: .file)
        case .save:
            return Entry(
                action: action, kind: .plain { $0.save() }, accels: ["<Control>s"],
                title: N_("Save the crop beside the photo"), group: .file, availability: .result)
        case .saveAs:
            return Entry(
                action: action, kind: .plain { $0.saveAs() }, accels: ["<Control><Shift>s"],
                title: N_("Save the crop as…"), group: .file, availability: .result)
        case .keepCrop:
            return Entry(
                action: action, kind: .plain { $0.keepCrop() }, accels: ["<Control>k"],
                title: N_("Keep the crop beside the photo (sidecar)"), group: .file, availability: .file)
        case .nextPhoto:
            return Entry(
                action: action, kind: .plain { $0.go(to: .next) }, accels: ["Page_Down"],
                title: N_("Go to the next photo in the folder"), group: .file, availability: .nextPhoto)
        case .previousPhoto:
            return Entry(
                action: action, kind: .plain { $0.go(to: .previous) }, accels: ["Page_Up"],
                title: N_("Go to the previous photo in the folder"), group: .file, availability: .previousPhoto)
        case .saveAndNext:
            return Entry(
                action: action, kind: .plain { $0.saveAndNext() }, accels: ["<Control>Return"],
                title: N_("Save the crop and go to the next photo"), group: .file, availability: .file)
        case .applyToAll:
            return Entry(
                action: action, kind: .plain { $0.askApplyToAll() },
                title: N_("Apply the crop to every photo of the folder"), availability: .batch)
        case .closeImage: return Entry(action: action, kind: .plain { $0.closeImage() }, availability: .picture)
        case .close:
            return Entry(
                action: action, kind: .plain { gtk_window_close(cgtk_window($0.window.raw)) }, accels: ["<Control>w"],
                title: N_("Close the window"), group: .file)
        case .openResult: return Entry(action: action, kind: .plain { $0.openLastResult() }, availability: .savedResult)
        case .snapLossless:
            return Entry(action: action, kind: .plain { $0.snapToLosslessGrid() }, availability: .losslessSnap)
        // Edit
        case .copy:
            return Entry(
                action: action, kind: .plain { $0.copyResult() }, accels: ["<Control>c"],
                title: N_("Copy the crop as an image"), group: .edit, availability: .result)
        case .copyAndClose:
            return Entry(
                action: action, kind: .plain { $0.copyResult(closing: true) }, accels: ["<Control><Shift>c"],
                title: N_("Copy the crop and close the window"), group: .edit, availability: .result)
        case .paste:
            return Entry(
                action: action, kind: .plain { $0.paste() }, accels: ["<Control>v"],
                title: N_("Paste an image to crop it"), group: .edit, availability: .paste)
        case .undo:
            return Entry(
                action: action, kind: .plain { $0.canvas.undo() }, accels: ["<Control>z"],
                title: N_("Undo"), group: .edit, availability: .undo)
        case .redo:
            return Entry(
                action: action, kind: .plain { $0.canvas.redo() }, accels: ["<Control><Shift>z"],
                title: N_("Redo"), group: .edit, availability: .redo)
        case .reset:
            return Entry(
                action: action, kind: .plain { $0.canvas.reset() }, accels: [CropCanvas.resetAccelerator],
                title: N_("Reset the crop"), group: .edit, availability: .picture)
        case .rotateRight:
            return Entry(
                action: action, kind: .plain { $0.canvas.apply(.rotateRight) }, accels: ["<Control>r"],
                title: N_("Rotate right"), group: .edit, availability: .picture)
        case .rotateLeft:
            return Entry(
                action: action, kind: .plain { $0.canvas.apply(.rotateLeft) }, accels: ["<Control><Shift>r"],
                title: N_("Rotate left"), group: .edit, availability: .picture)
        case .flipHorizontal:
            return Entry(action: action, kind: .plain { $0.canvas.apply(.flipHorizontal) }, availability: .picture)
        case .flipVertical:
            return Entry(action: action, kind: .plain { $0.canvas.apply(.flipVertical) }, availability: .picture)
        case .suggest:
            return Entry(
                action: action, kind: .plain { $0.suggest() },
                title: N_("Suggest a crop: the most interesting part of the photo"), availability: .suggestion)
        case .trim:
            return Entry(
                action: action, kind: .plain { $0.finders.trim.trim($0) },
                title: N_("Trim borders: the picture inside its plain or transparent border"), availability: .trim)
        case .toggleShape:
            return Entry(
                action: action, kind: .plain { $0.chooseShape($0.canvas.shape == .circle ? .rectangle : .circle) },
                accels: ["<Control><Shift>o"], title: N_("Switch between rectangle and circle"), group: .edit)
        case .fixedFrame:
            return Entry(
                action: action, kind: .toggle(initial: { _ in false }) { $0.setFixedFrame($1) },
                accels: ["<Control>m"], title: N_("Fixed frame: move the picture under it"), group: .edit)
        case .straighten:
            return Entry(
                action: action, kind: .toggle(initial: { _ in false }) { $0.setStraightenMode($1) },
                accels: ["<Control>t"], title: N_("Straighten: turn the picture by any angle"), group: .edit,
                availability: .picture)
        case .shape:
            return Entry(
                action: action,
                kind: .choice(initial: { _ in CropShape.rectangle.rawValue }) { window, value in
                    CropShape(rawValue: value).map { window.chooseShape($0) }
                })
        case .aspectRatio:
            return Entry(
                action: action,
                kind: .choice(initial: { _ in AppSettings.aspectRatio }) { window, value in
                    EditorWindow.aspectRatio(target: value).map(window.chooseAspectRatio)
                })
        case .customRatio: return Entry(action: action, kind: .plain { $0.askCustomRatio() })
        case .swapRatio: return Entry(action: action, kind: .plain { $0.swapPortraitAndLandscape() })
        case .outputSize:
            return Entry(
                action: action,
                kind: .choice(initial: { _ in OutputSizeController.originalTarget }) { window, value in
                    OutputSizeController.size(target: value).map { window.chooseOutputSize($0) }
                })
        case .customOutputSize: return Entry(action: action, kind: .plain { $0.askCustomOutputSize() })
        // View
        case .zoomIn:
            // The one zoom in: Ctrl+plus anywhere in the window, plus (and =) while the crop area has focus.
            return Entry(
                action: action, kind: .plain { $0.canvas.zoomFromKeyboard(by: Viewport.zoomStep) },
                accels: ["<Control>plus", "<Control>equal"], cropAreaKeys: ["plus", "equal", "KP_Add"],
                title: N_("Zoom in"), group: .view, availability: .picture)
        case .zoomOut:
            return Entry(
                action: action, kind: .plain { $0.canvas.zoomFromKeyboard(by: 1 / Viewport.zoomStep) },
                accels: ["<Control>minus"], cropAreaKeys: ["minus", "KP_Subtract"],
                title: N_("Zoom out"), group: .view, availability: .picture)
        case .zoomFit:
            return Entry(
                action: action, kind: .plain { $0.canvas.zoomToFit() }, accels: ["<Control>0"],
                title: N_("Fit the picture in the window"), group: .view, availability: .picture)
        case .zoomActual:
            return Entry(
                action: action, kind: .plain { $0.canvas.zoomToActualPixels() }, accels: ["<Control>1"],
                title: N_("Zoom to actual pixels (100 %)"), group: .view, availability: .picture)
        case .showPreviews:
            return Entry(
                action: action, kind: .setting, accels: ["F9"], title: N_("Show or hide the previews"), group: .view)
        case .guides, .guidesWhileDragging: return Entry(action: action, kind: .setting)
        case .showMenu:
            return Entry(
                action: action, kind: .plain { gtk_menu_button_popup(cgtk_menu_button($0.header.menuButton.raw)) },
                accels: ["F10"], title: N_("Open the main menu"), group: .view)
        case .showHelpOverlay:
            return Entry(
                action: action, kind: .builtIn, accels: ["<Control>question"],
                title: N_("Show keyboard shortcuts"), group: .view)
        }
    }

    /// Every window action's entry, in the shortcuts window's order.
    static let actions = WindowAction.allCases.map { entry($0) }

    func installActions() {
        for entry in EditorWindow.actions { entry.install(on: window.raw, for: self, settings: AppSettings.shared) }
        installCropAreaKeys()
        followSettings()
        refresh(.work)
    }

    /// Whether an action of this availability can be used now: the one place that decides.
    func isEnabled(_ availability: ActionAvailability) -> Bool {
        switch availability {
        case .always: return true
        case .picture: return canvas.image != nil
        case .file: return canvas.image?.path != nil
        case .result: return canvas.image?.decoderSource != nil
        case .paste: return loading.paste.clipboardOffersImage
        case .undo: return canvas.editor.canUndo
        case .redo: return canvas.editor.canRedo
        case .savedResult: return saving.lastSavedPath != nil
        // Snapping knows the unturned grid only: offered for an unturned picture off the grid.
        case .losslessSnap: return losslessEligible == false && canvas.transform == .up && canvas.editor.angle.isZero
        case .batch: return canvas.image?.path != nil && applyToAll.batch == nil
        // The suggestion is placed on the upright picture (as `--crop=auto`): not offered at an angle.
        case .suggestion: return canvas.image?.path != nil && !finders.isSuggesting && canvas.editor.angle.isZero
        case .trim: return finders.trim.isAvailable(in: self)
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
        canvas.widget.setActionEnabled(CanvasAction.suggest.detailed, isEnabled(.suggestion))
        canvas.widget.setActionEnabled(CanvasAction.trim.detailed, isEnabled(.trim))
    }

    /// Sets a stateful action's state from code (menus show it; no handler runs).
    func setActionState(_ action: WindowAction, _ value: OpaquePointer) {
        if let action = g_action_map_lookup_action(cgtk_action_map(window.raw), action.name) {
            g_simple_action_set_state(action, value)
        }
    }

    /// The table's crop-area keys, on the crop area: they activate the window's action while it has focus.
    private func installCropAreaKeys() {
        let controller = gtk_shortcut_controller_new()!
        for entry in EditorWindow.actions where !entry.cropAreaKeys.isEmpty {
            let trigger = gtk_shortcut_trigger_parse_string(entry.cropAreaKeys.joined(separator: "|"))
            let shortcut = gtk_shortcut_new(trigger, gtk_named_action_new(entry.action.detailed))
            gtk_shortcut_controller_add_shortcut(controller, shortcut)
        }
        canvas.widget.addController(controller.raw)
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
