// `--straighten`'s value: an angle given, or `auto` (the level estimator's suggestion on a display thumbnail).

import CropKit

/// What `--straighten` asks for.
public enum StraightenRequest: Equatable, Sendable {
    case angle(StraightenAngle)
    /// Level by the picture's own near-level and near-plumb lines; an error when it has none.
    case auto
}
