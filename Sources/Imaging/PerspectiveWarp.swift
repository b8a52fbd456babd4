// The perspective warp: the rectified picture made from the shown one by CropKit's homography, averaged down, then bicubic.

import CVips
import CropKit
import ImagingCore

extension CropExporter {
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
        return try VipsSteps.resampled(shown, castBack: factor > 1) { steps, input throws(ImagingError) in
            let source = factor > 1 ? try steps.run { cvp_shrink(input, $0, Int32(factor)) } : input
            let made = map.entries.withUnsafeBufferPointer { cvp_index(Int32(crop.width), Int32(crop.height), $0.baseAddress) }
            guard let index = made else { throw ImagingLibraries.pipelineError() }
            steps.adopt(index)
            return try steps.run { cvp_mapim(source, $0, index) }
        }
    }
}
