// Trim Borders' measure: the box of the pixels that differ from the picture's plain or transparent border (its corners' colour).

import CVips
import CropKit
import ImagingCore

/// Trim Borders' measure on a file (`--crop=trim`, Trim Borders).
public enum BorderContent {
    /// The box, in pixels of the picture at `path` as shown (EXIF orientation applied, then
    /// `transform`, then `cuts` made, as the export applies them), of the pixels that differ from the border by more
    /// than `tolerance` percent (0: any difference; 100: none). The border's colour is that of the
    /// corner most other corners are alike to; nil when no two corners are alike or no pixel
    /// differs.
    public static func find(
        path: String, transform: ImageOrientation = .up, cuts: [PictureCut] = [],
        tolerance: Int = TrimBorders.defaultTolerance
    ) throws(ImagingError) -> PixelRect? {
        ImagingLibraries.pipelineLock.lock()
        defer { ImagingLibraries.pipelineLock.unlock() }
        let info = try ImageProbe.probe(path: path)
        // The border's colour comes from the bottom corners before the pass that measures from the top.
        let shown = try CropExporter.shownPicture(info, transform: transform, cuts: cuts)
        defer { cv_unref(shown) }
        let rgba = try DisplayThumbnail.rgba8Image(shown)
        defer { cv_unref(rgba) }
        let fuzz = Double(min(max(tolerance, 0), 100)) / 100 * 255
        var left: Int32 = 0, top: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        vips_error_clear()
        let found = cvt_content_box(rgba, fuzz, &left, &top, &width, &height)
        guard found >= 0 else { throw ImagingLibraries.pipelineError(info) }
        try DecodePolicy.acceptRepairs(info)
        return found == 1 ? PixelRect(x: Int(left), y: Int(top), width: Int(width), height: Int(height)) : nil
    }
}
