// A perspective correction's refusals in words: what is wrong with the quadrilateral, or why the export cannot be made.

import CropKit
import ImagingCore

extension PerspectiveRefusal {
    /// The sentence for people, in the user's language.
    public var message: String {
        switch self {
        case .quad(let problem): return problem.message
        case .lossless:
            return tr("a perspective correction makes new pixels, so it cannot be cut losslessly; it saves re-encoded")
        case .straightened:
            return tr("a perspective correction levels the picture itself, so it cannot be combined with a straighten angle")
        case .shape: return tr("the rectified picture's ratio or size must be a positive number")
        }
    }
}

extension QuadProblem {
    /// The sentence for people, in the user's language: which check failed and where.
    public var message: String {
        switch self {
        case .cornerOutside(let corner, let point, let picture):
            return Localization.format(
                // Translators: %1$s is a corner's name ("top left"), %2$s and %3$s its position in pixels.
                tr("the %1$s corner (%2$s, %3$s) lies outside the %4$d×%5$d picture"),
                [corner.name, coordinate(point.x), coordinate(point.y), picture.width, picture.height])
        case .crossesItself: return tr("the quadrilateral's sides cross: give the corners clockwise from the top left")
        case .counterclockwise: return tr("the corners go round counterclockwise: give them clockwise from the top left")
        case .notConvex(let corner):
            // Translators: %s is a corner's name ("top left").
            return Localization.format(tr("the quadrilateral is not convex at its %s corner"), [corner.name])
        case .tooSmall(let area, let minimum):
            return Localization.format(
                tr("the quadrilateral's area of %1$d square pixels is too small to rectify (at least %2$d)"),
                [Int(area.rounded(.down)), Int(minimum)])
        }
    }
}

/// A pixel coordinate as people write it: `12`, `-12.5` (at most two decimals).
private func coordinate(_ value: Double) -> String {
    value < 0 ? "-" + PrintSize.length(-value) : PrintSize.length(value)
}

extension PerspectiveQuad.Corner {
    /// The corner's name, as a sentence says it ("top left").
    public var name: String {
        switch self {
        case .topLeft: return tr("top left")
        case .topRight: return tr("top right")
        case .bottomRight: return tr("bottom right")
        case .bottomLeft: return tr("bottom left")
        }
    }
}
