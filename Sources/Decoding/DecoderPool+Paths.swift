// The jobs' `path:` forms, for callers that hold a file's path: each is its job's `.file(path)` call, documented with the job.

import CropKit
import ImagingCore

extension DecoderPool {
    /// `probe(.file(path))`.
    public func probe(path: String) throws(ImagingError) -> ImageInfo { try probe(.file(path)) }

    /// `displayThumbnail(.file(path), …)`.
    public func displayThumbnail(path: String, maxWidth: Int, maxHeight: Int) throws(ImagingError) -> Thumbnail {
        try displayThumbnail(.file(path), maxWidth: maxWidth, maxHeight: maxHeight)
    }

    /// `storedCrop(.file(path))`.
    public func storedCrop(path: String) throws(ImagingError) -> (crop: StoredCrop, source: StoredCropSource)? {
        try storedCrop(.file(path))
    }

    /// `levelSuggestion(.file(path))`.
    public func levelSuggestion(path: String) throws(ImagingError) -> StraightenAngle? { try levelSuggestion(.file(path)) }

    /// `smartCrop(.file(path), …)`.
    public func smartCrop(
        path: String, transform: ImageOrientation, cuts: [PictureCut] = [], target: SmartCropTarget
    ) throws(ImagingError) -> PixelRect {
        try smartCrop(.file(path), transform: transform, cuts: cuts, target: target)
    }

    /// `export(info, from: .file(info.path), …)`.
    public func export(
        _ info: ImageInfo, crop: PixelRect, output: String, options: ExportOptions = ExportOptions(),
        temporaryName: String? = nil
    ) throws(ImagingError) -> ExportResult {
        try export(info, from: .file(info.path), crop: crop, output: output, options: options, temporaryName: temporaryName)
    }

    /// `renderRegion(info, from: .file(info.path), …)`.
    public func renderRegion(
        _ info: ImageInfo, region: CropRect, scale: Double, cancellation: RenderCancellation? = nil
    ) throws(ImagingError) -> RenderedRegion {
        try renderRegion(info, from: .file(info.path), region: region, scale: scale, cancellation: cancellation)
    }

    /// `renderRectified(info, from: .file(info.path), …)`.
    public func renderRectified(
        _ info: ImageInfo, transform: ImageOrientation, rectification: Rectification, region: CropRect, width: Int,
        height: Int, cancellation: RenderCancellation? = nil
    ) throws(ImagingError) -> RenderedRegion {
        try renderRectified(
            info, from: .file(info.path), transform: transform, rectification: rectification, region: region, width: width,
            height: height, cancellation: cancellation)
    }
}
