// The straightened picture in the display cache: its clipping outline, and the quick small copy turned while the angle changes.

import CGtk
import CropKit
import Dispatch
import GtkSupport

extension CanvasPainter {
    /// The most pixels a quick cache turns each frame: a 4K canvas's picture at a quarter of its
    /// resolution each way, which keeps a frame within one 60 Hz refresh there.
    nonisolated static let quickPixels = 600_000

    /// Device pixels per cache pixel while the angle changes for a `width`×`height` visible picture
    /// (device pixels): the least that keeps the quick cache within `quickPixels`, and at least 2,
    /// so a window of ordinary size turns a half-resolution copy and a 4K one a quarter.
    nonisolated static func quickReduction(width: Int, height: Int) -> Int {
        var k = 2
        while k < 16, (width / k) * (height / k) > quickPixels { k += 1 }
        return k
    }
    /// The longer side of the upright copy the quick frames turn (pixels): it keeps their cost
    /// independent of the picture's size and reads from memory that fits the processor's caches.
    nonisolated static let quickSourceSide = 1600

    /// The turned picture's corners in pixels of a `width`×`height` cache showing `region` of its
    /// box; nil at no angle, where the picture fills the box.
    nonisolated static func outline(of turned: TurnedPicture, region: CropRect, width: Int, height: Int) -> [CropPoint]? {
        guard !turned.angle.isZero, region.width > 0, region.height > 0 else { return nil }
        let box = turned.boundingSize
        return turned.corners.map { p in
            CropPoint(
                x: (p.x / Double(box.width) - region.minX) / region.width * Double(width),
                y: (p.y / Double(box.height) - region.minY) / region.height * Double(height))
        }
    }

    /// Paints the background colour and clips to the turned picture's outline: the box's corners
    /// outside the picture look like the canvas around it, in the plain and the dimmed copy alike.
    nonisolated static func clipToPicture(_ c: Cairo, _ outline: [CropPoint]?) {
        guard let outline, let first = outline.first else { return }
        c.setColor(OverlayStyle.background)
        cairo_paint(c.cr)
        c.moveTo(first.x, first.y)
        for p in outline.dropFirst() { c.lineTo(p.x, p.y) }
        cairo_close_path(c.cr)
        cairo_clip(c.cr)
    }

    /// The cache drawn while the angle changes: `reduction` times fewer pixels each way, turned
    /// from a small upright copy, nearest pixel (the frame magnifies it by nearest pixel too: a
    /// bilinear turn costs about twice as much for a difference the magnified blocks hide; see
    /// docs/BENCHMARKS.md), in bands on every core. Never kept past the change: the first frame
    /// after it builds the sharp cache again.
    func quickSurface(
        for image: LoadedImage, transform: ImageOrientation, turned: TurnedPicture, region: CropRect,
        width: Int, height: Int, reduction: Int
    ) -> DisplayCache? {
        let w = max(1, (width + reduction - 1) / reduction), h = max(1, (height + reduction - 1) / reduction)
        // The last quick cache's surfaces when the size is the same: frames painted from a quick
        // cache are repainted whole (`FramePlan.damage`), so its pixels may change under them.
        let reused = displayCache.flatMap {
            $0.reduction == reduction && $0.surface.width == w && $0.surface.height == h ? $0 : nil
        }
        guard let source = quickSource(for: image),
            let surface = reused?.surface ?? ImageSurface(width: w, height: h, opaque: true),
            let dimmed = reused?.dimmed ?? ImageSurface(width: w, height: h, opaque: true)
        else { return nil }
        let outline = CanvasPainter.outline(of: turned, region: region, width: w, height: h)
        let matrix = SourceMapping.matrix(
            sourceWidth: source.width, sourceHeight: source.height, transform: transform, turned: turned,
            shown: region, width: w, height: h)
        CanvasPainter.inBands(surface, dimmed, source) { plain, dim, source in
            let c = Cairo(cairo_create(plain)!)
            CanvasPainter.clipToPicture(c, outline)
            // Mid grey under transparency: the checkerboard waits for the sharp frame.
            c.setColor(RGBA(0.5, 0.5, 0.5))
            cairo_paint(c.cr)
            cairo_set_source_surface(c.cr, source, 0, 0)
            var m = matrix
            cairo_pattern_set_matrix(cairo_get_source(c.cr), &m)
            cairo_pattern_set_filter(cairo_get_source(c.cr), CAIRO_FILTER_FAST)
            cairo_pattern_set_extend(cairo_get_source(c.cr), CAIRO_EXTEND_PAD)
            cairo_paint(c.cr)
            cairo_destroy(c.cr)
            cairo_surface_flush(plain)
            let d = Cairo(cairo_create(dim)!)
            CanvasPainter.clipToPicture(d, outline)
            cairo_set_source_surface(d.cr, plain, 0, 0)
            cairo_paint(d.cr)
            d.setColor(OverlayStyle.dim)
            cairo_paint(d.cr)
            cairo_destroy(d.cr)
        }
        let cache = DisplayCache(
            width: width, height: height, source: image.surface, transform: transform, angle: turned.angle,
            reduction: reduction, region: region, sharp: nil, surface: surface, dimmed: dimmed)
        displayCache = cache
        return cache
    }

