// How a canvas frame reaches GTK's renderer: a surface of ours painted in bands as a texture, or a recorded Cairo node.

import CGtk
import CropKit
import GtkSupport

/// How a canvas frame reaches GTK's renderer.
public enum FrameDelivery {
    /// Painted into a surface of ours in bands, shown as a texture node.
    case texture
    /// Recorded as a Cairo node, which GTK replays as it renders.
    case recorded

    /// The way for frames shown by `renderer`: recorded for GTK's Cairo renderer (and before the
    /// widget has a renderer), a texture otherwise.
    public init(for renderer: OpaquePointer?) {
        guard let renderer else { self = .recorded; return }
        let instance = UnsafeMutablePointer<GTypeInstance>(renderer)
        self = g_type_check_instance_is_a(instance, gsk_cairo_renderer_get_type()) != 0 ? .recorded : .texture
    }
}
