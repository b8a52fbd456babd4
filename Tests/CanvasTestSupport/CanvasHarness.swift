// A canvas on its own in a plain window of a known size, shown and laid out, recording every crop it commits.

import CGtk
import CropKit
import GtkSupport

@_spi(Benchmark) @testable import Canvas
@testable import TestSupport

/// A plain window holding one canvas at a known size, shown and laid out.
@MainActor
final class CanvasHarness {
    let window: UnsafeMutablePointer<GtkWidget>
    /// How the canvas hands frames to GTK: as its renderer decides, unless a test sets one way.
    final class Delivery { var forced: FrameDelivery? }
    let delivery = Delivery()
    let canvas: CropCanvas
    var commits: [CropRect] = []

    init(width: Int32 = 600, height: Int32 = 500) {
        let delivery = self.delivery
        canvas = CropCanvas(deliveryPolicy: { renderer in delivery.forced ?? FrameDelivery(for: renderer) })
        window = gtk_window_new()
        gtk_window_set_default_size(cgtk_window(window.raw), width, height)
        gtk_window_set_child(cgtk_window(window.raw), canvas.widget)
        canvas.onEvent = { [weak self] event in
            guard let self, case .edited(let changes) = event, changes.contains(.committed) else { return }
            self.commits.append(self.canvas.crop)
        }
        gtk_window_present(cgtk_window(window.raw))
        GtkDisplay.pump { gtk_widget_get_width(self.canvas.widget) > 0 && gtk_widget_get_mapped(self.canvas.widget) != 0 }
        GtkDisplay.drawn(canvas.widget)
    }

    func close() {
        gtk_window_destroy(cgtk_window(window.raw))
        GtkDisplay.catchUp()
    }
}

extension CropCanvas {
    /// The crop area's accessible description, as Orca reads it.
    var spokenDescription: String {
        guard let actual = cgtk_test_accessible_check_string(widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "") else { return "" }
        defer { g_free(actual) }
        return String(cString: actual)
    }
}
