// Paints one frame into an image surface as horizontal bands on several threads at once: a frame is bound by memory bandwidth, and each core adds its own.

import CGtk
import Dispatch
import Glibc
import GtkSupport

extension FramePlan {
    /// One band per core, at most four: beyond that the bands are too thin to pay for the threads.
    static let bandCount = max(1, min(4, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))

    /// Paints the frame into `target` (device pixels, `scale` per point), split into `bands`
    /// horizontal bands painted at once. Each band draws the whole frame through its own Cairo
    /// surface over its rows, so Cairo clips it there; the result is the frame `paint` draws.
    /// Every thread gets surfaces of its own over the same pixels, because Cairo and pixman
    /// objects must not be shared between threads; the pixels themselves are only read, or written
    /// by one band each.
    func render(into target: ImageSurface, bands: Int = FramePlan.bandCount) {
        cairo_surface_flush(target.surface)
        guard let data = cairo_image_surface_get_data(target.surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(target.surface))
        let format = cairo_image_surface_get_format(target.surface)
        let width = target.width, height = target.height
        let count = max(1, min(bands, height))
        let pixels = SharedPixels(base: data)
        DispatchQueue.concurrentPerform(iterations: count) { band in
            let top = height * band / count, bottom = height * (band + 1) / count
            guard let surface = cairo_image_surface_create_for_data(pixels.base + top * stride, format, Int32(width),
                                                                    Int32(bottom - top), Int32(stride)) else { return }
            defer { cairo_surface_destroy(surface) }
            // Device offset moves the band's rows to their place in the whole frame.
            cairo_surface_set_device_offset(surface, 0, -Double(top))
            let plain = cache.flatMap { FramePlan.alias($0.surface) }
            let dimmed = cache.flatMap { FramePlan.alias($0.dimmed) }
            defer { plain.map(cairo_surface_destroy); dimmed.map(cairo_surface_destroy) }
            let cr = cairo_create(surface)!
            // Scaled by the context, not the surface, so curves are flattened as on one context.
            cairo_scale(cr, scale, scale)
            paint(Cairo(cr), plain: plain, dimmed: cache == nil ? nil : dimmed)
            cairo_destroy(cr)
            cairo_surface_flush(surface)
        }
        cairo_surface_mark_dirty(target.surface)
    }

    /// A surface of this thread's own over `image`'s pixels (which the caller keeps alive).
    private static func alias(_ image: ImageSurface) -> OpaquePointer? {
        guard let data = cairo_image_surface_get_data(image.surface) else { return nil }
        return cairo_image_surface_create_for_data(data, cairo_image_surface_get_format(image.surface),
                                                   Int32(image.width), Int32(image.height),
                                                   cairo_image_surface_get_stride(image.surface))
    }
}

/// The frame's pixels, handed to the band threads; each writes only its own rows.
private struct SharedPixels: @unchecked Sendable {
    let base: UnsafeMutablePointer<UInt8>
}
