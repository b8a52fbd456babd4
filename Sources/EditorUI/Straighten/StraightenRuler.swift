// The straighten ruler: a scale of degrees dragged sideways under a fixed needle, as GNOME's and phone photo editors show it.

import CGtk
import Canvas
import CropKit
import Foundation
import GtkSupport

/// A horizontal scale of degrees: the angle in force sits under the centre needle; dragging the
/// scale sideways turns the picture (the scale's numbers move with the pointer). It reports a
/// drag's start, each angle and its end, so the window can make the drag one undoable step.
@MainActor
final class StraightenRuler {
    /// Points per degree of the scale: a 1° tick every 12 points, a 0.1° move per 1.2 points.
    nonisolated static let pointsPerDegree = 12.0
    static let height: Int32 = 36

    let widget: UnsafeMutablePointer<GtkWidget>
    /// The angle the needle shows.
    var angle = StraightenAngle.zero { didSet { if angle != oldValue { widget.queueDraw() } } }
    /// The angle a drag started from.
    private var dragStart: StraightenAngle?
    var onBegin: (() -> Void)?
    var onChange: ((StraightenAngle) -> Void)?
    var onEnd: (() -> Void)?

    init() {
        widget = DrawingArea.make()
        widget.requestSize(width: 160, height: StraightenRuler.height)
        widget.expandsHorizontally = true
        widget.addCSSClasses("straighten-ruler")
        widget.setAccessibleLabel(tr("Straighten ruler"))
        gtk_widget_set_cursor_from_name(widget, "ew-resize")
        DrawingArea.setDrawFunc(widget) { [weak self] c, width, height in self?.draw(c, width: width, height: height) }
        let drag = gtk_gesture_drag_new()!
        Signal.connectPoint(drag.raw, "drag-begin") { [weak self] _, _ in self?.began() }
        Signal.connectPoint(drag.raw, "drag-update") { [weak self] dx, _ in self?.moved(dx) }
        Signal.connectPoint(drag.raw, "drag-end") { [weak self] dx, _ in
            self?.moved(dx)
            self?.ended()
        }
        widget.addController(drag.raw)
    }

    /// The angle a drag of `dx` points from `start` shows: the scale moves with the pointer, so a
    /// drag to the left brings larger angles under the needle. Whole hundredths, within ±45°.
    nonisolated static func angle(from start: StraightenAngle, dragged dx: Double) -> StraightenAngle {
        StraightenAngle(degrees: start.degrees - dx / pointsPerDegree)
    }

    private func began() {
        dragStart = angle
        onBegin?()
    }

    private func moved(_ dx: Double) {
        guard let start = dragStart else { return }
        let next = StraightenRuler.angle(from: start, dragged: dx)
        guard next != angle else { return }
        angle = next
        onChange?(next)
    }

    private func ended() {
        guard dragStart != nil else { return }
        dragStart = nil
        onEnd?()
    }

    /// Ticks every degree (longer every 5°, numbered every 10°) in the theme's text colour, and the
    /// needle in the accent blue.
    private func draw(_ c: Cairo, width: Int, height: Int) {
        var color = GdkRGBA()
        // GTK 4.8's way to the theme's foreground colour (gtk_widget_get_color is 4.10).
        gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color)
        let ink = RGBA(Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha))
        let w = Double(width), h = Double(height), centre = w / 2
        let ppd = StraightenRuler.pointsPerDegree
        let lowest = Int((angle.degrees - centre / ppd).rounded(.down)),
            highest = Int((angle.degrees + centre / ppd).rounded(.up))
        for degree in max(lowest, -45)...min(highest, 45) {
            let x = (centre + (Double(degree) - angle.degrees) * ppd).rounded() + 0.5
            let length = degree % 5 == 0 ? h * 0.45 : h * 0.25
            c.moveTo(x, h - length)
            c.lineTo(x, h)
            c.stroke(width: 1, color: RGBA(ink.red, ink.green, ink.blue, degree % 5 == 0 ? 0.8 : 0.45))
            if degree % 10 == 0 {
                let text = "\(degree)°"
                cairo_set_font_size(c.cr, 10)
                var extents = cairo_text_extents_t()
                cairo_text_extents(c.cr, text, &extents)
                c.setColor(RGBA(ink.red, ink.green, ink.blue, 0.7))
                cairo_move_to(c.cr, x - extents.width / 2 - extents.x_bearing, 11)
                cairo_show_text(c.cr, text)
            }
        }
        c.moveTo(centre.rounded() + 0.5, 0)
        c.lineTo(centre.rounded() + 0.5, h)
        c.stroke(width: 2, color: OverlayStyle.focusRing)
    }
}
