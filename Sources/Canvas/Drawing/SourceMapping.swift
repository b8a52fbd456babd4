// Drawing a region of the picture as shown (turned, flipped, cropped) from the upright source surface, through CropKit's mapping.

import CGtk
import CropKit
import GtkSupport

public enum SourceMapping {
    /// Sets `source` as the context's pattern so that the `width`×`height` output shows `shown`
    /// (a normalized rect of the picture as shown by `transform`), filtered for scaling. `source`
    /// holds `covering` of the upright picture (all of it, or one sharp region of a zoomed view);
    /// outside it the pattern pads (the whole picture) or is transparent (a region).
    /// With `turned` (a straightened picture), `shown` is a normalized rect of its bounding box,
    /// each box point showing the picture point CropKit maps it to.
    public static func setSource(
        _ c: Cairo, _ source: ImageSurface, transform: ImageOrientation, turned: TurnedPicture? = nil,
        shown: CropRect, width: Int, height: Int, covering: CropRect = .unit
    ) {
        cairo_set_source_surface(c.cr, source.surface, 0, 0)
        var matrix = SourceMapping.matrix(
            sourceWidth: source.width, sourceHeight: source.height, transform: transform, turned: turned,
            shown: shown, width: width, height: height, covering: covering)
        cairo_pattern_set_matrix(cairo_get_source(c.cr), &matrix)
        cairo_pattern_set_filter(cairo_get_source(c.cr), CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(c.cr), covering == .unit ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
    }

    /// The pattern matrix `setSource` sets, for a source of `sourceWidth`×`sourceHeight` pixels
    /// (for drawing through a surface of another thread's own over the same pixels).
    static func matrix(
        sourceWidth: Int, sourceHeight: Int, transform: ImageOrientation, turned: TurnedPicture?,
        shown: CropRect, width: Int, height: Int, covering: CropRect = .unit
    ) -> cairo_matrix_t {
        // Output pixel → shown point → upright source point: CropKit maps the points, the three
        // of them give the affine matrix (the UI computes no geometry of its own).
        let toSource = { (p: CropPoint) in
            let q = CropPoint(x: shown.minX + p.x * shown.width, y: shown.minY + p.y * shown.height)
            guard let turned, !turned.angle.isZero else { return transform.inverse.displayedPoint(fromStored: q) }
            return transform.inverse.displayedPoint(fromStored: turned.normalizedPicturePoint(fromBox: q))
        }
        let origin = toSource(.zero), alongX = toSource(CropPoint(x: 1, y: 0)), alongY = toSource(CropPoint(x: 0, y: 1))
        // Source pixels per normalized unit of the upright picture.
        let sw = Double(sourceWidth) / covering.width, sh = Double(sourceHeight) / covering.height
        var matrix = cairo_matrix_t()
        cairo_matrix_init(
            &matrix, (alongX.x - origin.x) * sw / Double(width), (alongX.y - origin.y) * sh / Double(width),
            (alongY.x - origin.x) * sw / Double(height), (alongY.y - origin.y) * sh / Double(height),
            (origin.x - covering.minX) * sw, (origin.y - covering.minY) * sh)
        return matrix
    }
}
