// The perspective warp: a rectangle of the rectified picture made from the picture as shown, by CropKit's homography, box-averaged first where it shrinks, then resampled bicubically.

import CVips
import CropKit
import ImagingCore

extension Imaging {
    /// The part `crop` (in rectified pixels) of the picture `shown` rectified by `rectification`:
    /// output pixel (i, j) shows the picture point the rectification's map gives for the rectified
    /// point (crop.x + i + 0.5, crop.y + j + 0.5), its centre. A new reference the caller unrefs;
    /// same bands, bit depth and alpha as `shown`.
    ///
    /// Where the rectified picture is smaller than the picture shows it, the picture is first
    /// averaged down by the largest whole factor that still leaves every rectified pixel at least
    /// one pixel of it across (`Rectification.shrinkFactor`), so the bicubic interpolator, which
    /// reads only a 4 × 4 neighbourhood, never skips pixels; then libvips resamples it through an
    /// index image of positions computed tile by tile from the homography (`vips_mapim`).
    static func rectified(
        _ shown: VipsPointer, rectification: Rectification, crop: PixelRect
    ) throws(ImagingError)
        -> VipsPointer
    {
        guard crop.width > 0, crop.height > 0, let pictureFromRectified = rectification.pictureFromRectified else {
            throw .invalidRequest(.emptyCrop)
        }
        let factor = rectification.shrinkFactor(for: crop)
        // Output pixel (i, j) → its centre on the rectified picture → the picture → the averaged-down
        // picture, whose pixel k covers k…k + 1 (the picture's k·factor…(k + 1)·factor) → libvips'
        // sampling position, where an integer is a pixel's centre.
        let shrink = 1 / Double(factor)
        guard let toSmaller = Homography.scaling(shrink, shrink) else { throw .invalidRequest(.emptyCrop) }
        let map = Homography.translation(Double(crop.x) + 0.5, Double(crop.y) + 0.5)
            .followed(by: pictureFromRectified).followed(by: toSmaller).followed(by: .translation(-0.5, -0.5))
        let format = vips_image_get_format(shown)
        let hasAlpha = vips_image_hasalpha(shown) != 0
        var made: [VipsPointer] = []
        defer { made.forEach { cv_unref($0) } }
        func run(_ operation: (UnsafeMutablePointer<VipsPointer?>) -> Int32) throws(ImagingError) -> VipsPointer {
            var out: VipsPointer?
            guard operation(&out) == 0, let out else { throw pipelineError() }
            made.append(out)
            return out
        }
        // Alpha weights the colours, so a transparent pixel's colour does not bleed into its neighbours.
        var source = hasAlpha ? try run { cv_premultiply(shown, $0) } : shown
        if factor > 1 { source = try run { [source] in cvp_shrink(source, $0, Int32(factor)) } }
        guard
            let index = map.entries.withUnsafeBufferPointer({ cvp_index(Int32(crop.width), Int32(crop.height), $0.baseAddress) })
        else { throw pipelineError() }
        made.append(index)
        let warped = try run { [source] in cvp_mapim(source, $0, index) }
        var result = warped
        if hasAlpha || factor > 1 {
            let unweighted = hasAlpha ? try run { cv_unpremultiply(warped, $0) } : warped
            let rounded = try run { cv_rint(unweighted, $0) }
            result = try run { cv_cast(rounded, $0, format) }
        }
        _ = g_object_ref(result)
        return result
    }
}
