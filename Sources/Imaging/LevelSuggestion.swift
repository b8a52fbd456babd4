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
        let (_, thumbnail) = try ThumbnailLuminance.load(path: path, side: thumbnailSide)
        return LevelEstimator.suggestion(width: thumbnail.width, height: thumbnail.height, luminance: thumbnail.luminance)
    }
}
