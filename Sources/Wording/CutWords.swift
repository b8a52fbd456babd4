// Bands cut out of a picture in words: which cut does not fit, or why the export cannot be made with cuts.

import CropKit
import ImagingCore

extension CutRefusal {
    /// The sentence for people, in the user's language.
    public var message: String {
        switch self {
        case .problem(let problem): return problem.message
        case .lossless:
            return tr("a picture with bands cut out is new pixels, so it cannot be cut losslessly; it saves re-encoded")
        case .warped: return tr("bands cannot be cut out of a straightened or perspective-corrected picture")
        }
    }
}

extension CutProblem {
    /// The sentence for people, in the user's language: which cut, and the picture it was made on.
    public var message: String {
        switch self {
        case .outside(let cut, _, let picture):
            return Localization.format(
                // Translators: %1$s is a cut as ImageMagick's -chop geometry, e.g. 0x220+0+120.
                tr("the cut %1$s reaches outside the %2$d×%3$d picture"), [cut.description, picture.width, picture.height])
        case .nothingLeft(let cut, _, let picture):
            return Localization.format(
                tr("the cut %1$s would leave nothing of the %2$d×%3$d picture"),
                [cut.description, picture.width, picture.height])
        case .tooMany(let count):
            return Localization.format(tr("%1$d cuts are too many: at most %2$d"), [count, JoinedPicture.maximumCuts])
        }
    }
}
