// Straighten mode in a window: the bar under the picture kept in step with the canvas's angle.

import CGtk
import CropKit
import GtkSupport

/// Straighten mode: on, the bar shows and a drag on the picture draws a level line. The angle itself
/// is the canvas's; the bar sets it and follows it.
@MainActor
final class Straightening {
    private unowned let host: any WindowHost
    /// The bar: the angle entry, the ruler and Level.
    let bar: StraightenBar

    /// Connects the bar to the canvas: the entry sets the angle as one step, a drag of the ruler is
    /// one step however long, Level levels.
    init(host: any WindowHost, bar: StraightenBar) {
        self.host = host
        self.bar = bar
        Signal.connect(bar.entry.raw, "value-changed") { [weak self] in
            guard let self, !bar.updating, let angle = StraightenAngle(validating: bar.entry.spinValue) else { return }
            self.host.canvas.setAngle(angle)
        }
        bar.ruler.onBegin = { [weak self] in
            guard let canvas = self?.host.canvas else { return }
            canvas.changeAngle(to: canvas.editor.angle)
        }
        bar.ruler.onChange = { [weak self] angle in self?.host.canvas.changeAngle(to: angle) }
        bar.ruler.onEnd = { [weak self] in self?.host.canvas.endAngleChange() }
        Signal.connect(bar.levelButton.raw, "clicked") { [weak self] in self?.host.canvas.level() }
    }

    /// Straighten mode on or off: the bar shows, and a drag on the picture draws a level line.
    func setMode(_ on: Bool) {
        // Perspective mode takes the picture's drags too: entering straighten mode leaves it (and
        // the canvas tells the window), as the straighten overlay replaces guided Upright's lines.
        if on { host.canvas.cancelPerspective() }
        // The header's toggle and the menu's check item show the action's state, whoever asked.
        host.setActionState(.straighten, .bool(on))
        bar.widget.isVisible = on
        host.canvas.straightenMode = on
        host.refresh(.angle)
    }

    /// Whether straighten mode is on (its bar shows while it is).
    var isOn: Bool { bar.widget.isVisible }

    /// The entry and the ruler follow the canvas's angle (keys, undo, Level, a restored crop).
    func showAngle() {
        let angle = host.canvas.editor.angle
        bar.updating = true
        bar.entry.spinValue = angle.degrees
        bar.updating = false
        bar.ruler.angle = angle
    }
}
