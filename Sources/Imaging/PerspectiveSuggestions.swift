// Find Document and Upright for a file: CropKit's searches on its thumbnail, answered in the upright picture's pixels.

import CropKit
import ImagingCore

/// Find Document and Upright run on a file.
public enum PerspectiveSuggestions {
    /// The longer side of the thumbnail Find Document and Upright read (they work at about 512 pixels).
    static let thumbnailSide = 512

    /// The document in the upright picture at `path` (its corners in the picture's own pixels, after
    /// the EXIF orientation), or nil when there is none.
    public static func findDocument(path: String) throws(ImagingError) -> FoundDocument? {
        let (info, thumbnail) = try ThumbnailLuminance.load(path: path, side: thumbnailSide)
        let (width, height) = (thumbnail.width, thumbnail.height)
        guard var found = DocumentFinder.find(width: width, height: height, luminance: thumbnail.luminance) else {
            return nil
        }
        found.quad = found.quad.scaled(x: Double(info.width) / Double(width), y: Double(info.height) / Double(height))
        guard found.quad.problem(in: PixelSize(width: info.width, height: info.height)) == nil else { return nil }
        return found
    }

    /// Upright's correction of the upright picture at `path`, in the picture's own pixels.
    /// `focalLength`: the lens's, in pixels of the picture, when known.
    public static func upright(path: String, focalLength: Double? = nil) throws(ImagingError) -> UprightResult {
        let (info, thumbnail) = try ThumbnailLuminance.load(path: path, side: thumbnailSide)
        return Upright.correction(
            width: thumbnail.width, height: thumbnail.height, luminance: thumbnail.luminance,
            picture: PixelSize(width: info.width, height: info.height), focalLength: focalLength)
    }
}
