// The straighten bar under the picture: the angle entry, the ruler and Level, from data/ui/straighten-bar.ui, as widgets the window keeps.

import CGtk
import CropKit
import GtkSupport

/// The straighten bar's widgets the window keeps.
@MainActor
final class StraightenBar {
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The angle in degrees, −45…45 in 0.1° steps (two decimals show a kept 0.01°).
    let entry: UnsafeMutablePointer<GtkWidget>
    let ruler = StraightenRuler()
    let levelButton: UnsafeMutablePointer<GtkWidget>
    /// Set while the window writes the entry, so its value-changed is not taken as the user's.
    var updating = false

    init() {
        let tree = UIFiles.builder("straighten-bar.ui")
        widget = UIFiles.widget(tree, "straighten-bar")
        entry = UIFiles.widget(tree, "angle")
        levelButton = UIFiles.widget(tree, "level")
        // Held past the builder until `place(in:)` hands it to its parent.
        g_object_ref(widget.raw)
        // The range is the model's, so the file does not repeat it.
        gtk_spin_button_set_range(OpaquePointer(entry), -StraightenAngle.limit, StraightenAngle.limit)
        // The ruler is drawn in Swift: it goes between the entry and Level.
        gtk_box_insert_child_after(cgtk_box(widget.raw), ruler.widget, entry)
    }

    /// Appends the bar to `box`, which holds it from then on.
    func place(in box: UnsafeMutablePointer<GtkWidget>) {
        box.append(widget)
        g_object_unref(widget.raw)
    }
}
