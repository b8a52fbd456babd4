// The crop area's Trim Borders: the accessible action crop.trim and the T key, which ask the window to trim.

import CGtk
import GtkSupport

extension CropCanvas {
    nonisolated static func installTrimAction(_ klass: UnsafeMutablePointer<GtkWidgetClass>) {
        // Listed by AT-SPI with the other crop.* actions; the window does the work (it knows the picture).
        gtk_widget_class_install_action(klass, CanvasAction.trim.detailed, nil) { widget, _, _ in
            nonisolated(unsafe) let widget = widget
            MainActor.assumeIsolated { CropCanvas.state.get(widget)?.onEvent?(.trimAsked) }
        }
        for key in [GDK_KEY_t, GDK_KEY_T] {
            cgtk_widget_class_add_binding_action(klass, UInt32(key), GdkModifierType(0), CanvasAction.trim.detailed)
        }
    }
}
