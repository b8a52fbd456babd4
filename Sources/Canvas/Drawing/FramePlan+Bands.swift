// Paints one frame as horizontal bands on several threads at once: a frame is bound by memory bandwidth, each core adds some.

import CGtk
import Dispatch
import Glibc
import GtkSupport

extension FramePlan {
    /// One band per core, at most four: memory bandwidth, not arithmetic, bounds a frame, and more
    /// threads than that add little of it.
    @_spi(Benchmark) public static let bandCount = max(1, min(4, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))

    /// Paints the frame into `target` (device pixels, `scale` per point), split into `bands`
    /// horizontal bands painted at once; only within `damage` (device pixels, rects that do not
    /// overlap) when given.
    ///
    /// Every piece (a band, or a damaged rect's part of one) draws the whole frame through a Cairo
    /// surface of its own over exactly its pixels, so Cairo clips it there and rasterizes every
    /// pixel as one context over the whole frame would: the result is the frame `paint` draws,
    /// byte for byte (a clip path would composite edges differently). Each thread also gets
    /// source surfaces of its own over the cache's pixels, because Cairo and pixman objects must
    /// not be shared between threads; the pixels themselves are only read, or written by one piece
    /// each (so damage must not overlap: two pieces blending lines over one pixel at once would
    /// race).
    func render(into target: ImageSurface, bands: Int = FramePlan.bandCount, only damage: [DeviceRect]? = nil) {
        cairo_surface_flush(target.surface)
        guard let data = cairo_image_surface_get_data(target.surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(target.surface))
        let format = cairo_image_surface_get_format(target.surface)
        let width = target.width, height = target.height
        let count = max(1, min(bands, height))
        let areas = damage ?? [DeviceRect(x: 0, y: 0, width: width, height: height)]
        let pieces: [DeviceRect] = (0..<count).flatMap { band in
            let top = height * band / count, bottom = height * (band + 1) / count
            return areas.compactMap { $0.rows(top, bottom) }
        }
        let pixels = SharedPixels(base: data)
        DispatchQueue.concurrentPerform(iterations: pieces.count) { index in
            let piece = pieces[index]
            guard
                let surface = cairo_image_surface_create_for_data(
                    pixels.base + piece.y * stride + piece.x * 4, format,
                    Int32(piece.width), Int32(piece.height),
                    Int32(stride))
            else { return }
            defer { cairo_surface_destroy(surface) }
            // Device offset moves the piece to its place in the whole frame.
            cairo_surface_set_device_offset(surface, -Double(piece.x), -Double(piece.y))
            let plain = cache.flatMap { FramePlan.alias($0.surface) }
            let dimmed = cache.flatMap { FramePlan.alias($0.dimmed) }
            defer { plain.map(cairo_surface_destroy); dimmed.map(cairo_surface_destroy) }
            let cr = cairo_create(surface)!
            // Scaled by the context, not the surface, so curves are flattened as on one context.
            cairo_scale(cr, scale, scale)
            paint(Cairo(cr), plain: plain, dimmed: dimmed)
            cairo_destroy(cr)
            cairo_surface_flush(surface)
        }
        cairo_surface_mark_dirty(target.surface)
    }

    /// Paints the frame onto a frame surface, repainting only what differs from what it holds.
    @_spi(Benchmark) public func render(into frame: FrameSurface, bands: Int = FramePlan.bandCount) {
        let damage = frame.holds.flatMap { self.damage(since: $0, width: frame.image.width, height: frame.image.height) }
        render(into: frame.image, bands: bands, only: damage)
        frame.holds = content
    }

    /// A surface of this thread's own over `image`'s pixels (which the caller keeps alive).
    private static func alias(_ image: ImageSurface) -> OpaquePointer? {
        guard let data = cairo_image_surface_get_data(image.surface) else { return nil }
        return cairo_image_surface_create_for_data(
            data, cairo_image_surface_get_format(image.surface),
            Int32(image.width), Int32(image.height),
            cairo_image_surface_get_stride(image.surface))
    }
}

/// The frame's pixels, handed to the piece threads; each writes only its own piece.
private struct SharedPixels: @unchecked Sendable {
    let base: UnsafeMutablePointer<UInt8>
}
