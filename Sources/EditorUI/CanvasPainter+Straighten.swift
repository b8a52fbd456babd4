// The straightened picture in the display cache: the outline it is clipped to, and the quick lower-resolution copy drawn while the angle changes.

import CGtk
import CropKit
import GtkSupport

extension CanvasPainter {
    /// Device pixels per cache pixel while the angle changes: a sixteenth of the pixels to turn
    /// each frame, so a frame stays within one 60 Hz refresh on a 4K canvas.
    static let quickReduction = 4
    /// The longer side of the upright copy the quick frames turn (pixels): it keeps their cost
    /// independent of the picture's size and reads from memory that fits the processor's caches.
    static let quickSourceSide = 1600

    /// The turned picture's corners in pixels of a `width`×`height` cache showing `region` of its
    /// box; nil at no angle, where the picture fills the box.
    static func outline(of turned: TurnedPicture, region: CropRect, width: Int, height: Int) -> [CropPoint]? {
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
    static func clipToPicture(_ c: Cairo, _ outline: [CropPoint]?) {
        guard let outline, let first = outline.first else { return }
        c.setColor(OverlayStyle.background)
        cairo_paint(c.cr)
        c.moveTo(first.x, first.y)
        for p in outline.dropFirst() { c.lineTo(p.x, p.y) }
        cairo_close_path(c.cr)
        cairo_clip(c.cr)
    }

    /// The cache drawn while the angle changes: `reduction` times fewer pixels each way, turned
    /// from a small upright copy with a bilinear filter. Never kept past the change: the first
    /// frame after it builds the sharp cache again.
    func quickSurface(
        for image: LoadedImage, transform: ImageOrientation, turned: TurnedPicture, region: CropRect,
        width: Int, height: Int, reduction: Int
    ) -> DisplayCache? {
        let w = max(1, (width + reduction - 1) / reduction), h = max(1, (height + reduction - 1) / reduction)
        guard let source = quickSource(for: image),
            let surface = ImageSurface(width: w, height: h, opaque: true),
            let dimmed = ImageSurface(width: w, height: h, opaque: true)
        else { return nil }
        let outline = CanvasPainter.outline(of: turned, region: region, width: w, height: h)
        surface.draw { c in
            CanvasPainter.clipToPicture(c, outline)
            CanvasPainter.checkerboard(c, width: Double(w), height: Double(h))
            SourceMapping.setSource(c, source, transform: transform, turned: turned, shown: region, width: w, height: h)
            cairo_pattern_set_filter(cairo_get_source(c.cr), CAIRO_FILTER_BILINEAR)
            cairo_paint(c.cr)
        }
        dimmed.draw { c in
            CanvasPainter.clipToPicture(c, outline)
            cairo_set_source_surface(c.cr, surface.surface, 0, 0)
            cairo_paint(c.cr)
            c.setColor(OverlayStyle.dim)
            cairo_paint(c.cr)
        }
        let cache = DisplayCache(
            width: width, height: height, source: image.surface, transform: transform, angle: turned.angle,
            reduction: reduction, region: region, sharp: nil, surface: surface, dimmed: dimmed)
        displayCache = cache
        return cache
    }

    /// The picture's surface scaled down to `quickSourceSide` (itself when already that small),
    /// made once per picture.
    private func quickSource(for image: LoadedImage) -> ImageSurface? {
        if let quick = quickCopy, quick.of === image.surface { return quick.copy }
        let original = image.surface
        let factor = Double(CanvasPainter.quickSourceSide) / Double(max(original.width, original.height))
        guard factor < 1 else {
            quickCopy = (image.surface, image.surface)
            return image.surface
        }
        let w = max(1, Int((Double(original.width) * factor).rounded()))
        let h = max(1, Int((Double(original.height) * factor).rounded()))
        guard let copy = ImageSurface(width: w, height: h) else { return nil }
        copy.draw { c in
            cairo_scale(c.cr, Double(w) / Double(original.width), Double(h) / Double(original.height))
            cairo_set_source_surface(c.cr, original.surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(c.cr), CAIRO_FILTER_GOOD)
            cairo_paint(c.cr)
        }
        quickCopy = (image.surface, copy)
        return copy
    }
}
