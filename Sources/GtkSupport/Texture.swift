// A GdkTexture owned by Swift, made over an image surface's own pixels without copying them.

import CGtk

/// One reference to a GdkTexture, released when the Swift value goes.
public final class Texture {
    /// The `GdkTexture`.
    public let pointer: OpaquePointer

    /// A texture showing `surface`'s pixels where they are (no copy). Nothing may draw into the
    /// surface until `released` runs: GTK runs it once no texture or render node holds the pixels,
    /// on the thread that lets the last one go. Nil for an opaque (RGB24) surface, whose fourth byte
    /// is not alpha, or one with no pixels to lend.
    public init?(sharing surface: ImageSurface, released: @escaping @Sendable () -> Void) {
        cairo_surface_flush(surface.surface)
        guard cairo_image_surface_get_format(surface.surface) == CAIRO_FORMAT_ARGB32,
            let data = cairo_image_surface_get_data(surface.surface)
        else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface.surface))
        // The surface travels with the bytes, so its pixels stay allocated while they are lent.
        let lease = Unmanaged.passRetained(Lease(surface: surface, released: released)).toOpaque()
        let bytes = g_bytes_new_with_free_func(
            data, gsize(stride * surface.height),
            { lease in
                guard let lease else { return }
                Unmanaged<Lease>.fromOpaque(lease).takeRetainedValue().released()
            }, lease)
        defer { g_bytes_unref(bytes) }
        // Cairo's ARGB32 is premultiplied BGRA in memory on little-endian machines.
        pointer = gdk_memory_texture_new(
            Int32(surface.width), Int32(surface.height), GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes, gsize(stride))
    }

    /// Its size in pixels.
    public var width: Int { Int(gdk_texture_get_width(pointer)) }
    public var height: Int { Int(gdk_texture_get_height(pointer)) }

    deinit { g_object_unref(pointer.raw) }
}

/// Pixels lent to a texture, and what to run when they come back.
private final class Lease: Sendable {
    let surface: ImageSurface
    let released: @Sendable () -> Void
    init(surface: ImageSurface, released: @escaping @Sendable () -> Void) {
        self.surface = surface
        self.released = released
    }
}
