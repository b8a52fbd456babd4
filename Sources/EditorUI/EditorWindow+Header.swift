// The header bar: Open, the editing controls around the title, Save as the suggested action; what does not fit moves into the main menu.

import CGtk
import GtkSupport

extension EditorWindow {
    /// How long each header control stays as the window narrows (higher stays longer). Open, the
    /// pixel entry, the title, Save and the main menu always stay.
    enum HeaderPriority {
        static let aspectRatio = 60
        static let undoRedo = 50
        static let reset = 40
        static let previews = 30
        static let lossless = 20
        static let sizeLabel = 10
    }

    func buildHeader() -> UnsafeMutablePointer<GtkWidget> {
        let header = adw_header_bar_new()!
        let bar = cgtk_adw_header_bar(header.raw)

        let open = gtk_button_new_with_mnemonic(tr("_Open"))!
        gtk_actionable_set_action_name(OpaquePointer(open), "win.open")
        gtk_widget_set_tooltip_text(open, tr("Open an image (Ctrl+O)"))
        adw_header_bar_pack_start(bar, open)

        // GNOME's "revert" arrow: counterclockwise, and distinct from Undo's.
        let reset = EditorWindow.iconButton("document-revert-symbolic", action: "win.reset",
                                            tooltip: tr("Reset the crop (Ctrl+Backspace)"), name: tr("Reset crop"))
        let undo = EditorWindow.iconButton("edit-undo-symbolic", action: "win.undo", tooltip: tr("Undo (Ctrl+Z)"), name: tr("Undo"))
        let redo = EditorWindow.iconButton("edit-redo-symbolic", action: "win.redo",
                                           tooltip: tr("Redo (Ctrl+Shift+Z)"), name: tr("Redo"))
        (undoButton, redoButton) = (undo, redo)
        aspectRatioButton = makeAspectRatioButton()

        // Two short lines (percent over pixels) instead of one long one, in tabular digits so the
        // label does not jitter while the numbers change.
        gtk_widget_add_css_class(sizeLabel, "numeric")
        gtk_widget_add_css_class(sizeLabel, "caption")
        gtk_label_set_justify(cgtk_label(sizeLabel.raw), GTK_JUSTIFY_CENTER)
        gtk_widget_set_tooltip_text(sizeLabel, tr("Size of the crop, in percent of the image and in pixels"))
        let pixels = makePixelEntryButton()
        pixelButton = pixels
        previewToggle = makePreviewToggle()
        gtk_actionable_set_action_name(OpaquePointer(losslessButton), "win.snap-lossless")
        gtk_widget_set_visible(losslessButton, 0)

        let row = headerRow
        for button in [undo, redo] { row.append(button, priority: HeaderPriority.undoRedo) }
        row.append(reset, priority: HeaderPriority.reset)
        row.append(aspectRatioButton, priority: HeaderPriority.aspectRatio)
        row.append(title, priority: PriorityRow.required, flexible: true)
        row.append(losslessButton, priority: HeaderPriority.lossless)
        row.append(previewToggle, priority: HeaderPriority.previews)
        row.append(pixels, priority: PriorityRow.required)
        row.append(sizeLabel, priority: HeaderPriority.sizeLabel)
        gtk_widget_set_hexpand(row.widget, 1)
        row.onHiddenChange = { [weak self] hidden in self?.updateOverflowMenu(hidden: hidden) }
        adw_header_bar_set_title_widget(bar, row.widget)

        let menu = menuButton
        gtk_menu_button_set_icon_name(cgtk_menu_button(menu.raw), "open-menu-symbolic")
        let primary = EditorWindow.primaryMenu()
        // Controls that do not fit come first in the main menu.
        g_menu_prepend_section(OpaquePointer(primary), nil, UnsafeMutableRawPointer(overflowMenu).assumingMemoryBound(to: GMenuModel.self))
        g_object_unref(overflowMenu.raw) // the main menu holds it from now on, as long as the window lives
        gtk_menu_button_set_menu_model(cgtk_menu_button(menu.raw), primary)
        g_object_unref(primary.raw)
        gtk_menu_button_set_primary(cgtk_menu_button(menu.raw), 1)
        gtk_widget_set_tooltip_text(menu, tr("Main menu (F10)"))
        cgtk_accessible_set_label(menu, tr("Main menu"))
        adw_header_bar_pack_end(bar, menu)
        adw_header_bar_pack_end(bar, saveButton)

        headerControls = [open, reset, menu, sizeLabel, aspectRatioButton, undo, redo, pixels, previewToggle, saveButton]
        return header
    }

    /// Save, GNOME's suggested action, with Save As and Keep Crop beside it (as Image Viewer's Save).
    static func makeSaveButton() -> UnsafeMutablePointer<GtkWidget> {
        let button = adw_split_button_new()!
        let split = OpaquePointer(button)
        adw_split_button_set_label(split, tr("_Save"))
        adw_split_button_set_use_underline(split, 1)
        gtk_actionable_set_action_name(OpaquePointer(button), "win.save")
        let menu = Menu.sectioned([[.action(tr("Save _As…"), "win.save-as"), .action(tr("_Keep Crop"), "win.keep-crop")]])
        adw_split_button_set_menu_model(split, menu)
        g_object_unref(menu.raw)
        gtk_widget_add_css_class(button, "suggested-action")
        gtk_widget_set_tooltip_text(button, tr("Save the crop beside the photo (Ctrl+S)"))
        cgtk_accessible_set_label(button, tr("Save"))
        adw_split_button_set_dropdown_tooltip(split, tr("Save As or Keep Crop"))
        // The arrow is a menu button of its own, which a screen reader reaches: it needs a name too.
        var child = gtk_widget_get_first_child(button)
        while let part = child {
            if g_type_check_instance_is_a(part.raw.assumingMemoryBound(to: GTypeInstance.self), gtk_menu_button_get_type()) != 0 {
                cgtk_accessible_set_label(part, tr("More ways to save"))
            }
            child = gtk_widget_get_next_sibling(part)
        }
        return button
    }

    /// The main menu's first section: one entry for each header control hidden for lack of room.
    func updateOverflowMenu(hidden: [UnsafeMutablePointer<GtkWidget>]) {
        g_menu_remove_all(overflowMenu)
        for widget in hidden {
            switch widget {
            case aspectRatioButton:
                if let ratios = gtk_menu_button_get_menu_model(cgtk_menu_button(widget.raw)) {
                    g_menu_append_submenu(overflowMenu, tr("Aspect _Ratio"), ratios)
                }
            // The button's own words: "Lossless" (a greyed status) or "Snap to Lossless Grid".
            case losslessButton: g_menu_append(overflowMenu, gtk_button_get_label(cgtk_button(widget.raw)), "win.snap-lossless")
            case undoButton: g_menu_append(overflowMenu, tr("_Undo"), "win.undo")
            case redoButton: g_menu_append(overflowMenu, tr("_Redo"), "win.redo")
            case previewToggle: g_menu_append(overflowMenu, tr("Show _Previews"), "win.show-previews")
            default: break // Reset is in the menu anyway; the size label is no control
            }
        }
    }

    /// The labels of the main menu's overflow section, in order (for tests and logs).
    var overflowMenuLabels: [String] {
        Menu.entries(UnsafeMutableRawPointer(overflowMenu).assumingMemoryBound(to: GMenuModel.self)).compactMap(\.label)
    }
}
