// `--rotate` and `--flip` made one orientation of the picture: the flip first, then the turn.

import CropKit

struct TransformValueError: Error {
    let reason: String
}

extension HeadlessOptions {
    /// The user's orientation on top of the upright picture. The order is fixed (flip, then rotate,
    /// as ImageMagick does for `-flop -rotate 90`) whatever order the options were written in.
    static func transform(rotate: String?, flip: String?) throws(TransformValueError) -> ImageOrientation {
        var orientation = ImageOrientation.up
        switch flip {
        case nil: break
        case "horizontal": orientation = orientation.applying(.flipHorizontal)
        case "vertical": orientation = orientation.applying(.flipVertical)
        case let text?: throw TransformValueError(reason: "--flip must be horizontal or vertical, not “\(text)”")
        }
        switch rotate {
        case nil: break
        case "90": orientation = orientation.applying(.rotateRight)
        case "180": orientation = orientation.followed(by: .down)
        case "270": orientation = orientation.applying(.rotateLeft)
        case let text?: throw TransformValueError(reason: "--rotate must be 90, 180 or 270 (degrees clockwise), not “\(text)”")
        }
        return orientation
    }
}
