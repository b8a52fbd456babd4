// The words people hear and see for a crop, translated: the screen reader's value and the header's size label.

import CropKit

/// CropKit gives the numbers; the sentences around them are the catalogue's.
///
/// The spoken value is one sentence with numbered arguments, each argument a quantity translated on
/// its own with its plural form ("%d percent"). One `ngettext` of the whole sentence could choose a
/// plural form for one of its four numbers only, and languages such as Russian or Polish need a form
/// for each (1 процент, 2 процента, 5 процентов).
enum CropText {
    /// What a screen reader says for the crop area, e.g. `left 10 percent, top 10 percent, width 80 percent, height 80 percent`.
    static func accessibilityValue(_ crop: CropRect) -> String {
        let p = crop.percentages
        // TRANSLATORS: What a screen reader says for the crop area: its left edge, top edge, width and
        // height. Each %N$s is a quantity already in words, such as "10 percent" (the string "%d percent").
        // Keep the numbers %1$s…%4$s; their order may change.
        let sentence = tr("left %1$s, top %2$s, width %3$s, height %4$s")
        return Localization.format(sentence, [p.left, p.top, p.width, p.height].map(percent))
    }

    /// One spoken quantity in the catalogue's plural form for its number, e.g. `10 percent`.
    static func percent(_ value: Int) -> String {
        // TRANSLATORS: One quantity of the crop area's spoken value, e.g. "10 percent" in "left 10 percent".
        // Spoken by a screen reader: write the word, not the sign.
        Localization.format(trn("%d percent", "%d percent", value), [value])
    }

    /// The header bar's size label, e.g. `80% × 80%`.
    static func sizeLabel(_ crop: CropRect) -> String {
        let p = crop.percentages
        // TRANSLATORS: The crop's width × height in percent of the picture, in the header bar (%% is the sign).
        return Localization.format(tr("%1$d%% × %2$d%%"), [p.width, p.height])
    }

    /// The crop's size in whole pixels, e.g. `1920 × 1080 px`.
    static func pixelSizeLabel(width: Int, height: Int) -> String {
        // TRANSLATORS: The crop's width × height in pixels, in the header bar.
        Localization.format(tr("%1$d × %2$d px"), [width, height])
    }
}
