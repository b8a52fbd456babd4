// Renders a realized widget to pixels through its own GSK renderer: what the screen would show, readable by tests and benches.

import CGtk

/// RGBA pixels of a rendered widget, in device pixels.
public struct RenderedPixels: Sendable {
    public let width: Int
    public let height: Int
    /// Straight (non-premultiplied) RGBA, 4 bytes a pixel, rows packed.
    public let bytes: [UInt8]

    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
    }
}

@MainActor
public enum WidgetRenderer {
    /// Snapshots `widget` as it is now and renders it with its window's renderer at the window's
    /// scale. Nil when the widget is not realized or has no size.
    public static func render(_ widget: UnsafeMutablePointer<GtkWidget>) -> RenderedPixels? {
        let width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget)
        guard width > 0, height > 0, let native = gtk_widget_get_native(widget),
            let renderer = gtk_native_get_renderer(native)
        else { return nil }
        let paintable = gtk_widget_paintable_new(widget)!
        defer { g_object_unref(paintable.raw) }
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(cgtk_paintable(paintable.raw), snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return nil }
        defer { gsk_render_node_unref(node) }
        var viewport = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0),
            size: graphene_size_t(width: Float(width), height: Float(height)))
        guard let texture = gsk_renderer_render_texture(renderer, node, &viewport) else { return nil }
        defer { g_object_unref(texture.raw) }
        let tw = Int(gdk_texture_get_width(texture)), th = Int(gdk_texture_get_height(texture))
        var bytes = [UInt8](repeating: 0, count: tw * th * 4)
        bytes.withUnsafeMutableBufferPointer { buffer in
            gdk_texture_download(texture, buffer.baseAddress, gsize(tw * 4))
        }
        // gdk_texture_download writes premultiplied B,G,R,A (cairo ARGB32 order); convert to straight RGBA.
        for i in stride(from: 0, to: bytes.count, by: 4) {
            let b = bytes[i], g = bytes[i + 1], r = bytes[i + 2], a = bytes[i + 3]
            func unpremultiply(_ c: UInt8) -> UInt8 {
                a == 0 ? 0 : UInt8(min(255, (Int(c) * 255 + Int(a) / 2) / Int(a)))
            }
            bytes[i] = unpremultiply(r); bytes[i + 1] = unpremultiply(g)
            bytes[i + 2] = unpremultiply(b); bytes[i + 3] = a
        }
        return RenderedPixels(width: tw, height: th, bytes: bytes)
    }
}
