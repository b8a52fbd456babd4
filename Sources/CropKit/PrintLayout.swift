// Where a printed result goes: the paper and its orientation, the picture's place and size on the page, the resolution it gets.

/// A sheet of paper: its name as GTK and CUPS know it (PWG 5101.1, `iso_a4`), or nil for a size of
/// its own, and its size in millimetres, upright (width ≤ height).
public struct Paper: Sendable, Hashable, CustomStringConvertible {
    public let name: String?
    public let width: Double
    public let height: Double

    public init(name: String?, width: Double, height: Double) {
        self.name = name
        (self.width, self.height) = (min(width, height), max(width, height))
    }

    public static let a5 = Paper(name: "iso_a5", width: 148, height: 210)
    public static let a4 = Paper(name: "iso_a4", width: 210, height: 297)
    public static let a3 = Paper(name: "iso_a3", width: 297, height: 420)
    public static let letter = Paper(name: "na_letter", width: 215.9, height: 279.4)
    public static let legal = Paper(name: "na_legal", width: 215.9, height: 355.6)
    /// 11 × 17 in, which PWG calls ledger.
    public static let tabloid = Paper(name: "na_ledger", width: 279.4, height: 431.8)

    /// The papers a print size is set up on when the printer's own does not hold it, smallest first.
    public static let common: [Paper] = [.a5, .a4, .letter, .legal, .a3, .tabloid]

    public var description: String { "\(name ?? "custom") \(width)×\(height) mm" }
}

/// Which way up the paper is.
public enum PageOrientation: Sendable, Hashable {
    case portrait, landscape
}

/// A rectangle on a page, in points (1/72 in) from the top-left corner of the paper as it lies.
public struct PageRect: Sendable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    public var description: String { "\(width)×\(height)+\(x)+\(y) pt" }
}

/// How a result is printed: on which paper, which way up, where and how large. A print size (Output
/// Size's 15 × 10 cm) is printed at exactly that size, centred on the paper; any other result as large
/// as the printable area holds, centred in it, its proportions kept.
public enum PrintLayout {
    /// Points in a millimetre.
    public static let pointsPerMillimetre = 72 / 25.4

    /// The page set up for a result of `pixels` printed at `print` (nil: fitted). It lies the way the
    /// picture does (a tall picture, or a square one, on a portrait page). A print goes on `preferred`
    /// (the printer's own paper) when it fits there, else on the smallest common paper that holds it,
    /// else on a paper of its own size; a fitted result always on `preferred`.
    public static func page(
        for pixels: PixelSize, print: PrintSize?, preferred: Paper
    ) -> (
        paper: Paper, orientation: PageOrientation
    ) {
        guard let print else {
            return (preferred, pixels.width > pixels.height ? .landscape : .portrait)
        }
        let (width, height) = millimetres(print)
        let orientation: PageOrientation = width > height ? .landscape : .portrait
        // Upright, the print's shorter side lies along the paper's width.
        let short = min(width, height), long = max(width, height)
        let holds = { (paper: Paper) in short <= paper.width + tolerance && long <= paper.height + tolerance }
        let paper = ([preferred] + Paper.common).first(where: holds) ?? Paper(name: nil, width: short, height: long)
        return (paper, orientation)
    }

    /// Where the picture goes on a page of `page` points (the paper as it lies) with the `printable`
    /// area inside it: a print at exactly its size, centred on the paper (a paper too small for it
    /// cuts it at the edges, as a print shop's would); otherwise as large as `printable` holds, centred
    /// there.
    public static func place(_ pixels: PixelSize, print: PrintSize?, page: CropSize, printable: PageRect) -> PageRect {
        if let print {
            let (width, height) = millimetres(print)
            let size = CropSize(width: width * pointsPerMillimetre, height: height * pointsPerMillimetre)
            return PageRect(
                x: (page.width - size.width) / 2, y: (page.height - size.height) / 2, width: size.width, height: size.height)
        }
        let w = Double(max(pixels.width, 1)), h = Double(max(pixels.height, 1))
        let scale = max(0, min(printable.width / w, printable.height / h))
        let size = CropSize(width: w * scale, height: h * scale)
        return PageRect(
            x: printable.x + (printable.width - size.width) / 2, y: printable.y + (printable.height - size.height) / 2,
            width: size.width, height: size.height)
    }

    /// The resolution `pixels` get printed into `rect`, in pixels per inch (the lower of the two axes').
    public static func resolution(_ pixels: PixelSize, in rect: PageRect) -> Double {
        guard rect.width > 0, rect.height > 0 else { return 0 }
        return min(Double(pixels.width) / (rect.width / 72), Double(pixels.height) / (rect.height / 72))
    }

    /// The resolution a print gets when it is short of pixels, in whole pixels per inch, or nil when it
    /// has what it needs. `pixels` carry the picture into `rect`: for a print size the crop's own (the
    /// result is enlarged from them), which need the print size's resolution; for a fitted print the
    /// result's, which need `PrintSize.defaultPPI` (what photo labs print at).
    public static func shortfall(_ pixels: PixelSize, print: PrintSize?, rect: PageRect) -> Int? {
        let got = resolution(pixels, in: rect)
        if let print {
            // A print needs its pixels, each side rounded to the nearest: one short of 1181.1 is enough.
            let needs = print.pixels
            return pixels.width < needs.width || pixels.height < needs.height ? Int(got.rounded(.down)) : nil
        }
        // Half a pixel per inch is rounding, not a shortfall.
        return got + 0.5 < Double(PrintSize.defaultPPI) ? Int(got.rounded(.down)) : nil
    }

    /// A print size in millimetres.
    static func millimetres(_ print: PrintSize) -> (width: Double, height: Double) {
        let perUnit = print.unit == .inches ? 25.4 : 10
        return (print.width * perUnit, print.height * perUnit)
    }

    /// Papers measured to a tenth of a millimetre: a print of exactly A4 fits on A4.
    static let tolerance = 0.05
}
