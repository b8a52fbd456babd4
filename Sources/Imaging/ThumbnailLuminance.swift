// A file's display thumbnail as 8-bit luminance: what the level estimator, Find Document and Upright read.

import CropKit
import ImagingCore

/// The upright picture's display thumbnail as luminance, one byte a pixel, row by row.
struct ThumbnailLuminance {
    let width: Int
    let height: Int
    let luminance: [UInt8]

    /// The thumbnail of the picture at `path` no larger than `side` either way, with the picture's facts.
    static func load(path: String, side: Int) throws(ImagingError) -> (ImageInfo, ThumbnailLuminance) {
        let (info, pixels) = try DisplayThumbnail.load(path: path, maxWidth: side, maxHeight: side)
        var luminance = [UInt8](repeating: 0, count: pixels.width * pixels.height)
        pixels.withUnsafeBytes { rgba in
            for index in luminance.indices {
                let r = Int(rgba[4 * index]), g = Int(rgba[4 * index + 1]), b = Int(rgba[4 * index + 2])
                // Rec. 709 weights in fixed point, as the thumbnail is sRGB.
                luminance[index] = UInt8((r * 54 + g * 183 + b * 19 + 128) >> 8)
            }
        }
        return (info, ThumbnailLuminance(width: pixels.width, height: pixels.height, luminance: luminance))
    }
}
