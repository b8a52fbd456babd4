// The window's menus from code: the main menu (with its Guides and Zoom submenus) and Save's menu.

import CGtk
import GtkSupport

@MainActor
enum MainMenu {
    /// The main menu; the caller owns it (the header puts the controls that do not fit first).
    static func make() -> UnsafeMutablePointer<GMenuModel> {
        let perspective = perspectiveMenu(), cutOut = cutOutMenu(), frames = framesMenu(), turns = turnsMenu()
        let guides = Guides.menu(), zoom = zoomMenu()
        // The main menu holds the submenus from then on.
        defer { for submenu in [perspective, cutOut, frames, turns, guides, zoom] { Menu.release(submenu) } }
        // Short enough to fit a small screen unscrolled: GTK 4.8 moves the focus out of order by Down in a
        // popover menu that scrolls (Orca then reads items twice and skips others). So the modes and the
        // frames keep their items in submenus, and the first section stays one.
        return Menu.sectioned([
            [
                .action(tr("_Open…"), WindowAction.open.detailed), .action(tr("_Keep Crop"), WindowAction.keepCrop.detailed),
                .action(tr("_Save"), WindowAction.save.detailed), .action(tr("Save _As…"), WindowAction.saveAs.detailed),
                .action(tr("Save A_ll Frames"), WindowAction.saveAll.detailed),
                .action(tr("Apply _to All…"), WindowAction.applyToAll.detailed),
                .action(tr("_Reset Crop"), WindowAction.reset.detailed),
                .action(tr("_Trim Borders"), WindowAction.trim.detailed),
                .submenu(tr("P_erspective"), perspective), .submenu(tr("Cu_t Out"), cutOut),
                .submenu(tr("_Frames"), frames), .submenu(tr("Rotate and Fl_ip"), turns),
                .action(tr("_Close Image"), WindowAction.closeImage.detailed),
                .submenu(tr("_Guides"), guides), .submenu(tr("_Zoom"), zoom),
            ],
            // Where the crop goes after: the printer, the desktop, another application, or the photo to the trash.
            [
                .action(tr("_Print…"), WindowAction.print.detailed),
                .action(tr("Set as _Background"), WindowAction.setBackground.detailed),
                .action(tr("Open _With…"), WindowAction.openWith.detailed),
                .action(tr("_Move to Trash"), WindowAction.trash.detailed),
            ],
            [
                .action(tr("_Keyboard Shortcuts"), WindowAction.showHelpOverlay.detailed),
                .action(tr("_About Crop Editor"), AppAction.about.detailed),
            ],
        ])
    }

    /// The perspective submenu: the mode, and the corrections found by themselves; the caller owns it.
    private static func perspectiveMenu() -> UnsafeMutablePointer<GMenuModel> {
        Menu.sectioned([
            [
                .action(tr("P_erspective"), WindowAction.perspective.detailed),
                .action(tr("Find _Document"), WindowAction.findDocument.detailed),
                .action(tr("_Upright"), WindowAction.upright.detailed),
            ]
        ])
    }

    /// The Cut Out submenu: the mode and whether the joins show; the caller owns it.
    private static func cutOutMenu() -> UnsafeMutablePointer<GMenuModel> {
        Menu.sectioned([
            [
                .action(tr("Cu_t Out"), WindowAction.cutOut.detailed),
                .action(tr("Show _Join Lines"), WindowAction.showJoinLines.detailed),
            ]
        ])
    }

    /// Several crops of the photo: a format each, the prints of a scan, or frames added, chosen and
    /// removed by hand; the caller owns it.
    private static func framesMenu() -> UnsafeMutablePointer<GMenuModel> {
        Menu.sectioned([
            [
                .action(tr("F_ormats…"), WindowAction.formats.detailed),
                .action(tr("_Find Photos"), WindowAction.findPhotos.detailed),
                .action(tr("Add _Frame"), WindowAction.addFrame.detailed),
                .action(tr("Re_move Frame"), WindowAction.removeFrame.detailed),
                .action(tr("Ne_xt Frame"), WindowAction.nextFrame.detailed),
                .action(tr("Previous Fra_me"), WindowAction.previousFrame.detailed),
            ]
        ])
    }

    /// The quarter turns and the flips; the caller owns it.
    private static func turnsMenu() -> UnsafeMutablePointer<GMenuModel> {
        Menu.sectioned([
            [
                .action(tr("Rotate _Left"), WindowAction.rotateLeft.detailed),
                .action(tr("Rotate R_ight"), WindowAction.rotateRight.detailed),
                .action(tr("Flip _Horizontally"), WindowAction.flipHorizontal.detailed),
                .action(tr("Flip _Vertically"), WindowAction.flipVertical.detailed),
            ]
        ])
    }

    /// The zoom submenu of the main menu; the caller owns it.
    private static func zoomMenu() -> UnsafeMutablePointer<GMenuModel> {
        Menu.sectioned([
            [
                .action(tr("Zoom _In"), WindowAction.zoomIn.detailed), .action(tr("Zoom _Out"), WindowAction.zoomOut.detailed),
                .action(tr("_Fit"), WindowAction.zoomFit.detailed),
                .action(tr("_Actual Pixels"), WindowAction.zoomActual.detailed),
            ]
        ])
    }

    /// Save's menu (the split button's arrow): the other ways to save, and the clipboard; the caller owns it.
    static func saveMenu() -> UnsafeMutablePointer<GMenuModel> {
        Menu.sectioned([
            [
                .action(tr("Save _As…"), WindowAction.saveAs.detailed),
                .action(tr("Save A_ll Frames"), WindowAction.saveAll.detailed),
                .action(tr("F_ormats…"), WindowAction.formats.detailed),
                .action(tr("_Keep Crop"), WindowAction.keepCrop.detailed),
                .action(tr("Apply _to All…"), WindowAction.applyToAll.detailed),
            ],
            [
                .action(tr("_Copy"), WindowAction.copy.detailed),
                .action(tr("Copy and C_lose"), WindowAction.copyAndClose.detailed),
            ],
        ])
    }
}
