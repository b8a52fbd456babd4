// Straighten mode in the window: the bar with the angle entry, the ruler and Level, kept in step with the canvas's angle.

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

extension EditorWindow {
    /// Connects the bar to the canvas: the entry sets the angle as one step, a drag of the ruler
    /// is one step however long, Level levels, and all of them follow the canvas's angle.
    func connectStraightenBar() {
        let bar = straightenBar
        Signal.connect(bar.entry.raw, "value-changed") { [weak self] in
            guard let self, !bar.updating else { return }
            let degrees = gtk_spin_button_get_value(OpaquePointer(bar.entry))
            guard let angle = StraightenAngle(validating: degrees) else { return }
            self.canvas.setAngle(angle)
        }
        bar.ruler.onBegin = { [weak self] in self?.canvas.changeAngle(to: self?.canvas.editor.angle ?? .zero) }
        bar.ruler.onChange = { [weak self] angle in self?.canvas.changeAngle(to: angle) }
        bar.ruler.onEnd = { [weak self] in self?.canvas.endAngleChange() }
        Signal.connect(bar.levelButton.raw, "clicked") { [weak self] in self?.canvas.level() }
        canvas.onAngleChange = { [weak self] in self?.angleChanged() }
        canvas.onNothingToLevel = { [weak self] in
            self?.showToast(tr("Nothing to level by: the picture has no clear level or plumb lines"))
        }
    }

    /// Straighten mode on or off: the bar shows, and a drag on the picture draws a level line.
    func setStraightenMode(_ on: Bool) {
        // The header's toggle and the menu's check item show the action's state, whoever asked.
        setActionState(.straighten, g_variant_new_boolean(on ? 1 : 0))
        gtk_widget_set_visible(straightenBar.widget, on ? 1 : 0)
        canvas.straightenMode = on
        angleChanged()
    }

    /// The entry and the ruler follow the canvas's angle (keys, undo, Level, a restored crop).
    func angleChanged() {
        let angle = canvas.editor.angle
        straightenBar.updating = true
        gtk_spin_button_set_value(OpaquePointer(straightenBar.entry), angle.degrees)
        straightenBar.updating = false
        straightenBar.ruler.angle = angle
        updateLosslessStatus()
        updateActions()
    }
}
