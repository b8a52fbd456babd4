// The header bar's widgets: Open, the editing controls around the title, Save; what does not fit moves into the main menu.

import CGtk
import Canvas
import GtkSupport

/// The header bar and the controls in it. It owns their widgets and the main menu's overflow
/// section; the window's features show what they hold in them (the title, the ratio, the folder's arrows).
@MainActor
final class HeaderBar {
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
        /// Goes before Straighten: it has a key (Ctrl+Shift+P) and its entry in the main menu at any width.
        static let perspective = 18
        /// Goes before Perspective: it has a key (X on the crop area) and its entry in the main menu at any width.
        static let cutOut = 17
        /// Goes before Straighten: it has a key (S on the crop area) and a main-menu entry when hidden.
        static let suggest = 15
    }

    /// The photo's name, and under it the folder's counter.
    let title: UnsafeMutablePointer<GtkWidget>
    /// The editing controls around the title, hidden from the least important as the window narrows.
    let row = PriorityRow(spacing: 6)
    /// The main menu's first section: the header controls that did not fit.
    private let overflowMenu = EditableMenu()
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
    /// The Output Size menu button in the pixel popover.
    let outputSizeMenu = OutputSizeMenu()
    /// The ratio menu button (its label shows the ratio in force).
    let aspectRatioButton: UnsafeMutablePointer<GtkWidget>
    /// Controls the main menu stands in for when they do not fit.
    let undoButton, redoButton, previewToggle, straightenToggle, suggestButton: UnsafeMutablePointer<GtkWidget>
    /// Perspective mode's and Cut Out mode's toggles (the main menu has their entries at any width).
    let perspectiveToggle, cutOutToggle: UnsafeMutablePointer<GtkWidget>
    /// The previous and next photo buttons, shown while a folder has more than one photo.
    let photoButtons: [UnsafeMutablePointer<GtkWidget>]
    /// Every control of the header, each with an accessible name and a tooltip.
    let controls: [UnsafeMutablePointer<GtkWidget>]

    /// The header from its GtkBuilder tree, appended to `box`; the lossless button goes into `cropStatus`.
    init(in box: UnsafeMutablePointer<GtkWidget>, cropStatus: UnsafeMutablePointer<GtkWidget>) {
        let parts = HeaderBar.loadParts()
        // The builder holds the loose parts until they are parented, here.
        defer { withExtendedLifetime(parts.builder) {} }
        box.append(parts.header)
        cropStatus.append(parts.lossless)
        title = Widgets.windowTitle(DemoPicture.title)
        (menuButton, saveButton, losslessButton, pixelButton) = (parts.menu, parts.save, parts.lossless, parts.pixels)
        (undoButton, redoButton, previewToggle, suggestButton) = (parts.undo, parts.redo, parts.previews, parts.suggest)
        straightenToggle = parts.straighten
        perspectiveToggle = parts.perspective
        cutOutToggle = parts.cutOut
        pixelEntries = parts.pixelEntries
        applyPixelsButton = parts.applyPixels
        parts.outputSizeSlot.append(outputSizeMenu.button)
        aspectRatioButton = RatioChoice.makeButton()
        photoButtons = [parts.previousPhoto, parts.nextPhoto]
        controls = [
            parts.open, parts.reset, parts.menu, aspectRatioButton, parts.undo, parts.redo, parts.pixels,
            parts.previews, parts.save, parts.straighten, parts.perspective, parts.cutOut, parts.previousPhoto,
            parts.nextPhoto, parts.suggest,
        ]
        HeaderBar.nameControls(parts)
        for button in photoButtons { button.isVisible = false }
        placeInRow(parts)
        parts.header.setHeaderTitleWidget(row.widget)
        Menu.handOver(MainMenu.make()) { primary in
            // Controls that do not fit come first in the main menu.
            overflowMenu.prepend(asSectionOf: primary)
            parts.menu.setMenuModel(primary)
        }
        Menu.handOver(MainMenu.saveMenu(), to: parts.save.setSplitMenuModel)
        parts.menu.nameMenu(tr("Main menu"))
        parts.save.nameMenu(tr("More ways to save"))
    }

    /// The editing controls in the priority row, in their order on screen.
    private func placeInRow(_ parts: HeaderParts) {
        for button in [parts.undo, parts.redo] { row.append(button, priority: Priority.undoRedo) }
        row.append(parts.reset, priority: Priority.reset)
        row.append(parts.straighten, priority: Priority.straighten)
        row.append(parts.perspective, priority: Priority.perspective)
        row.append(parts.cutOut, priority: Priority.cutOut)
        row.append(aspectRatioButton, priority: Priority.aspectRatio)
        row.append(title, priority: PriorityRow.required, flexible: true)
        row.append(parts.previews, priority: Priority.previews)
        row.append(parts.suggest, priority: Priority.suggest)
        row.append(parts.pixels, priority: PriorityRow.required)
        row.widget.expandsHorizontally = true
        row.onHiddenChange = { [weak self] hidden in self?.updateOverflowMenu(hidden: hidden) }
    }

    /// Enter in any pixel entry, or Apply, runs `apply` (which reads them all).
    func whenPixelsApplied(_ apply: @escaping @MainActor () -> Void) {
        for spin in pixelEntries { spin.whenEntered(apply) }
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
        AccessibleName.setIconButton(parts.perspective, tr("Perspective"))
        AccessibleName.setIconButton(parts.cutOut, tr("Cut Out"))
        AccessibleName.setIconButton(parts.pixels, tr("Pixel position and size"))
        AccessibleName.setIconButton(parts.menu, tr("Main menu"))
        AccessibleName.setIconButton(parts.suggest, tr("Suggest crop"))
        AccessibleName.setIconButton(parts.previousPhoto, tr("Previous photo"))
        AccessibleName.setIconButton(parts.nextPhoto, tr("Next photo"))
        parts.save.setAccessibleLabel(tr("Save"))
        // The split button's arrow is a menu button of its own, which a screen reader reaches: it needs a name too.
        for part in parts.save.children where part.isMenuButton { part.setAccessibleLabel(tr("More ways to save")) }
    }

    /// The main menu's first section: one entry for each header control hidden for lack of room.
    private func updateOverflowMenu(hidden: [UnsafeMutablePointer<GtkWidget>]) {
        overflowMenu.removeAll()
        for widget in hidden {
            switch widget {
            case aspectRatioButton:
                if let ratios = widget.menuModel { overflowMenu.append(tr("Aspect _Ratio"), submenu: ratios) }
            case undoButton: overflowMenu.append(tr("_Undo"), action: WindowAction.undo.detailed)
            case redoButton: overflowMenu.append(tr("_Redo"), action: WindowAction.redo.detailed)
            case previewToggle: overflowMenu.append(tr("Show _Previews"), action: WindowAction.showPreviews.detailed)
            case straightenToggle: overflowMenu.append(tr("S_traighten"), action: WindowAction.straighten.detailed)
            case suggestButton: overflowMenu.append(tr("Su_ggest Crop"), action: WindowAction.suggest.detailed)
            default: break  // Reset, Perspective and Cut Out are in the menu anyway
            }
        }
    }

    /// The labels of the main menu's overflow section, in order (for tests and logs).
    var overflowMenuLabels: [String] { Menu.entries(overflowMenu.model).compactMap(\.label) }
}
