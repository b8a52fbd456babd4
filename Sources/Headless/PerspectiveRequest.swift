// `--perspective` and `--upright`: four corners given (pixels or percent), `auto` (Find Document), or Upright's correction.

import CropKit

/// What `--perspective` asks for.
public enum PerspectiveRequest: Equatable, Sendable {
    /// The corners clockwise from the top left, x then y each, as given: a number and whether it is a percent.
    case corners([Coordinate])
    /// The page, whiteboard, screen or canvas in the photo, found by itself; an error when there is none.
    case auto
    /// `--upright=auto`: leaning verticals made plumb, the picture's ratio kept inside; an error without lines.
    case upright

    /// The option that asked for it, as the command line's words name it.
    var option: HeadlessOption { self == .upright ? .upright : .perspective }

    /// One coordinate as written.
    public struct Coordinate: Equatable, Sendable {
        public var value: Double
        public var isPercent: Bool
    }

    /// Reads `X1,Y1,X2,Y2,X3,Y3,X4,Y4` (decimals allowed, each in pixels or with `%`) or `auto`.
    init?(parsing text: String) {
        guard text != "auto" else {
            self = .auto
            return
        }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 8 else { return nil }
        var coordinates: [Coordinate] = []
        for part in parts {
            let isPercent = part.hasSuffix("%")
            guard let value = Double(isPercent ? part.dropLast() : part), value.isFinite else { return nil }
            coordinates.append(Coordinate(value: value, isPercent: isPercent))
        }
        self = .corners(coordinates)
    }

    /// The given corners in pixels of a picture of `size` (percent of its width for x, of its height for y);
    /// nil for `auto` and `upright`, which the decoder finds.
    func quad(on size: PixelSize) -> PerspectiveQuad? {
        guard case .corners(let coordinates) = self else { return nil }
        let points = stride(from: 0, to: coordinates.count, by: 2).map { index in
            let x = coordinates[index], y = coordinates[index + 1]
            return CropPoint(
                x: x.isPercent ? x.value / 100 * Double(size.width) : x.value,
                y: y.isPercent ? y.value / 100 * Double(size.height) : y.value)
        }
        return PerspectiveQuad(points)
    }
}
