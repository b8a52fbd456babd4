// Output sizes in words: a size's ratio, what a crop becomes ("→ 1080 × 1350 px"), the enlargement warning, the presets' names.

import CropKit

public enum OutputSizeWords {
    /// A size's ratio as people say it: `4:5` when small whole terms say it, else `1.50:1`.
    public static func ratio(_ size: PixelSize) -> String {
        let w = max(size.width, 1), h = max(size.height, 1)
        let divisor = gcd(w, h)
        let (a, b) = (w / divisor, h / divisor)
        if max(a, b) <= 32 { return "\(a):\(b)" }
        let hundredths = Int((Double(w) / Double(h) * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100):1"
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

    /// The result as the crop's facts show it: `→ 1080 × 1350 px`, `→ 15 × 10 cm at 300 ppi`.
    public static func result(_ plan: OutputPlan) -> String {
        if case .print(let print) = plan.size {
            return Localization.format(
                tr("→ %1$s × %2$s %3$s at %4$d ppi"),
                [PrintSize.length(print.width), PrintSize.length(print.height), unit(print.unit), print.ppi])
        }
        return Localization.format(tr("→ %1$d × %2$d px"), [plan.result.width, plan.result.height])
    }

    /// The warning beside it when the crop is enlarged, or nil: for a print the resolution the crop
    /// gives, else the factor.
    public static func enlargement(_ plan: OutputPlan) -> String? {
        if let ppi = plan.printResolution { return Localization.format(tr("the crop gives %d ppi"), [ppi]) }
        guard let tenths = plan.enlargementTenths else { return nil }
        return Localization.format(tr("enlarged %s ×"), [decimal(tenths)])
    }

    /// The output size for the crop area's description (what Orca reads), or nil for the crop's own size.
    public static func spoken(_ plan: OutputPlan) -> String? {
        guard !plan.size.isOriginal else { return nil }
        var words: String
        if case .print(let print) = plan.size {
            words = Localization.format(
                tr("output %1$s by %2$s %3$s at %4$d pixels per inch"),
                [PrintSize.length(print.width), PrintSize.length(print.height), spokenUnit(print.unit), print.ppi])
        } else {
            words = Localization.format(tr("output %1$d by %2$d pixels"), [plan.result.width, plan.result.height])
        }
        if let warning = enlargement(plan) { words += ", " + warning }
        return words
    }

    /// Tenths as a decimal in the user's way of writing it: 14 → `1.4`.
    static func decimal(_ tenths: Int) -> String { "\(tenths / 10).\(tenths % 10)" }

    public static func unit(_ unit: PrintUnit) -> String { unit == .centimetres ? tr("cm") : tr("in") }

    static func spokenUnit(_ unit: PrintUnit) -> String { unit == .centimetres ? tr("centimetres") : tr("inches") }

    /// A size as the Output Size menu lists it: `1080 × 1350 px`, `longer side 2048 px`, `10 × 15 cm, 300 ppi`.
    public static func label(_ size: OutputSize) -> String {
        switch size {
        case .original: return tr("Original Size")
        case .pixels(let pixels): return Localization.format(tr("%1$d × %2$d px"), [pixels.width, pixels.height])
        case .longerSide(let side): return Localization.format(tr("Longer side %d px"), [side])
        case .print(let print):
            return Localization.format(
                tr("%1$s × %2$s %3$s, %4$d ppi"),
                [PrintSize.length(print.width), PrintSize.length(print.height), unit(print.unit), print.ppi])
        }
    }

    /// A preset's name in the Output Size menu.
    public static func name(_ preset: OutputSizePreset) -> String {
        switch preset {
        case .profilePicture: return tr("Profile Picture")
        case .squarePost: return tr("Square Post")
        case .portraitPost: return tr("Portrait Post")
        case .story: return tr("Story")
        case .fullHD: return tr("Full HD")
        case .ultraHD4K: return tr("4K")
        case .thisScreen: return tr("This Screen")
        case .print10x15cm: return tr("Print 10 × 15 cm")
        case .print13x18cm: return tr("Print 13 × 18 cm")
        case .printA4: return tr("Print A4")
        case .print4x6in: return tr("Print 4 × 6 in")
        case .print5x7in: return tr("Print 5 × 7 in")
        case .print8x10in: return tr("Print 8 × 10 in")
        }
    }
}
