// The header bar as the window's part: Open, the editing controls around the title, Save; what does not fit moves into the main menu.

import CGtk
import Canvas
import GtkSupport

/// The header bar and the controls in it. It owns their widgets and the main menu's overflow
/// section; the window tells it what to show (the title, the ratio, the folder's arrows).
@MainActor
final class HeaderController {
    /// How long each header control stays as the window narrows (higher stays longer). Open, the
    /// pixel entry, the title, Save and the main menu always stay.
    enum Priority {
        static let aspectRatio = 60
        static let undoRedo = 50
        static let reset = 40
        static let previews = 30
        /// The first to go: it has a key (Ctrl+T) and a main-menu entry when hidden, and at 600
        /// points the window has room for every other control but not for it.
        static let straighten = 20
        /// Goes before Straighten: it has a key (S on the crop area) and a main-menu entry when hidden.
        static let suggest = 15
    }

    /// The photo's name, and under it the folder's counter.
    let title: UnsafeMutablePointer<GtkWidget>
    /// The editing controls around the title, hidden from the least important as the window narrows.
    let row = PriorityRow(spacing: 6)
    /// The main menu's first section: the header controls that did not fit.
    private let overflowMenu: OpaquePointer = g_menu_new()
    /// Save, the suggested action, with Save As and Keep Crop in its menu.
    let saveButton: UnsafeMutablePointer<GtkWidget>
    /// Tells whether the crop saves losslessly (JPEG) and offers to snap it onto the block grid;
    /// it sits over the picture, in the crop's status.
    let losslessButton: UnsafeMutablePointer<GtkWidget>
    let menuButton: UnsafeMutablePointer<GtkWidget>
    /// The button whose popover holds the pixel entries, and X, Y, width and height in it.
    let pixelButton: UnsafeMutablePointer<GtkWidget>
    let pixelEntries: [UnsafeMutablePointer<GtkWidget>]
    private let applyPixelsButton: UnsafeMutablePointer<GtkWidget>
    /// The Output Size choice in the pixel popover and the size in force.
    let outputSize = OutputSizeController()
    /// The ratio menu button (its label shows the ratio in force).
    let aspectRatioButton: UnsafeMutablePointer<GtkWidget>
    /// Controls the main menu stands in for when they do not fit.
    let undoButton, redoButton, previewToggle, straightenToggle, suggestButton: UnsafeMutablePointer<GtkWidget>
    /// The previous and next photo buttons, shown while a folder has more than one photo.
    let photoButtons: [UnsafeMutablePointer<GtkWidget>]
    /// Every control of the header, each with an accessible name and a tooltip.
    let controls: [UnsafeMutablePointer<GtkWidget>]

    /// The header from its GtkBuilder tree, appended to `box`; the lossless button goes into `cropStatus`.
    init(in box: UnsafeMutablePointer<GtkWidget>, cropStatus: UnsafeMutablePointer<GtkWidget>) {
        let parts = HeaderController.loadParts()
        // The builder holds the loose parts until they are parented, here.
        defer { withExtendedLifetime(parts.builder) {} }
        box.append(parts.header)
        cropStatus.append(parts.lossless)
        title = adw_window_title_new(DemoPicture.title, nil)
        (menuButton, saveButton, losslessButton, pixelButton) = (parts.menu, parts.save, parts.lossless, parts.pixels)
        (undoButton, redoButton, previewToggle, suggestButton) = (parts.undo, parts.redo, parts.previews, parts.suggest)
        straightenToggle = parts.straighten
        pixelEntries = parts.pixelEntries
        applyPixelsButton = parts.applyPixels
        parts.outputSizeSlot.append(outputSize.button)
        aspectRatioButton = EditorWindow.makeAspectRatioButton()
        photoButtons = [parts.previousPhoto, parts.nextPhoto]
        controls = [
            parts.open, parts.reset, parts.menu, aspectRatioButton, parts.undo, parts.redo, parts.pixels,
            parts.previews, parts.save, parts.straighten, parts.previousPhoto, parts.nextPhoto, parts.suggest,
        ]
        HeaderController.nameControls(parts)
        for button in photoButtons { button.isVisible = false }

        for button in [parts.undo, parts.redo] { row.append(button, priority: Priority.undoRedo) }
        row.append(parts.reset, priority: Priority.reset)
        row.append(parts.straighten, priority: Priority.straighten)
        row.append(aspectRatioButton, priority: Priority.aspectRatio)
        row.append(title, priority: PriorityRow.required, flexible: true)
        row.append(parts.previews, priority: Priority.previews)
        row.append(parts.suggest, priority: Priority.suggest)
        row.append(parts.pixels, priority: PriorityRow.required)
        row.widget.expandsHorizontally = true
        row.onHiddenChange = { [weak self] hidden in self?.updateOverflowMenu(hidden: hidden) }
        adw_header_bar_set_title_widget(cgtk_adw_header_bar(parts.header.raw), row.widget)

        let primary = EditorWindow.primaryMenu()
        // Controls that do not fit come first in the main menu.
        g_menu_prepend_section(
            OpaquePointer(primary), nil, UnsafeMutableRawPointer(overflowMenu).assumingMemoryBound(to: GMenuModel.self))
        g_object_unref(overflowMenu.raw)  // the main menu holds it from now on, as long as the window lives
        parts.menu.setMenuModel(primary)
        g_object_unref(primary.raw)
        let saveMenu = Menu.sectioned([
            [
                .action(tr("Save _As…"), WindowAction.saveAs.detailed),
                .action(tr("_Keep Crop"), WindowAction.keepCrop.detailed),
                .action(tr("Apply _to All…"), WindowAction.applyToAll.detailed),
            ],
            [
                .action(tr("_Copy"), WindowAction.copy.detailed),
                .action(tr("Copy and C_lose"), WindowAction.copyAndClose.detailed),
            ],
        ])
        adw_split_button_set_menu_model(OpaquePointer(parts.save), saveMenu)
        g_object_unref(saveMenu.raw)
    }

