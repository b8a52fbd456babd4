// `--straighten=auto`: the level estimator's suggestion for a file, from a display thumbnail's luminance.

import CropKit
import ImagingCore

/// The level estimator run on a file (the window's Level reads its own thumbnail instead).
public enum LevelSuggestion {
    /// The longer side of the thumbnail the estimator reads (it is tuned for 256–512 px).
    static let thumbnailSide = 512

    /// The angle that levels the upright picture at `path` by its near-level and near-plumb lines,
    /// or nil when it has none to go by.
    public static func suggest(path: String) throws(ImagingError) -> StraightenAngle? {
        let (_, pixels) = try DisplayThumbnail.load(path: path, maxWidth: thumbnailSide, maxHeight: thumbnailSide)
        var luminance = [UInt8](repeating: 0, count: pixels.width * pixels.height)
        pixels.withUnsafeBytes { rgba in
            for index in luminance.indices {
                let r = Int(rgba[4 * index]), g = Int(rgba[4 * index + 1]), b = Int(rgba[4 * index + 2])
                // Rec. 709 weights in fixed point, as the window's thumbnail is sRGB.
                luminance[index] = UInt8((r * 54 + g * 183 + b * 19 + 128) >> 8)
            }
        }
        return LevelEstimator.suggestion(width: pixels.width, height: pixels.height, luminance: luminance)
    }
}
