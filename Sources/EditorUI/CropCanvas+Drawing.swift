// The canvas's snapshot vfunc: hands GTK a Cairo node painted by the CanvasPainter with the crop as shown now.

import CGtk
import CropKit
import GtkSupport

extension CropCanvas {
    func snapshot(_ snapshot: OpaquePointer?) {
        let width = Double(gtk_widget_get_width(widget)), height = Double(gtk_widget_get_height(widget))
        guard width > 0, height > 0 else { return }
        var bounds = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0),
                                     size: graphene_size_t(width: Float(width), height: Float(height)))
        guard let cr = gtk_snapshot_append_cairo(snapshot, &bounds) else { return }
        painter.draw(Cairo(cr), image: image, crop: shownCrop, width: width, height: height,
                     scale: Int(gtk_widget_get_scale_factor(widget)), state: paintState, transform: transform,
                     zoom: viewport?.zoom ?? .fit, sharp: sharpTile)
        cairo_destroy(cr)
        // After a resize the visible region may need a new sharp render.
        if viewGesture == nil, !session.isDragging { requestSharpRegionIfNeeded() }
    }

    var paintState: PaintState {
        PaintState(focused: gtk_widget_has_visible_focus(widget) != 0,
                   highContrast: adw_style_manager_get_high_contrast(adw_style_manager_get_default()) != 0,
                   guides: guideVisibility.shows(dragging: session.isDragging) ? guideStyle : .none,
                   shape: shape, fixedFrame: fixedFrame)
    }

    /// Focus and the high-contrast style change the picture: redraw when either changes.
    func installFocusRedraw() {
        Signal.connectInt(widget.raw, "state-flags-changed") { [weak self] _ in
            guard let self else { return }
            gtk_widget_queue_draw(self.widget)
        }
        // The style manager lives for the whole process: disconnect when the canvas goes, or every
        // closed window would leave a handler (and its box) behind.
        let manager = adw_style_manager_get_default()!
        let handler = Signal.connectPointer(manager.raw, "notify::high-contrast") { [weak self] _ in
            guard let self else { return }
            gtk_widget_queue_draw(self.widget)
        }
        Signal.connect(widget.raw, "destroy") { g_signal_handler_disconnect(manager.raw, gulong(handler)) }
    }
}