    /// Enter in any pixel entry, or Apply, runs `apply` (which reads them all).
    func whenPixelsApplied(_ apply: @escaping @MainActor () -> Void) {
        for spin in pixelEntries {
            // GTK 4.8's spin button has no activate signal of its own; its text delegate has.
            if let text = gtk_editable_get_delegate(OpaquePointer(spin)) { Signal.connect(text.raw, "activate", apply) }
        }
        Signal.connect(applyPixelsButton.raw, "clicked", apply)
    }

    /// Names screen readers speak (GTK 4.8 would read an icon button by its icon's class).
    private static func nameControls(_ parts: HeaderParts) {
        AccessibleName.setIconButton(parts.open, tr("Open"))
        AccessibleName.setIconButton(parts.reset, tr("Reset crop"))
        AccessibleName.setIconButton(parts.undo, tr("Undo"))
        AccessibleName.setIconButton(parts.redo, tr("Redo"))
        AccessibleName.setIconButton(parts.previews, tr("Previews"))
        AccessibleName.setIconButton(parts.straighten, tr("Straighten"))
        AccessibleName.setIconButton(parts.pixels, tr("Pixel position and size"))
        AccessibleName.setIconButton(parts.menu, tr("Main menu"))
        AccessibleName.setIconButton(parts.suggest, tr("Suggest crop"))
        AccessibleName.setIconButton(parts.previousPhoto, tr("Previous photo"))
        AccessibleName.setIconButton(parts.nextPhoto, tr("Next photo"))
        parts.save.setAccessibleLabel(tr("Save"))
        nameSaveDropdown(parts.save)
    }

    /// The split button's arrow is a menu button of its own, which a screen reader reaches: it needs a name too.
    private static func nameSaveDropdown(_ save: UnsafeMutablePointer<GtkWidget>) {
        var child = gtk_widget_get_first_child(save)
        while let part = child {
            if g_type_check_instance_is_a(part.raw.assumingMemoryBound(to: GTypeInstance.self), gtk_menu_button_get_type()) != 0 {
                part.setAccessibleLabel(tr("More ways to save"))
            }
            child = gtk_widget_get_next_sibling(part)
        }
    }

    /// The main menu's first section: one entry for each header control hidden for lack of room.
    private func updateOverflowMenu(hidden: [UnsafeMutablePointer<GtkWidget>]) {
        g_menu_remove_all(overflowMenu)
        for widget in hidden {
            switch widget {
            case aspectRatioButton:
                if let ratios = gtk_menu_button_get_menu_model(cgtk_menu_button(widget.raw)) {
                    g_menu_append_submenu(overflowMenu, tr("Aspect _Ratio"), ratios)
                }
            case undoButton: g_menu_append(overflowMenu, tr("_Undo"), WindowAction.undo.detailed)
            case redoButton: g_menu_append(overflowMenu, tr("_Redo"), WindowAction.redo.detailed)
            case previewToggle: g_menu_append(overflowMenu, tr("Show _Previews"), WindowAction.showPreviews.detailed)
            case straightenToggle: g_menu_append(overflowMenu, tr("S_traighten"), WindowAction.straighten.detailed)
            case suggestButton: g_menu_append(overflowMenu, tr("Su_ggest Crop"), WindowAction.suggest.detailed)
            default: break  // Reset is in the menu anyway
            }
        }
    }

    /// The labels of the main menu's overflow section, in order (for tests and logs).
    var overflowMenuLabels: [String] {
        Menu.entries(UnsafeMutableRawPointer(overflowMenu).assumingMemoryBound(to: GMenuModel.self)).compactMap(\.label)
    }
}
