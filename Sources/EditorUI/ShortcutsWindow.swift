// The keyboard shortcuts window (Ctrl+?), built from the same tables that install the shortcuts.

import CGtk
import CropKit
import GtkSupport

/// One row of the shortcuts window.
struct ShortcutEntry: Sendable {
    let accelerator: String
    let title: String
}

@MainActor
enum ShortcutsWindow {
    /// Window-wide shortcuts: the action, its accelerators and its title.
    static let windowShortcuts: [(action: String, accels: [String], title: String)] = [
        ("win.open", ["<Control>o"], N_("Open an image")),
        ("win.save", ["<Control>s"], N_("Save the crop beside the photo")),
        ("win.save-as", ["<Control><Shift>s"], N_("Save the crop as…")),
        ("win.reset", [CropCanvas.resetAccelerator], N_("Reset the crop")),
        ("win.keep-crop", ["<Control>k"], N_("Keep the crop beside the photo (sidecar)")),
        ("win.zoom-in", ["<Control>plus", "<Control>equal"], N_("Zoom in")),
        ("win.zoom-out", ["<Control>minus"], N_("Zoom out")),
        ("win.zoom-fit", ["<Control>0"], N_("Fit the picture in the window")),
        ("win.zoom-actual", ["<Control>1"], N_("Zoom to actual pixels (100 %)")),
        ("win.fixed-frame", ["<Control>m"], N_("Fixed frame: move the picture under it")),
        ("win.toggle-shape", ["<Control><Shift>c"], N_("Switch between rectangle and circle")),
        ("win.undo", ["<Control>z"], N_("Undo")),
        ("win.rotate-left", ["<Control><Shift>r"], N_("Rotate left")),
        ("win.show-previews", ["F9"], N_("Show or hide the previews")),
        ("win.rotate-right", ["<Control>r"], N_("Rotate right")),
        ("win.redo", ["<Control><Shift>z"], N_("Redo")),
        ("win.show-help-overlay", ["<Control>question"], N_("Show keyboard shortcuts")),
        ("win.show-menu", ["F10"], N_("Open the main menu")),
        ("win.close", ["<Control>w"], N_("Close the window")),
        ("app.quit", ["<Control>q"], N_("Quit")),
    ]

    /// The crop area's own keys, in the order people learn them.
    static var cropAreaShortcuts: [ShortcutEntry] {
        CropCanvas.keyBindings.map { ShortcutEntry(accelerator: $0.accelerator, title: $0.title) }
            + [ShortcutEntry(accelerator: "Escape", title: N_("Cancel the drag in progress")),
               ShortcutEntry(accelerator: "plus", title: N_("Zoom in around the frame")),
               ShortcutEntry(accelerator: "minus", title: N_("Zoom out around the frame")),
               ShortcutEntry(accelerator: "space", title: N_("Hold to pan by dragging")),
               ShortcutEntry(accelerator: "Tab", title: N_("Leave the crop area (Shift+Tab goes back)"))]
    }

    /// The shortcuts window's group titles.
    static var sectionTitles: (general: String, crop: String) { (tr("General"), tr("Crop area (when focused)")) }

    /// Builds the window for `parent` (an application window), which shows it on Ctrl+?.
    static func attach(to parent: UnsafeMutablePointer<GtkWidget>) {
        let builder = gtk_builder_new_from_string(builderXML(), -1)!
        defer { g_object_unref(builder.raw) }
        guard let object = gtk_builder_get_object(builder, "shortcuts") else { return }
        gtk_application_window_set_help_overlay(parent.raw.assumingMemoryBound(to: GtkApplicationWindow.self), OpaquePointer(object))
    }
}
