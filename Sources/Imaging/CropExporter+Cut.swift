// Bands cut out: the pieces of the picture as shown that are left, joined, for the export's crop and the measures.

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
        let joined = try joinedPicture(info, transform: options.transform, cuts: options.cuts)
        guard let shown = options.transform.applied(to: upright) else { throw ImagingLibraries.vipsFailure(.turnCut) }
        defer { cv_unref(shown) }
        return try joinedCut(shown, joined: joined, crop: crop)
    }

    /// `info`'s picture as shown (upright, then turned and flipped by `transform`) with `cuts` made and
    /// the pieces joined: what Trim Borders and the smart crop measure. Random access: the measures
    /// read it more than once (libvips keeps the decoded picture, as for a turned export). A new reference.
    static func shownPicture(
        _ info: ImageInfo, transform: ImageOrientation, cuts: [PictureCut] = []
    ) throws(ImagingError) -> VipsPointer {
        guard let image = cv_open(info.path, info.isJPEG ? 1 : 0) else { throw ImagingLibraries.vipsFailure(.open) }
        defer { cv_unref(image) }
        var upright: VipsPointer?
        guard cv_autorot(image, &upright) == 0, let upright else { throw ImagingLibraries.vipsFailure(.turnUpright) }
        defer { cv_unref(upright) }
        guard let shown = transform.applied(to: upright) else { throw ImagingLibraries.vipsFailure(.convert) }
        guard !cuts.isEmpty else { return shown }
        defer { cv_unref(shown) }
        let joined = try joinedPicture(info, transform: transform, cuts: cuts)
        return try joinedCut(
            shown, joined: joined, crop: PixelRect(x: 0, y: 0, width: joined.size.width, height: joined.size.height))
    }

    /// The picture `cuts` leave of `info`'s picture as shown after `transform`, the cuts checked on it.
    private static func joinedPicture(
        _ info: ImageInfo, transform: ImageOrientation, cuts: [PictureCut]
    ) throws(ImagingError) -> JoinedPicture {
        let shownSize = transform.displayedSize(storedWidth: info.width, storedHeight: info.height)
        do { return try JoinedPicture(PixelSize(width: shownSize.width, height: shownSize.height), cuts: cuts) } catch {
            throw .invalidRequest(.cut(.problem(error)))
        }
    }

    /// `crop` of the joined picture made from `shown`'s pieces (a new reference).
    private static func joinedCut(
        _ shown: VipsPointer, joined: JoinedPicture, crop: PixelRect
    ) throws(ImagingError) -> VipsPointer {
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
