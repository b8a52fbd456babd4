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
        ("win.open", ["<Control>o"], "Open an image"),
        ("win.reset", [CropCanvas.resetAccelerator], "Reset the crop"),
        ("win.show-help-overlay", ["<Control>question"], "Show keyboard shortcuts"),
    ]

    /// The crop area's own keys, in the order people learn them.
    static var cropAreaShortcuts: [ShortcutEntry] {
        CropCanvas.keyBindings.map { ShortcutEntry(accelerator: $0.accelerator, title: $0.title) }
            + [ShortcutEntry(accelerator: "Escape", title: "Cancel the drag in progress"),
               ShortcutEntry(accelerator: "Tab", title: "Leave the crop area (Shift+Tab goes back)")]
    }

    /// GtkShortcutsWindow is designed to be built from GtkBuilder XML.
    static func builderXML() -> String {
        func escape(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
        }
        func row(_ accel: String, _ title: String) -> String {
            """
                <child><object class="GtkShortcutsShortcut">
                  <property name="accelerator">\(escape(accel))</property>
                  <property name="title">\(escape(title))</property>
                </object></child>
            """
        }
        func group(_ title: String, _ rows: [String]) -> String {
            """
              <child><object class="GtkShortcutsGroup">
                <property name="title">\(escape(title))</property>
            \(rows.joined(separator: "\n"))
              </object></child>
            """
        }
        let general = windowShortcuts.map { row($0.accels.joined(separator: " "), $0.title) }
        let crop = cropAreaShortcuts.map { row($0.accelerator, $0.title) }
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <interface>
          <object class="GtkShortcutsWindow" id="shortcuts">
            <property name="modal">1</property>
            <child><object class="GtkShortcutsSection">
              <property name="section-name">shortcuts</property>
              <property name="max-height">12</property>
        \(group("General", general))
        \(group("Crop area (when focused)", crop))
            </object></child>
          </object>
        </interface>
        """
    }

    /// Builds the window for `parent` (an application window), which shows it on Ctrl+?.
    static func attach(to parent: UnsafeMutablePointer<GtkWidget>) {
        let builder = gtk_builder_new_from_string(builderXML(), -1)!
        defer { g_object_unref(builder.raw) }
        guard let object = gtk_builder_get_object(builder, "shortcuts") else { return }
        gtk_application_window_set_help_overlay(parent.raw.assumingMemoryBound(to: GtkApplicationWindow.self), OpaquePointer(object))
    }
}
