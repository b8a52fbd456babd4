// Straighten mode in the window: the bar with the angle entry, the ruler and Level, kept in step with the canvas's angle.

import CGtk
import CropKit
import GtkSupport

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
    }

    /// Straighten mode on or off: the bar shows, and a drag on the picture draws a level line.
    func setStraightenMode(_ on: Bool) {
        // The header's toggle and the menu's check item show the action's state, whoever asked.
        setActionState(.straighten, g_variant_new_boolean(on ? 1 : 0))
        straightenBar.widget.isVisible = on
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
        refresh(.angle)
    }
}
