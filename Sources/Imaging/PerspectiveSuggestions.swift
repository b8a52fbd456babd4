// Find Document and Upright for a file: CropKit's searches on a display thumbnail's luminance, their answers in the upright picture's pixels.

import CropKit
import ImagingCore

extension Imaging {
    /// The longer side of the thumbnail Find Document and Upright read (they work at about 512 pixels).
    static let perspectiveThumbnailSide = 512

    /// The document in the upright picture at `path` (its corners in the picture's own pixels, after
    /// the EXIF orientation), or nil when there is none.
    public static func findDocument(path: String) throws(ImagingError) -> FoundDocument? {
        let (info, width, height, luminance) = try thumbnailLuminance(path: path)
        guard var found = DocumentFinder.find(width: width, height: height, luminance: luminance) else { return nil }
        found.quad = found.quad.scaled(x: Double(info.width) / Double(width), y: Double(info.height) / Double(height))
        guard found.quad.problem(in: PixelSize(width: info.width, height: info.height)) == nil else { return nil }
        return found
    }

    /// Upright's correction of the upright picture at `path`, in the picture's own pixels.
    /// `focalLength`: the lens's, in pixels of the picture, when known.
    public static func upright(path: String, focalLength: Double? = nil) throws(ImagingError) -> UprightResult {
        let (info, width, height, luminance) = try thumbnailLuminance(path: path)
        return Upright.correction(
            width: width, height: height, luminance: luminance, picture: PixelSize(width: info.width, height: info.height),
            focalLength: focalLength)
    }

    /// The upright picture's display thumbnail as 8-bit luminance (Rec. 709 weights, as the
    /// thumbnail is sRGB), with the picture's facts.
    static func thumbnailLuminance(path: String) throws(ImagingError) -> (ImageInfo, Int, Int, [UInt8]) {
        let side = perspectiveThumbnailSide
        let (info, pixels) = try displayThumbnail(path: path, maxWidth: side, maxHeight: side)
        var luminance = [UInt8](repeating: 0, count: pixels.width * pixels.height)
        pixels.withUnsafeBytes { rgba in
            for index in luminance.indices {
                let r = Int(rgba[4 * index]), g = Int(rgba[4 * index + 1]), b = Int(rgba[4 * index + 2])
                luminance[index] = UInt8((r * 54 + g * 183 + b * 19 + 128) >> 8)
            }
        }
        return (info, pixels.width, pixels.height, luminance)
    }
}
