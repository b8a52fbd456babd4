// The straighten bar under the picture from straighten-bar.ui: the angle entry, the ruler and Level.

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
    /// The bar, held between the builder letting it go and its parent taking it.
    private var held: GObjectRef?

    init() {
        let tree = UIFiles.builder("straighten-bar.ui")
        widget = UIFiles.widget(tree, "straighten-bar")
        entry = UIFiles.widget(tree, "angle")
        levelButton = UIFiles.widget(tree, "level")
        // Held past the builder until `place(in:)` hands it to its parent.
        held = GObjectRef(retaining: widget.raw)
        // The range is the model's, so the file does not repeat it.
        entry.setSpinRange(-StraightenAngle.limit, StraightenAngle.limit)
        // The ruler is drawn in Swift: it goes between the entry and Level.
        widget.insert(ruler.widget, after: entry)
    }

    /// Appends the bar to `box`, which holds it from then on.
    func place(in box: UnsafeMutablePointer<GtkWidget>) {
        box.append(widget)
        held = nil
    }
}
