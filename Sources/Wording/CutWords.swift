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

extension PictureCut {
    /// The cut in words, as the crop area says it in Cut Out mode: "cut 220 rows at 120", "cut 300
    /// columns at 40" (the first row or column removed, on the picture the cuts before it leave).
    public var spoken: String {
        switch axis {
        case .rows:
            // TRANSLATORS: the crop area's words for a band cut out of the picture: %1$d rows removed
            // from row %2$d.
            return Localization.format(trn("cut %1$d row at %2$d", "cut %1$d rows at %2$d", length), [length, start])
        case .columns:
            // TRANSLATORS: %1$d columns removed from column %2$d of the picture.
            return Localization.format(
                trn("cut %1$d column at %2$d", "cut %1$d columns at %2$d", length), [length, start])
        }
    }
}
