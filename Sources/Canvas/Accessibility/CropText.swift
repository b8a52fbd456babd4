// The words people hear and see for a crop, translated: the screen reader's value and the header's size label.

import CropKit
import Glibc
import Wording

/// CropKit gives the numbers; the sentences around them are the catalogue's.
///
/// The spoken value is one sentence with numbered arguments, each argument a quantity translated on
/// its own with its plural form ("%d percent"). One `ngettext` of the whole sentence could choose a
/// plural form for one of its four numbers only, and languages such as Russian or Polish need a form
/// for each (1 процент, 2 процента, 5 процентов).
public enum CropText {
    /// What a screen reader says for the crop area, e.g. `left 10 percent, top 10 percent, width 80 percent, height 80 percent`.
    /// At an angle it continues: `…, height 90 percent, straightened 2.5 degrees clockwise`.
    static func accessibilityValue(_ crop: CropRect, angle: StraightenAngle = .zero, rectified: Bool = false) -> String {
        let p = crop.percentages
        // TRANSLATORS: What a screen reader says for the crop area: its left edge, top edge, width and
        // height. Each %N$s is a quantity already in words, such as "10 percent" (the string "%d percent").
        // Keep the numbers %1$s…%4$s; their order may change.
        let sentence = tr("left %1$s, top %2$s, width %3$s, height %4$s")
        let value = Localization.format(sentence, [p.left, p.top, p.width, p.height].map(percent))
        // TRANSLATORS: The crop area's spoken value on a picture whose perspective is corrected (%s as above).
        if rectified { return Localization.format(tr("%s, perspective corrected"), [value]) }
        switch angle.direction {
        case .level:
            return value
        case .clockwise:
            // TRANSLATORS: The crop area's spoken value when the picture is straightened: %1$s is the
            // crop's position and size as above, %2$s an angle in words such as "2.5 degrees".
            return Localization.format(tr("%1$s, straightened %2$s clockwise"), [value, degrees(angle)])
        case .counterclockwise:
            // TRANSLATORS: As "straightened … clockwise", the other way.
            return Localization.format(tr("%1$s, straightened %2$s counterclockwise"), [value, degrees(angle)])
        }
    }

    /// Which frame the crop area edits among several, e.g. `frame 2 of 4` (`index` from 0).
    static func framePlace(_ index: Int, of count: Int) -> String {
        // TRANSLATORS: Said before the crop area's value when a picture has several frames (crops):
        // %1$d is the frame being edited, %2$d how many there are.
        Localization.format(tr("frame %1$d of %2$d"), [index + 1, count])
    }

    /// A format's ratio as said: `4:5` as "4 to 5"; nil for a name that is not a ratio (a frame named otherwise).
    static func ratioWords(_ name: String) -> String? {
        let terms = name.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard terms.count == 2, AspectRatio(parsing: name) != nil else { return nil }
        // TRANSLATORS: A frame's aspect ratio as said, e.g. "4 to 5" for 4:5 (%1$s width, %2$s height).
        return Localization.format(tr("%1$s to %2$s"), terms.map { String($0.filter { !$0.isWhitespace }) })
    }

    /// The size of a straighten angle in words, e.g. `2.5 degrees`, `1 degree`.
    static func degrees(_ angle: StraightenAngle) -> String {
        let number = decimal(angle.magnitudeHundredths)
        guard angle.magnitudeHundredths % 100 == 0 else {
            // TRANSLATORS: An angle with a decimal fraction, e.g. "2.5 degrees" (%s is the number).
            return Localization.format(tr("%s degrees"), [number])
        }
        // TRANSLATORS: A whole angle, e.g. "1 degree", "3 degrees" (%s is the number).
        return Localization.format(trn("%s degree", "%s degrees", angle.magnitudeHundredths / 100), [number])
    }

    /// Hundredths as a decimal number in the locale's way, with no trailing zeros: 250 → `2.5` (`2,5` in German).
    static func decimal(_ hundredths: Int) -> String {
        let whole = hundredths / 100, fraction = hundredths % 100
        guard fraction != 0 else { return "\(whole)" }
        let digits = fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
        let point = localeconv().map { String(cString: $0.pointee.decimal_point) } ?? "."
        return "\(whole)\(point.isEmpty ? "." : point)\(digits)"
    }

    /// One spoken quantity in the catalogue's plural form for its number, e.g. `10 percent`.
    static func percent(_ value: Int) -> String {
        // TRANSLATORS: One quantity of the crop area's spoken value, e.g. "10 percent" in "left 10 percent".
        // Spoken by a screen reader: write the word, not the sign.
        Localization.format(trn("%d percent", "%d percent", value), [value])
    }

    /// The header bar's size label, e.g. `80% × 80%`.
    public static func sizeLabel(_ crop: CropRect) -> String {
        let p = crop.percentages
        // TRANSLATORS: The crop's width × height in percent of the picture, in the header bar (%% is the sign).
        return Localization.format(tr("%1$d%% × %2$d%%"), [p.width, p.height])
    }

    /// The crop's size in whole pixels, e.g. `1920 × 1080 px`.
    public static func pixelSizeLabel(width: Int, height: Int) -> String {
        // TRANSLATORS: The crop's width × height in pixels, in the header bar.
        Localization.format(tr("%1$d × %2$d px"), [width, height])
    }
}