    /// The picture's surface scaled down to `quickSourceSide` (itself when already that small),
    /// made once per picture off the main thread; until it is ready, the picture's own surface.
    /// (Making it takes longer than a held key takes to repeat, so the first quick frames sample
    /// the thumbnail itself, nearest pixel, at the same cost per frame.)
    private func quickSource(for image: LoadedImage) -> ImageSurface? {
        if let quick = quickCopy, quick.of === image.surface { return quick.copy }
        Task { [weak self] in await self?.prepareQuickCopy(for: image) }
        return image.surface
    }

    /// Makes the small copy quick frames turn, off the main thread.
    @_spi(Benchmark) public func prepareQuickCopy(for image: LoadedImage) async {
        // Each quick frame before the copy is ready asks again: one copy is made, not one a frame.
        guard quickCopy?.of !== image.surface, quickCopyInMaking !== image.surface else { return }
        let original = image.surface
        quickCopyInMaking = original
        defer { if quickCopyInMaking === original { quickCopyInMaking = nil } }
        guard
            let copy = await Task.detached(priority: .userInitiated, operation: { CanvasPainter.smallCopy(of: original) }).value,
            quickCopy?.of !== original
        else { return }
        quickCopy = (original, copy)
    }

    /// `prepareQuickCopy` on this thread, for the benchmark.
    @_spi(Benchmark) public func prepareQuickCopyHere(for image: LoadedImage) {
        guard quickCopy?.of !== image.surface, let copy = CanvasPainter.smallCopy(of: image.surface) else { return }
        quickCopy = (image.surface, copy)
    }

    /// `original` scaled down to `quickSourceSide` on its longer side, or itself when no larger.
    nonisolated static func smallCopy(of original: ImageSurface) -> ImageSurface? {
        let factor = Double(CanvasPainter.quickSourceSide) / Double(max(original.width, original.height))
        guard factor < 1 else { return original }
        let w = max(1, Int((Double(original.width) * factor).rounded()))
        let h = max(1, Int((Double(original.height) * factor).rounded()))
        guard let copy = ImageSurface(width: w, height: h) else { return nil }
        copy.draw { c in
            cairo_scale(c.cr, Double(w) / Double(original.width), Double(h) / Double(original.height))
            cairo_set_source_surface(c.cr, original.surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(c.cr), CAIRO_FILTER_GOOD)
            cairo_paint(c.cr)
        }
        return copy
    }

    /// Runs `body` on horizontal bands of `first` and `second` (same size) at once, one band per
    /// core, each with Cairo surfaces of its own over the band's rows (device offset to the
    /// band's place) and over all of `source`: Cairo and pixman objects must not be shared
    /// between threads, the pixels are only read or written by one band each.
    nonisolated static func inBands(
        _ first: ImageSurface, _ second: ImageSurface, _ source: ImageSurface,
        _ body: @Sendable (OpaquePointer, OpaquePointer, OpaquePointer) -> Void
    ) {
        let height = first.height, count = max(1, min(FramePlan.bandCount, height))
        let targets = [first, second, source].map { image -> BandPixels in
            cairo_surface_flush(image.surface)
            return BandPixels(
                base: cairo_image_surface_get_data(image.surface), stride: Int(cairo_image_surface_get_stride(image.surface)),
                format: cairo_image_surface_get_format(image.surface), width: image.width, height: image.height)
        }
        DispatchQueue.concurrentPerform(iterations: count) { band in
            let top = height * band / count, bottom = height * (band + 1) / count
            guard bottom > top, let a = targets[0].rows(top, bottom), let b = targets[1].rows(top, bottom),
                let s = targets[2].rows(0, targets[2].height)
            else { return }
            body(a, b, s)
            cairo_surface_flush(a)
            cairo_surface_flush(b)
            [a, b, s].forEach(cairo_surface_destroy)
        }
        for image in [first, second] { cairo_surface_mark_dirty(image.surface) }
    }
}

/// An image surface's pixels, handed to band threads that each make a surface of their own over some rows.
private struct BandPixels: @unchecked Sendable {
    let base: UnsafeMutablePointer<UInt8>?
    let stride: Int
    let format: cairo_format_t
    let width: Int
    let height: Int

    /// A new surface over rows `top..<bottom`, offset so that drawing uses whole-surface coordinates.
    func rows(_ top: Int, _ bottom: Int) -> OpaquePointer? {
        guard let base,
            let surface = cairo_image_surface_create_for_data(
                base + top * stride, format, Int32(width), Int32(bottom - top), Int32(stride))
        else { return nil }
        cairo_surface_set_device_offset(surface, 0, -Double(top))
        return surface
    }
}
