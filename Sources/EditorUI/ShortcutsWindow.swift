// The keyboard shortcuts window (Ctrl+?), built from the same tables that install the shortcuts.

import CGtk
import CropKit
import GtkSupport

/// One row of the shortcuts window.
struct ShortcutEntry: Sendable {
    let accelerator: String
    let title: String
}

/// A window-wide shortcut: the action it activates, its accelerators (the first is shown) and its title.
struct WindowShortcut: Sendable {
    let action: String
    let accels: [String]
    let title: String
}

@MainActor
enum ShortcutsWindow {
    /// Window-wide shortcuts, grouped as GNOME apps group them. The application installs the
    /// accelerators from these same tables, so the window cannot list a key that does nothing.
    static let windowShortcutGroups: [(title: String, shortcuts: [WindowShortcut])] = [
        (N_("File"), [
            WindowShortcut(action: "win.open", accels: ["<Control>o"], title: N_("Open an image")),
            WindowShortcut(action: "win.save", accels: ["<Control>s"], title: N_("Save the crop beside the photo")),
            WindowShortcut(action: "win.save-as", accels: ["<Control><Shift>s"], title: N_("Save the crop as…")),
            WindowShortcut(action: "win.keep-crop", accels: ["<Control>k"], title: N_("Keep the crop beside the photo (sidecar)")),
            WindowShortcut(action: "win.close", accels: ["<Control>w"], title: N_("Close the window")),
            WindowShortcut(action: "app.quit", accels: ["<Control>q"], title: N_("Quit")),
        ]),
        (N_("Edit"), [
            WindowShortcut(action: "win.undo", accels: ["<Control>z"], title: N_("Undo")),
            WindowShortcut(action: "win.redo", accels: ["<Control><Shift>z"], title: N_("Redo")),
            WindowShortcut(action: "win.reset", accels: [CropCanvas.resetAccelerator], title: N_("Reset the crop")),
            WindowShortcut(action: "win.rotate-right", accels: ["<Control>r"], title: N_("Rotate right")),
            WindowShortcut(action: "win.rotate-left", accels: ["<Control><Shift>r"], title: N_("Rotate left")),
            WindowShortcut(action: "win.toggle-shape", accels: ["<Control><Shift>c"], title: N_("Switch between rectangle and circle")),
            WindowShortcut(action: "win.fixed-frame", accels: ["<Control>m"], title: N_("Fixed frame: move the picture under it")),
        ]),
        (N_("View"), [
            WindowShortcut(action: "win.zoom-in", accels: ["<Control>plus", "<Control>equal"], title: N_("Zoom in")),
            WindowShortcut(action: "win.zoom-out", accels: ["<Control>minus"], title: N_("Zoom out")),
            WindowShortcut(action: "win.zoom-fit", accels: ["<Control>0"], title: N_("Fit the picture in the window")),
            WindowShortcut(action: "win.zoom-actual", accels: ["<Control>1"], title: N_("Zoom to actual pixels (100 %)")),
            WindowShortcut(action: "win.show-previews", accels: ["F9"], title: N_("Show or hide the previews")),
            WindowShortcut(action: "win.show-menu", accels: ["F10"], title: N_("Open the main menu")),
            WindowShortcut(action: "win.show-help-overlay", accels: ["<Control>question"], title: N_("Show keyboard shortcuts")),
        ]),
    ]

    /// Every window-wide shortcut, group after group.
    static var windowShortcuts: [WindowShortcut] { windowShortcutGroups.flatMap(\.shortcuts) }

    /// The crop area's own keys, in the order people learn them.
    static var cropAreaShortcuts: [ShortcutEntry] {
        CropCanvas.keyBindings.map { ShortcutEntry(accelerator: $0.accelerator, title: $0.title) }
            + [ShortcutEntry(accelerator: "Escape", title: N_("Cancel the drag in progress")),
               ShortcutEntry(accelerator: "plus", title: N_("Zoom in around the frame")),
               ShortcutEntry(accelerator: "minus", title: N_("Zoom out around the frame")),
               ShortcutEntry(accelerator: "space", title: N_("Hold to pan by dragging")),
               ShortcutEntry(accelerator: "Tab", title: N_("Leave the crop area (Shift+Tab goes back)"))]
    }

    /// The crop area's group title.
    static let cropAreaTitle = N_("Crop area (when focused)")

    /// The window's groups as shown (translated): File, Edit, View, then the crop area's keys.
    static var groups: [(title: String, rows: [ShortcutEntry])] {
        windowShortcutGroups.map { group in
            (tr(group.title), group.shortcuts.map { ShortcutEntry(accelerator: $0.accels.joined(separator: " "), title: tr($0.title)) })
        } + [(tr(cropAreaTitle), cropAreaShortcuts.map { ShortcutEntry(accelerator: $0.accelerator, title: tr($0.title)) })]
    }

    /// Builds the window for `parent` (an application window), which shows it on Ctrl+?.
    static func attach(to parent: UnsafeMutablePointer<GtkWidget>) {
        let builder = gtk_builder_new_from_string(builderXML(), -1)!
        defer { g_object_unref(builder.raw) }
        guard let object = gtk_builder_get_object(builder, "shortcuts") else { return }
        gtk_application_window_set_help_overlay(parent.raw.assumingMemoryBound(to: GtkApplicationWindow.self), OpaquePointer(object))
    }
}
