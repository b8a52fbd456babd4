// The words a screen reader says in perspective mode: the chosen corner and where it stands.

import CropKit
import Wording

extension CropText {
    /// What a screen reader says in perspective mode, e.g. `perspective, top left corner, 12 percent
    /// from the left, 8 percent from the top`.
    static func perspectiveValue(_ editing: PerspectiveEditing) -> String {
        let place = editing.percent(of: editing.selected)
        // TRANSLATORS: The crop area's spoken value in perspective mode: %1$s is a corner ("top left
        // corner"), %2$s and %3$s quantities in words such as "12 percent". Keep %1$s…%3$s.
        let sentence = tr("perspective, %1$s, %2$s from the left, %3$s from the top")
        return Localization.format(sentence, [cornerName(editing.selected), percent(place.fromLeft), percent(place.fromTop)])
    }

    /// A corner of the quadrilateral in words.
    static func cornerName(_ corner: PerspectiveQuad.Corner) -> String {
        switch corner {
        case .topLeft: return tr("top left corner")
        case .topRight: return tr("top right corner")
        case .bottomRight: return tr("bottom right corner")
        case .bottomLeft: return tr("bottom left corner")
        }
    }
}
