// The canvas's snapshot vfunc: paints the frame with Cairo, on every core as a texture for GPU renderers, recorded for GTK's Cairo renderer.

import CGtk
import CropKit
import GtkSupport
import LaunchTrace

extension CropCanvas {
    func snapshot(_ snapshot: OpaquePointer?) {
        let width = Int(gtk_widget_get_width(widget)), height = Int(gtk_widget_get_height(widget))
        guard width > 0, height > 0 else { return }
        let scale = Int(gtk_widget_get_scale_factor(widget))
        let plan = painter.plan(
            image: image, crop: shownCrop, width: Double(width), height: Double(height),
            scale: scale, state: paintState, transform: transform, angle: editor.angle,
            quick: editor.isChangingAngle || angleKeys.isActive, zoom: viewport?.zoom ?? .fit, sharp: sharpTile)
        var bounds = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0),
            size: graphene_size_t(width: Float(width), height: Float(height)))
        if frameDelivery != .texture
            || !appendTexture(of: plan, to: snapshot, bounds: &bounds, width: width * scale, height: height * scale),
            let cr = gtk_snapshot_append_cairo(snapshot, &bounds)
        {
            plan.paint(Cairo(cr))
            cairo_destroy(cr)
        }
        if image != nil { LaunchTrace.mark("first frame of a picture painted") }
        // After a resize the visible region may need a new sharp render.
        if viewGesture == nil, !session.isDragging, !editor.isChangingAngle, !angleKeys.isActive {
            requestSharpRegionIfNeeded()
        }
    }

    /// How frames reach GTK. GTK 4.8 records a Cairo node and replays it on one thread when it
    /// renders, and a frame is bound by memory bandwidth; so for GPU renderers, which upload a
    /// texture from our pixels as they are, the frame is painted here in bands on every core. GTK's
    /// Cairo renderer instead draws a texture node through a converted, padded copy (10–13 ms for
    /// a 1200×700 frame, against 0.5 ms replaying the recording), so it gets the recording.
    var frameDelivery: FrameDelivery {
        deliveryPolicy(gtk_widget_get_native(widget).flatMap { gtk_native_get_renderer($0) })
    }

    /// Paints the frame in bands into a frame surface of `width`×`height` device pixels (only
    /// what changed since it was last painted) and appends it as a texture; false when there is no memory for one (the caller records instead).
    private func appendTexture(
        of plan: FramePlan, to snapshot: OpaquePointer?, bounds: inout graphene_rect_t,
        width: Int, height: Int
    ) -> Bool {
        guard let frame = frameSurfaces.take(width: width, height: height) else { return false }
        plan.render(into: frame)
        guard let texture = frameSurfaces.texture(showing: frame) else { return false }
        gtk_snapshot_append_texture(snapshot, texture, &bounds)
        g_object_unref(texture.raw)
        return true
    }

    var paintState: PaintState {
        PaintState(
            focused: gtk_widget_has_visible_focus(widget) != 0,
            highContrast: adw_style_manager_get_high_contrast(adw_style_manager_get_default()) != 0,
            guides: guideVisibility.shows(dragging: session.isDragging) ? guideStyle : .none,
            shape: shape, fixedFrame: fixedFrame, fineGrid: editor.isChangingAngle, levelLine: levelLine)
    }

    /// Focus and the high-contrast style change the picture: redraw when either changes.
    func installFocusRedraw() {
        Signal.connectInt(widget.raw, "state-flags-changed") { [weak self] _ in
            guard let self else { return }
            self.widget.queueDraw()
        }
        // The style manager lives for the whole process: disconnect when the canvas goes, or every
        // closed window would leave a handler (and its box) behind.
        let manager = adw_style_manager_get_default()!
        let handler = Signal.connectPointer(manager.raw, "notify::high-contrast") { [weak self] _ in
            guard let self else { return }
            self.widget.queueDraw()
        }
        Signal.connect(widget.raw, "destroy") { g_signal_handler_disconnect(manager.raw, gulong(handler)) }
    }
}
