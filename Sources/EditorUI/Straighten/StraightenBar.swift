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
        gtk_widget_add_css_class(widget, "toolbar")
        gtk_widget_set_margin_start(widget, 12)
        gtk_widget_set_margin_end(widget, 12)
        let label = gtk_label_new_with_mnemonic(tr("_Angle"))!
        entry = gtk_spin_button_new_with_range(-StraightenAngle.limit, StraightenAngle.limit, 0.1)
        gtk_spin_button_set_digits(OpaquePointer(entry), 2)
        gtk_spin_button_set_numeric(OpaquePointer(entry), 1)
        gtk_widget_add_css_class(entry, "numeric")
        gtk_label_set_mnemonic_widget(cgtk_label(label.raw), entry)
        gtk_widget_set_tooltip_text(entry, tr("Straighten angle in degrees, positive clockwise"))
        cgtk_accessible_set_label(entry, tr("Straighten angle in degrees"))
        levelButton = gtk_button_new_with_mnemonic(tr("_Level"))
        gtk_widget_set_tooltip_text(levelButton, tr("Level the picture by its lines (L)"))
        gtk_box_append(cgtk_box(widget.raw), label)
        gtk_box_append(cgtk_box(widget.raw), entry)
        gtk_box_append(cgtk_box(widget.raw), ruler.widget)
        gtk_box_append(cgtk_box(widget.raw), levelButton)
        gtk_widget_set_visible(widget, 0)
    }
}
