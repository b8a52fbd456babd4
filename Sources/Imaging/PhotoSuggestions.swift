// Find Photos for a file: CropKit's PhotoFinder on its thumbnail's luminance and colour, in the upright picture's pixels.

import CropKit
import ImagingCore

/// Find Photos run on a file.
public enum PhotoSuggestions {
    /// The longer side of the thumbnail Find Photos reads: a print's edge is measured to a pixel of
    /// it, so it is larger than Find Document's.
    static let thumbnailSide = 1024

    /// The prints on the scan at `path`, in reading order, in the upright picture's own pixels (after
    /// the EXIF orientation); empty when there are none.
    public static func findPhotos(path: String) throws(ImagingError) -> [FoundPrint] {
        let (info, thumbnail) = try ThumbnailLuminance.load(path: path, side: thumbnailSide, chroma: true)
        return find(on: thumbnail, info)
    }

    /// The same on a picture already decoded whole (`DecodedPicture`, to be cut into its prints
    /// after): its thumbnail made from the pixels in memory rather than by reading the file again.
    /// Only a PNG's: its thumbnail is libvips' own of the same pixels either way (no loader of it
    /// shrinks while decoding, as a JPEG's does), so the prints are the ones `findPhotos(path:)` finds.
    /// nil for a picture of another kind, or of another file than `info`'s.
    public static func findPhotos(in decoded: DecodedPicture, _ info: ImageInfo) throws(ImagingError) -> [FoundPrint]? {
        guard info.loader.contains("Png"), decoded.path == info.path else { return nil }
        let pixels = try decoded.thumbnail(maxWidth: thumbnailSide, maxHeight: thumbnailSide)
        return find(on: ThumbnailLuminance(pixels, chroma: true), info)
    }

    /// The prints the finder finds on `thumbnail`, in the upright picture's pixels.
    private static func find(on thumbnail: ThumbnailLuminance, _ info: ImageInfo) -> [FoundPrint] {
        let found = PhotoFinder.find(
            width: thumbnail.width, height: thumbnail.height, luminance: thumbnail.luminance, chroma: thumbnail.chroma)
        let x = Double(info.width) / Double(thumbnail.width), y = Double(info.height) / Double(thumbnail.height)
        return found.map { print in
            FoundPrint(corners: print.corners.map { CropPoint(x: $0.x * x, y: $0.y * y) })
        }
    }
}
