// The rectified picture at a size the window asks for: a region of it, warped as the export warps, from a source read shrunk.

import CVips
import CropKit
import ImagingCore

/// What the window shows of a picture with a perspective correction: the rectified picture at
/// display size, and sharp regions of it when zoomed in.
public enum RectifiedRender {
    /// `region` (normalized on the rectified picture, `rectification.size`) of the picture rectified
    /// by `rectification`, made at exactly `width` × `height` as RGBA bytes. The quadrilateral is in
    /// pixels of the picture as shown: upright, then turned and flipped by `transform`.
    ///
    /// Only the part of the source under the region is decoded, shrunk while decoding as far as the
    /// output allows (a JPEG by libjpeg's DCT scaling, up to 8 times), so a display-sized render of a
    /// big photo never decodes it whole at full size, and a zoomed region reads only its own pixels.
    /// The warp is the export's (`CropExporter.rectified`) on that part. Setting `cancellation` stops
    /// it early with `ImagingError.renderCancelled`, as `RegionRender.render`.
    public static func render(
        _ info: ImageInfo, transform: ImageOrientation, rectification: Rectification, region: CropRect,
        width: Int, height: Int, cancellation: RenderCancellation? = nil
    ) throws(ImagingError) -> RenderedRegion {
        ImagingLibraries.pipelineLock.lock()
        defer { ImagingLibraries.pipelineLock.unlock() }
        try cancellation?.check()
        let shownSize = transform.displayedSize(storedWidth: info.width, storedHeight: info.height)
        let shown = PixelSize(width: shownSize.width, height: shownSize.height)
        let wanted = try rectification.checkedRender(shown: shown, region: region, width: width, height: height)
        // The output is the rectified picture of the region's own quadrilateral on the picture: the
        // same homography, its corners the region's.
        let rectified = CropRect(
            x: wanted.minX * Double(rectification.size.width), y: wanted.minY * Double(rectification.size.height),
            width: wanted.width * Double(rectification.size.width), height: wanted.height * Double(rectification.size.height))
        guard let footprint = rectification.pictureQuad(of: rectified) else { throw .invalidRequest(.emptyRegion) }
        let output = PixelRect(x: 0, y: 0, width: width, height: height)
        let least = Rectification(quad: footprint, size: PixelSize(width: width, height: height)).shrinkFactor(for: output)
        var shrink = 1
        while info.isJPEG, shrink < 8, shrink * 2 <= least { shrink *= 2 }
        let turn = info.orientation.followed(by: transform)
        let box = footprintBox(footprint, shown: shown, least: least)
        let stored = turn.storedPixelRect(fromDisplayed: box, storedWidth: info.storedWidth, storedHeight: info.storedHeight)
        let cut = try RegionRender.cut(
            info, stored: CropRect(pixelRect: stored, imageWidth: info.storedWidth, imageHeight: info.storedHeight),
            shrink: shrink, cancellation: cancellation)
        defer { cv_unref(cut.image) }
        try cancellation?.check()
        guard let shownCut = turn.applied(to: cut.image) else { throw ImagingLibraries.vipsFailure(.regionTurnUpright) }
        defer { cv_unref(shownCut) }
        let onCut = Rectification(
            quad: quad(footprint, on: cut, turn: turn, shown: shown), size: PixelSize(width: width, height: height))
        let warped = try CropExporter.rectified(shownCut, rectification: onCut, crop: output)
        defer { cv_unref(warped) }
        try cancellation?.check()
        return RenderedRegion(pixels: try DisplayThumbnail.rgba8(warped), region: wanted)
    }

    /// The pixels of the `shown` picture the warp reads for `footprint`: its bounding box, widened
    /// by the bicubic interpolator's reach (two pixels of the picture averaged down, which is at
    /// most `least` times smaller) and the box average's, inside the picture.
    private static func footprintBox(_ footprint: PerspectiveQuad, shown: PixelSize, least: Int) -> PixelRect {
        let margin = Double(3 * least + 2)
        let xs = footprint.corners.map(\.x), ys = footprint.corners.map(\.y)
        let left = min(max(Int(((xs.min() ?? 0) - margin).rounded(.down)), 0), shown.width - 1)
        let top = min(max(Int(((ys.min() ?? 0) - margin).rounded(.down)), 0), shown.height - 1)
        let right = max(min(Int(((xs.max() ?? 0) + margin).rounded(.up)), shown.width), left + 1)
        let bottom = max(min(Int(((ys.max() ?? 0) + margin).rounded(.up)), shown.height), top + 1)
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// `footprint` (pixels of the `shown` picture) in pixels of `cut` once `turn` shows it: back to
    /// the stored grid, into the cut's pixels (the shrunk picture's, from the cut's corner), and
    /// turned with the cut. The corners' names come back to where they were, so the rectified
    /// picture is not turned.
    private static func quad(
        _ footprint: PerspectiveQuad, on cut: RegionRender.RegionCut, turn: ImageOrientation, shown: PixelSize
    ) -> PerspectiveQuad {
        let onStored = footprint.mapped(by: turn.inverse, pictureSize: shown)
        let shrink = Double(cut.shrink)
        let inCut = onStored.corners.map {
            CropPoint(x: $0.x / shrink - Double(cut.left), y: $0.y / shrink - Double(cut.top))
        }
        return PerspectiveQuad(inCut)!.mapped(by: turn, pictureSize: PixelSize(width: cut.width, height: cut.height))
    }
}
