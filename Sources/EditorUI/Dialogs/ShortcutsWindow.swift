// The keyboard shortcuts window (Ctrl+?): what it must list (the tables that install the keys) and its .ui file.

import CGtk
import Canvas
import CropKit
import GtkSupport

@MainActor
enum ShortcutsWindow {
    /// Window-wide shortcuts, grouped as GNOME apps group them, from the window's and the
    /// application's action tables (which the accelerators are installed from too), so the window
    /// cannot list a key that does nothing.
    static var windowShortcutGroups: [(title: String, shortcuts: [WindowShortcut])] {
        ShortcutGroup.allCases.map { group in
            let window = WindowAction.entries.filter { $0.group == group && !$0.accels.isEmpty }
                .map { WindowShortcut(action: $0.action.detailed, accels: $0.accels, title: $0.title ?? $0.name) }
            let app = CropEditorApplication.actions.filter { $0.group == group && !$0.accels.isEmpty }
                .map { WindowShortcut(action: $0.action.detailed, accels: $0.accels, title: $0.title ?? $0.name) }
            return (group.title, window + app)
        }
    }

    /// Every window-wide shortcut, group after group.
    static var windowShortcuts: [WindowShortcut] { windowShortcutGroups.flatMap(\.shortcuts) }

    /// The crop area's own keys, in the order people learn them.
    static var cropAreaShortcuts: [ShortcutEntry] {
        CropCanvas.keyBindings.map { ShortcutEntry(accelerator: $0.accelerator, title: $0.title) }
            + [
                ShortcutEntry(accelerator: "bracketright", title: N_("Straighten clockwise by 0.1°")),
                ShortcutEntry(accelerator: "bracketleft", title: N_("Straighten counterclockwise by 0.1°")),
                ShortcutEntry(accelerator: "<Shift>bracketright", title: N_("Straighten clockwise by 1°")),
                ShortcutEntry(accelerator: "<Shift>bracketleft", title: N_("Straighten counterclockwise by 1°")),
                ShortcutEntry(accelerator: "l", title: N_("Level the picture by its lines")),
                ShortcutEntry(accelerator: "Escape", title: N_("Cancel the drag in progress")),
                ShortcutEntry(accelerator: "plus", title: N_("Zoom in around the frame")),
                ShortcutEntry(accelerator: "minus", title: N_("Zoom out around the frame")),
                ShortcutEntry(accelerator: "space", title: N_("Hold to pan by dragging")),
                ShortcutEntry(accelerator: "s", title: N_("Suggest a crop: the most interesting part of the photo")),
                ShortcutEntry(accelerator: "t", title: N_("Trim borders: the picture inside its plain or transparent border")),
                ShortcutEntry(accelerator: "d", title: N_("Find the document in the photo and straighten it")),
                ShortcutEntry(accelerator: "u", title: N_("Upright: leaning verticals made parallel")),
                ShortcutEntry(accelerator: "c", title: N_("Perspective mode: choose the next corner (the arrows move it)")),
                ShortcutEntry(accelerator: "<Shift>c", title: N_("Perspective mode: choose the previous corner")),
                ShortcutEntry(accelerator: "Return", title: N_("Perspective mode: straighten the picture by its corners")),
                ShortcutEntry(accelerator: "p", title: N_("Find the photos on a scan: each print a frame, straightened")),
                ShortcutEntry(accelerator: "n", title: N_("Add a frame: a copy of this one, for another crop of the picture")),
                ShortcutEntry(accelerator: "f", title: N_("Choose the next frame")),
                ShortcutEntry(accelerator: "<Shift>f", title: N_("Choose the previous frame")),
                ShortcutEntry(accelerator: "<Control>Delete", title: N_("Remove this frame")),
                ShortcutEntry(
                    accelerator: "x", title: N_("Cut Out mode: drag across the picture to remove a band of rows or columns")),
                ShortcutEntry(
                    accelerator: "b",
                    title: N_("Cut Out mode: add a band across the middle (the arrows move it, Ctrl+arrows resize it)")),
                ShortcutEntry(accelerator: "o", title: N_("Cut Out mode: switch new bands between rows and columns")),
                ShortcutEntry(accelerator: "Delete", title: N_("Cut Out mode: put the chosen band back")),
                ShortcutEntry(accelerator: "Tab", title: N_("Leave the crop area (Shift+Tab goes back)")),
            ]
            // Window actions whose keys work on the crop area alone (Delete: Move to Trash).
            + WindowAction.entries.filter { $0.accels.isEmpty && !$0.cropAreaKeys.isEmpty }.map {
                ShortcutEntry(accelerator: $0.cropAreaKeys[0], title: $0.title ?? $0.name)
            }
    }

    /// The crop area's group title.
    static let cropAreaTitle = N_("Crop area (when focused)")

    /// The groups `shortcuts.ui` must show (translated): File, Edit, View, then the crop area's keys.
    static var groups: [(title: String, rows: [ShortcutEntry])] {
        windowShortcutGroups.map { group in
            (
                tr(group.title),
                group.shortcuts.map { ShortcutEntry(accelerator: $0.accels.joined(separator: " "), title: tr($0.title)) }
            )
        } + [(tr(cropAreaTitle), cropAreaShortcuts.map { ShortcutEntry(accelerator: $0.accelerator, title: tr($0.title)) })]
    }

    /// Builds the window for `parent` (an application window), which shows it on Ctrl+?, from
    /// `shortcuts.ui` (GtkShortcutsWindow is made to be built by GtkBuilder; GTK 4.8 has no call that
    /// adds a group from code). The file lists what `groups` says: a test compares the two.
    static func attach(to parent: UnsafeMutablePointer<GtkWidget>) {
        let builder = UIFiles.builder("shortcuts.ui")
        guard let object = Builder.object(builder, "shortcuts") else { return }
        parent.setHelpOverlay(object)
    }
}
