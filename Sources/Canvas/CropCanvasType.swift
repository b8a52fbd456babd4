// The GType of the canvas widget, registered once on first use.

import CGtk
import CropKit
import GtkSupport

/// The GType of the canvas widget, registered once on first use.
enum CropCanvasType {
    static let gtype: GType = WidgetSubclass.register(
        name: "CropCanvas", parent: gtk_widget_get_type(),
        classInit: { klass, _ in CropCanvas.classInit(cgtk_widget_class(klass)) },
        instanceInit: nil)
}
