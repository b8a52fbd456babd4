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
        let found = PhotoFinder.find(
            width: thumbnail.width, height: thumbnail.height, luminance: thumbnail.luminance, chroma: thumbnail.chroma)
        let x = Double(info.width) / Double(thumbnail.width), y = Double(info.height) / Double(thumbnail.height)
        return found.map { print in
            FoundPrint(corners: print.corners.map { CropPoint(x: $0.x * x, y: $0.y * y) })
        }
    }
}
