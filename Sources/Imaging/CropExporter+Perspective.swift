// The export's perspective step: the picture as shown rectified by the quadrilateral, only the crop of it made.

import CVips
import CropKit
import ImagingCore

extension CropExporter {
    /// The crop of the rectified picture (a new reference): the upright picture turned and flipped
    /// as shown, then warped (`rectified`) straight into the crop, the only pixels made.
    static func rectifiedCut(
        _ upright: VipsPointer, crop: PixelRect, options: ExportOptions, _ rectification: Rectification
    ) throws(ImagingError) -> VipsPointer {
        guard let shown = options.transform.applied(to: upright) else { throw ImagingLibraries.vipsFailure(.turnCut) }
        defer { cv_unref(shown) }
        return try rectified(shown, rectification: rectification, crop: crop)
    }
}
