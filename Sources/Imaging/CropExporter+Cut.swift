// The export's cut-out step: the bands removed from the picture as shown and the crop made of the pieces left, joined.

import CVips
import CropKit
import ImagingCore

extension CropExporter {
    /// The crop of the joined picture (a new reference): the upright picture turned and flipped as
    /// shown, the pieces of it the crop is made of (`JoinedPicture.pieces`) cut out, put side by side
    /// in each band of rows, and the bands stacked. Only the crop's pixels are read.
    static func joinedCut(
        _ upright: VipsPointer, info: ImageInfo, crop: PixelRect, options: ExportOptions
    ) throws(ImagingError) -> VipsPointer {
        let shownSize = options.transform.displayedSize(storedWidth: info.width, storedHeight: info.height)
        let joined: JoinedPicture
        do { joined = try JoinedPicture(PixelSize(width: shownSize.width, height: shownSize.height), cuts: options.cuts) } catch {
            throw .invalidRequest(.cut(.problem(error)))
        }
        guard let shown = options.transform.applied(to: upright) else { throw ImagingLibraries.vipsFailure(.turnCut) }
        defer { cv_unref(shown) }
        var bands: [VipsPointer] = []
        defer { bands.forEach { cv_unref($0) } }
        for row in joined.pieces(of: crop) {
            var pieces: [VipsPointer] = []
            defer { pieces.forEach { cv_unref($0) } }
            for rect in row {
                var piece: VipsPointer?
                guard cv_crop(shown, &piece, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height)) == 0,
                    let piece
                else { throw ImagingLibraries.vipsFailure(.cut) }
                pieces.append(piece)
            }
            bands.append(try joining(pieces[...], VIPS_DIRECTION_HORIZONTAL))
        }
        return try joining(bands[...], VIPS_DIRECTION_VERTICAL)
    }

    /// `images` joined in order, left to right or top to bottom (a new reference): halves joined
    /// in turn, so a long row of pieces makes a shallow pipeline rather than a chain as long as the row.
    private static func joining(
        _ images: ArraySlice<VipsPointer>, _ direction: VipsDirection
    ) throws(ImagingError) -> VipsPointer {
        guard let first = images.first else { throw .invalidRequest(.emptyCrop) }
        guard images.count > 1 else {
            g_object_ref(first)
            return first
        }
        let middle = images.startIndex + images.count / 2
        let left = try joining(images[..<middle], direction)
        defer { cv_unref(left) }
        let right = try joining(images[middle...], direction)
        defer { cv_unref(right) }
        var out: VipsPointer?
        guard cv_join(left, right, &out, direction) == 0, let out else { throw ImagingLibraries.vipsFailure(.cut) }
        return out
    }
}
