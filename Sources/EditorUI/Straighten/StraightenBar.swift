// The straighten bar under the header: the angle entry, the ruler and Level, as widgets the window keeps.

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
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
        widget.addCSSClasses("toolbar")
        gtk_widget_set_margin_start(widget, 12)
        gtk_widget_set_margin_end(widget, 12)
        let label = gtk_label_new_with_mnemonic(tr("_Angle"))!
        entry = gtk_spin_button_new_with_range(-StraightenAngle.limit, StraightenAngle.limit, 0.1)
        gtk_spin_button_set_digits(OpaquePointer(entry), 2)
        gtk_spin_button_set_numeric(OpaquePointer(entry), 1)
        entry.addCSSClasses("numeric")
        gtk_label_set_mnemonic_widget(cgtk_label(label.raw), entry)
        entry.tooltip = tr("Straighten angle in degrees, positive clockwise")
        entry.setAccessibleLabel(tr("Straighten angle in degrees"))
        levelButton = gtk_button_new_with_mnemonic(tr("_Level"))
        levelButton.tooltip = tr("Level the picture by its lines (L)")
        widget.append(label)
        widget.append(entry)
        widget.append(ruler.widget)
        widget.append(levelButton)
        widget.isVisible = false
    }
}
