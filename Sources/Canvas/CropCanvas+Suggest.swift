// The crop area's Suggest: the accessible action crop.suggest and the S key, which ask the window for a smart crop.

import CGtk
import GtkSupport

extension CropCanvas {
    nonisolated static func installSuggestAction(_ klass: UnsafeMutablePointer<GtkWidgetClass>) {
        // Listed by AT-SPI with the other crop.* actions; the window does the work (it knows the file).
        gtk_widget_class_install_action(klass, CanvasAction.suggest.detailed, nil) { widget, _, _ in
            nonisolated(unsafe) let widget = widget
            MainActor.assumeIsolated { CropCanvas.state.get(widget)?.onEvent?(.suggestAsked) }
        }
        for key in [GDK_KEY_s, GDK_KEY_S] {
            cgtk_widget_class_add_binding_action(klass, UInt32(key), GdkModifierType(0), CanvasAction.suggest.detailed)
        }
    }
}
