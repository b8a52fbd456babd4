// The previews side panel: the committed crop rendered at 256, 128 and 48 pixels, as it will come out.

import CGtk
import CropKit
import GtkSupport

@MainActor
final class PreviewPanel {
    /// Longer sides of the previews, in pixels: a large view, a thumbnail, an icon (seed 003's sizes).
    static let sizes = [256, 128, 48]

    let widget: UnsafeMutablePointer<GtkWidget>
    /// One picture per size, in `sizes` order.
    private(set) var pictures: [UnsafeMutablePointer<GtkWidget>] = []
    /// The last rendered previews (for tests): size → surface.
    private(set) var rendered: [Int: ImageSurface] = [:]

    init() {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)
        gtk_widget_set_margin_start(widget, 12)
        gtk_widget_set_margin_end(widget, 12)
        gtk_widget_set_margin_top(widget, 12)
        gtk_widget_set_size_request(widget, Int32(PreviewPanel.sizes[0] + 24), -1)
        gtk_widget_add_css_class(widget, "view")
        for size in PreviewPanel.sizes {
            let picture = gtk_picture_new()!
            gtk_widget_set_size_request(picture, Int32(size), Int32(size))
            gtk_picture_set_can_shrink(OpaquePointer(picture), 0)
            cgtk_accessible_set_label(picture, String(format: tr("Preview at %d pixels"), size))
            let caption = gtk_label_new(String(format: tr("%d px"), size))!
            gtk_widget_add_css_class(caption, "dim-label")
            gtk_box_append(cgtk_box(widget.raw), picture)
            gtk_box_append(cgtk_box(widget.raw), caption)
            pictures.append(picture)
        }
    }

    /// Renders `crop` of the picture as shown (turned by `transform`) at each size: longer side N.
    /// A circle crop's previews are the inscribed ellipse on transparency, as the export writes it.
    func update(image: LoadedImage?, crop: CropRect, transform: ImageOrientation, shownSize: (width: Int, height: Int),
                shape: CropShape = .rectangle) {
        guard let image else { return }
        let pixels = crop.pixelRect(imageWidth: shownSize.width, imageHeight: shownSize.height)
        for (size, picture) in zip(PreviewPanel.sizes, pictures) {
            let scale = Double(size) / Double(max(pixels.width, pixels.height))
            let w = max(1, Int((Double(pixels.width) * scale).rounded())), h = max(1, Int((Double(pixels.height) * scale).rounded()))
            guard let surface = ImageSurface(width: w, height: h) else { continue }
            surface.draw { c in
                SourceMapping.setSource(c, image.surface, transform: transform, shown: crop, width: w, height: h)
                if shape == .circle {
                    FramePlan.ellipse(c, in: CropRect(x: 0, y: 0, width: Double(w), height: Double(h)))
                    cairo_fill(c.cr)
                } else {
                    cairo_paint(c.cr)
                }
            }
            rendered[size] = surface
            let texture = PreviewPanel.texture(surface)
            gtk_picture_set_paintable(OpaquePointer(picture), texture)
            if let texture { g_object_unref(texture.raw) } // the picture holds its own reference
        }
    }

    /// Cairo's ARGB32 is premultiplied BGRA in memory on little-endian machines.
    private static func texture(_ surface: ImageSurface) -> OpaquePointer? {
        cairo_surface_flush(surface.surface)
        let stride = Int(cairo_image_surface_get_stride(surface.surface))
        guard let data = cairo_image_surface_get_data(surface.surface) else { return nil }
        let bytes = g_bytes_new(data, gsize(stride * surface.height))
        defer { g_bytes_unref(bytes) }
        guard let texture = gdk_memory_texture_new(Int32(surface.width), Int32(surface.height),
                                                   GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes, gsize(stride)) else { return nil }
        return cgtk_paintable(texture.raw)
    }
}
