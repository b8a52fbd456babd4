// The straightened cut: the picture turned by the angle into the crop, by CropKit's own map, with libvips' bicubic interpolator.

import CVips
import CropKit
import ImagingCore

extension CropExporter {
    /// The crop of `shown` (the whole picture after the EXIF orientation, flips and quarter turns)
    /// turned by `angle`: `crop` is in pixels of `TurnedPicture`'s bounding box, and output pixel
    /// (i, j) shows the picture point `picturePoint(fromBox:)` gives for its centre. A new reference
    /// the caller unrefs; same bands, bit depth and alpha as `shown`.
    static func straightened(_ shown: VipsPointer, crop: PixelRect, angle: StraightenAngle) throws(ImagingError) -> VipsPointer {
        let turned = TurnedPicture(
            width: Int(vips_image_get_width(shown)), height: Int(vips_image_get_height(shown)), angle: angle)
        // libvips' forward map (picture → output) taken from the model's own inverse map: its
        // origin and the images of the two unit steps. libvips samples pixel i at coordinate i, the
        // model covers i…i+1 with its centre at i + 0.5: the half pixels shift both sides.
        let origin = turned.boxPoint(fromPicture: CropPoint(x: 0, y: 0))
        let stepX = turned.boxPoint(fromPicture: CropPoint(x: 1, y: 0))
        let stepY = turned.boxPoint(fromPicture: CropPoint(x: 0, y: 1))
        let a = stepX.x - origin.x, c = stepX.y - origin.y
        let b = stepY.x - origin.x, d = stepY.y - origin.y
        let odx = origin.x - Double(crop.x) - 0.5, ody = origin.y - Double(crop.y) - 0.5
        return try VipsSteps.resampled(shown) { steps, input throws(ImagingError) in
            try steps.run { cv_affine_area(input, $0, a, b, c, d, 0.5, 0.5, odx, ody, Int32(crop.width), Int32(crop.height)) }
        }
    }
}
