// A file's display thumbnail as 8-bit luminance (and colourfulness): what the level estimator and the finders read.

import CropKit
import ImagingCore

/// The upright picture's display thumbnail as luminance, one byte a pixel, row by row.
struct ThumbnailLuminance {
    let width: Int
    let height: Int
    let luminance: [UInt8]
    /// Each pixel's largest channel less its smallest, when asked for (Find Photos reads colour too).
    var chroma: [UInt8]? = nil

    /// The thumbnail of the picture at `path` no larger than `side` either way, with the picture's facts.
    /// `chroma`: measure each pixel's colourfulness too.
    static func load(path: String, side: Int, chroma: Bool = false) throws(ImagingError) -> (ImageInfo, ThumbnailLuminance) {
        let (info, pixels) = try DisplayThumbnail.load(path: path, maxWidth: side, maxHeight: side)
        return (info, ThumbnailLuminance(pixels, chroma: chroma))
    }
}

extension ThumbnailLuminance {
    /// The luminance (and when asked the colourfulness) of a thumbnail's RGBA pixels.
    init(_ pixels: RGBAPixels, chroma: Bool) {
        var luminance = [UInt8](repeating: 0, count: pixels.width * pixels.height)
        var colourfulness = chroma ? luminance : nil
        pixels.withUnsafeBytes { rgba in
            for index in luminance.indices {
                let r = Int(rgba[4 * index]), g = Int(rgba[4 * index + 1]), b = Int(rgba[4 * index + 2])
                // Rec. 709 weights in fixed point, as the thumbnail is sRGB.
                luminance[index] = UInt8((r * 54 + g * 183 + b * 19 + 128) >> 8)
                colourfulness?[index] = UInt8(max(r, g, b) - min(r, g, b))
            }
        }
        self.init(width: pixels.width, height: pixels.height, luminance: luminance, chroma: colourfulness)
    }
}
