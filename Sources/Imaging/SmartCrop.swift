// Smart crop suggestions: libvips' attention smartcrop on an upright thumbnail, placed back on the full-resolution picture.

import CVips
import CropKit
import ImagingCore

/// The smart crop's suggestion (`--crop=auto`, Suggest Crop).
public enum SmartCrop {
    /// The longer side of the thumbnail the attention measure reads. libvips shrinks whatever it is
    /// given to 32×32 to find the spot, so a larger thumbnail would only cost decoding time; this
    /// one still places the spot within a 1/1024 of the picture.
    public static let attentionThumbnailSide = 1024

    /// The crop, in pixels of the picture at `path` as shown (EXIF orientation applied, then
    /// `transform`, then `cuts` made, as the export applies them), that libvips' attention smartcrop
    /// (`VIPS_INTERESTING_ATTENTION`: skin tones, saturated colour, edges) suggests for `target`:
    /// the target's size centred on the most interesting spot, shifted only to stay inside.
    public static func suggest(
        path: String, transform: ImageOrientation = .up, cuts: [PictureCut] = [], target: SmartCropTarget
    ) throws(ImagingError) -> PixelRect {
        ImagingLibraries.pipelineLock.lock()
        defer { ImagingLibraries.pipelineLock.unlock() }
        let info = try ImageProbe.probe(path: path)
        var shown = transform.displayedSize(storedWidth: info.width, storedHeight: info.height)
        if !cuts.isEmpty {
            do {
                let joined = try JoinedPicture(PixelSize(width: shown.width, height: shown.height), cuts: cuts).size
                shown = (joined.width, joined.height)
            } catch { throw .invalidRequest(.cut(.problem(error))) }
        }
        let picture = SuggestedCrop(width: shown.width, height: shown.height)
        let size: PixelSize
        switch target {
        case .ratio(let ratio): size = picture.largestSize(ratio: ratio)
        case .size(let wanted):
            size = PixelSize(width: min(max(wanted.width, 1), shown.width), height: min(max(wanted.height, 1), shown.height))
        }
        vips_error_clear()
        let thumb =
            try cuts.isEmpty
            ? shownThumbnail(info, transform: transform) : joinedThumbnail(info, transform: transform, cuts: cuts)
        defer { cv_unref(thumb) }
        let tw = Int(vips_image_get_width(thumb)), th = Int(vips_image_get_height(thumb))
        // The target on the thumbnail's scale: libvips blurs its measure by the crop's size.
        let cw = Int32(min(max((Double(size.width) * Double(tw) / Double(shown.width)).rounded(), 1), Double(tw)))
        let ch = Int32(min(max((Double(size.height) * Double(th) / Double(shown.height)).rounded(), 1), Double(th)))
        var cropped: UnsafeMutablePointer<VipsImage>?
        var x: Int32 = 0, y: Int32 = 0
        try DecodePolicy.computed(info, failure: { ImagingLibraries.pipelineError(info) }) { () throws(ImagingError) in
            guard cv_smartcrop_attention(thumb, &cropped, cw, ch, &x, &y) == 0, let cropped else {
                throw ImagingLibraries.pipelineError(info)
            }
            cv_unref(cropped)
        }
        // The spot's pixel centre, carried to the full-resolution picture.
        let point = (
            x: (Double(x) + 0.5) * Double(shown.width) / Double(tw), y: (Double(y) + 0.5) * Double(shown.height) / Double(th)
        )
        return picture.placed(size, around: point)
    }

    /// The picture as shown, shrunk to the attention measure's side while decoding where it can be.
    private static func shownThumbnail(
        _ info: ImageInfo, transform: ImageOrientation
    ) throws(ImagingError) -> UnsafeMutablePointer<VipsImage> {
        let side = Int32(attentionThumbnailSide)
        var upright: UnsafeMutablePointer<VipsImage>?
        let shrink = Int32(
            DisplayThumbnail.jpegShrink(width: info.width, height: info.height, maxWidth: Int(side), maxHeight: Int(side)))
        guard cv_thumbnail(info.path, &upright, side, side, info.isJPEG ? 1 : 0, shrink) == 0, let upright else {
            throw ImagingLibraries.pipelineError(info)
        }
        defer { cv_unref(upright) }
        guard let thumb = transform.applied(to: upright) else { throw ImagingLibraries.vipsFailure(.convert) }
        return thumb
    }

    /// The picture the cuts leave of it as shown, joined, then shrunk to the attention measure's side:
    /// the pieces are joined at full size, so the measure sees exactly what the export keeps.
    private static func joinedThumbnail(
        _ info: ImageInfo, transform: ImageOrientation, cuts: [PictureCut]
    ) throws(ImagingError) -> UnsafeMutablePointer<VipsImage> {
        let joined = try CropExporter.shownPicture(info, transform: transform, cuts: cuts)
        defer { cv_unref(joined) }
        let side = Int32(attentionThumbnailSide)
        var thumb: UnsafeMutablePointer<VipsImage>?
        guard cv_thumbnail_image(joined, &thumb, side, side) == 0, let thumb else { throw ImagingLibraries.pipelineError(info) }
        return thumb
    }
}
