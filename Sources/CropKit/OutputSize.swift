// The size a result is made for: the crop's own, exactly W × H pixels, a longer side, or a print size at a resolution.

/// A length unit for print sizes.
public enum PrintUnit: String, Sendable, Hashable, Codable, CaseIterable {
    case centimetres = "cm"
    case inches = "in"

    /// How many of this unit make an inch (ppi is per inch).
    var perInch: Double { self == .inches ? 1 : 2.54 }
}

/// A print's size on paper and the resolution it is printed at.
public struct PrintSize: Sendable, Hashable, Codable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public var unit: PrintUnit
    /// Pixels per inch.
    public var ppi: Int

    /// The default print resolution: what photo labs print at.
    public static let defaultPPI = 300
    /// The largest resolution accepted (beyond it no printer tells dots apart).
    public static let maximumPPI = 10_000

    /// nil unless both lengths are positive and finite and the resolution is 1…`maximumPPI`.
    public init?(width: Double, height: Double, unit: PrintUnit, ppi: Int = PrintSize.defaultPPI) {
        guard width.isFinite, height.isFinite, width > 0, height > 0, (1...PrintSize.maximumPPI).contains(ppi) else {
            return nil
        }
        self.width = width
        self.height = height
        self.unit = unit
        self.ppi = ppi
    }

    /// The pixels this print needs: each side `length × ppi` (centimetres through 2.54 per inch),
    /// rounded to the nearest pixel and never below one.
    public var pixels: PixelSize {
        PixelSize(width: PrintSize.pixels(width, unit: unit, ppi: ppi), height: PrintSize.pixels(height, unit: unit, ppi: ppi))
    }

    static func pixels(_ length: Double, unit: PrintUnit, ppi: Int) -> Int {
        let exact = length * Double(ppi) / unit.perInch
        guard exact.isFinite, exact < Double(Int32.max) else { return Int(Int32.max) }
        return max(1, Int(exact.rounded()))
    }

    /// The same paper turned a quarter: width and height exchanged.
    public var swapped: PrintSize {
        var turned = self
        (turned.width, turned.height) = (height, width)
        return turned
    }

    /// `15x10cm`, the command line's spelling (lengths without trailing zeros).
    public var description: String { "\(PrintSize.length(width))x\(PrintSize.length(height))\(unit.rawValue)" }

    /// A length as people write it: `15`, `10.5`, `29.7` (at most two decimals).
    public static func length(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
        let hundredths = Int((value * 100).rounded())
        let whole = "\(hundredths / 100)", fraction = hundredths % 100
        if fraction == 0 { return whole }
        if fraction % 10 == 0 { return "\(whole).\(fraction / 10)" }
        return "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// `text` lowercased, without spaces, `×` read as `x`: how sizes are compared when typed.
    static func compacted(_ text: String) -> String {
        String(text.lowercased().filter { $0 != " " }.map { $0 == "×" ? "x" : $0 })
    }

    /// `15x10cm`, `6x4in`, `29.7 x 21 cm` (an `×` may stand for the `x`), or nil.
    public init?(parsing text: String, ppi: Int = PrintSize.defaultPPI) {
        let compact = PrintSize.compacted(text)
        guard let unit = PrintUnit.allCases.first(where: { compact.hasSuffix($0.rawValue) }) else { return nil }
        let parts = compact.dropLast(unit.rawValue.count).split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
            parts.allSatisfy({ $0.allSatisfy { $0.isNumber || $0 == "." } })
        else { return nil }
        self.init(width: width, height: height, unit: unit, ppi: ppi)
    }
}

/// What size the result is made: the crop's own, exactly `W × H` pixels, a longer side, or a print.
/// Exact sizes (pixels and prints) lock the crop's ratio to theirs.
public enum OutputSize: Sendable, Hashable, Codable {
    /// The crop's own pixels.
    case original
    /// Exactly `width × height` pixels, whatever the crop's rounding.
    case pixels(PixelSize)
    /// The longer side `n` pixels, the other in proportion (rounded to the nearest pixel, at least 1).
    case longerSide(Int)
    /// The print's pixels exactly, its resolution written into the file.
    case print(PrintSize)

    /// The exact pixels asked for (pixels and prints), or nil when they follow the crop.
    public var exactPixels: PixelSize? {
        switch self {
        case .pixels(let size): return size
        case .print(let print): return print.pixels
        case .original, .longerSide: return nil
        }
    }

    /// The ratio an exact size locks the crop to (W:H of its pixels), or nil.
    public var lockedRatio: AspectRatio? {
        exactPixels.flatMap { AspectRatio.custom(width: Double($0.width), height: Double($0.height)) }
    }

    /// The resolution to write into the result (a print's), or nil to keep the source's.
    public var resolution: Int? {
        if case .print(let print) = self { return print.ppi }
        return nil
    }

    /// Portrait and landscape exchanged: a W × H size becomes H × W (others are their own swap).
    public var swapped: OutputSize {
        switch self {
        case .pixels(let size): return .pixels(PixelSize(width: size.height, height: size.width))
        case .print(let print): return .print(print.swapped)
        case .original, .longerSide: return self
        }
    }

    /// Whether the result is the crop's own pixels.
    public var isOriginal: Bool { self == .original }

    /// The result's size for a `width × height` crop (as turned and straightened).
    public func result(cropWidth width: Int, cropHeight height: Int) -> PixelSize {
        switch self {
        case .original: return PixelSize(width: max(width, 1), height: max(height, 1))
        case .longerSide(let side):
            let scaled = OutputSize.scaled(width: width, height: height, longerSide: side)
            return PixelSize(width: scaled.width, height: scaled.height)
        case .pixels, .print: return exactPixels ?? PixelSize(width: 1, height: 1)
        }
    }

    /// A `width`×`height` picture scaled so its longer side is `longerSide`, up or down: the shorter side
    /// keeps the proportions, rounded to the nearest pixel and never below one.
    public static func scaled(width: Int, height: Int, longerSide: Int) -> (width: Int, height: Int) {
        let long = max(width, height, 1), short = max(min(width, height), 0)
        let scaledShort = max(1, Int((Double(short) * Double(longerSide) / Double(long)).rounded()))
        return width >= height ? (longerSide, scaledShort) : (scaledShort, longerSide)
    }

    /// Whether a `width × height` crop has this size's ratio to within the pixel rounding of its
    /// edges: some rectangle of exactly W:H has each of its edges within one pixel of the crop's
    /// (rounding an edge to whole pixels moves it by up to a pixel: by a half to the nearest, by
    /// almost one inwards on a straightened picture), so each side is within two pixels. Sizes that
    /// follow the crop always match.
    public func matches(cropWidth width: Int, cropHeight height: Int) -> Bool {
        guard let exact = exactPixels else { return true }
        // |w − tW| ≤ 2 and |h − tH| ≤ 2 for one t  ⇔  |w·H − h·W| ≤ 2(W + H) (no division, no
        // overflow for sides up to 10 million).
        let w = Int64(width), h = Int64(height), W = Int64(exact.width), H = Int64(exact.height)
        return abs(w * H - h * W) <= 2 * (W + H)
    }
}

/// What a crop becomes at an output size: the result's pixels, how much it is enlarged, and for
/// a print the resolution the crop itself gives. The numbers the crop's facts show.
public struct OutputPlan: Sendable, Equatable {
    public let size: OutputSize
    public let result: PixelSize
    /// How many times the crop is enlarged (the larger of the two axes' factors), or nil when it is
    /// not enlarged.
    public let enlargement: Double?
    /// For a print whose crop has fewer pixels than it needs: the resolution the crop's own pixels
    /// give on that paper (whole ppi, rounded down: what the print really gets).
    public let printResolution: Int?

    /// Enlargements below this are not said: under 5 % no eye sees the softening, and a crop a
    /// pixel or two short of an exact size would otherwise always warn.
    public static let negligibleEnlargement = 1.05

    public init(size: OutputSize, cropWidth: Int, cropHeight: Int) {
        self.size = size
        let crop = PixelSize(width: max(cropWidth, 1), height: max(cropHeight, 1))
        result = size.result(cropWidth: crop.width, cropHeight: crop.height)
        let factor = max(Double(result.width) / Double(crop.width), Double(result.height) / Double(crop.height))
        enlargement = factor >= OutputPlan.negligibleEnlargement ? factor : nil
        if case .print(let print) = size, enlargement != nil {
            // The paper's longer side in inches over the crop's pixels along it.
            let inches = max(print.width, print.height) / print.unit.perInch
            let along = print.width >= print.height ? crop.width : crop.height
            printResolution = Int((Double(along) / inches).rounded(.down))
        } else {
            printResolution = nil
        }
    }

    /// The enlargement in tenths, as the facts show it ("enlarged 1.4 ×"; at least 1.1, since
    /// smaller ones are not said).
    public var enlargementTenths: Int? {
        enlargement.map { Int(($0 * 10).rounded()) }
    }
}

/// A whole number is a longer side, as `--size=N` always was: `ExportOptions(outputSize: 2048)`.
extension OutputSize: ExpressibleByIntegerLiteral {
    public init(integerLiteral side: Int) { self = .longerSide(side) }

    /// The largest rectangle of this size's ratio inside `rect`, centred in it (whole pixels; at least
    /// one a side): what a crop chosen for another picture becomes when this size must be exact, as
    /// Apply to All's "same part" of a photo of other proportions. Sizes that follow the crop, and
    /// crops that already match, keep `rect`.
    public func fitted(_ rect: PixelRect) -> PixelRect {
        guard let exact = exactPixels, !matches(cropWidth: rect.width, cropHeight: rect.height) else { return rect }
        let W = Double(exact.width), H = Double(exact.height)
        var width = rect.width, height = rect.height
        if Double(rect.width) * H > Double(rect.height) * W {
            width = min(rect.width, max(1, Int((Double(rect.height) * W / H).rounded())))
        } else {
            height = min(rect.height, max(1, Int((Double(rect.width) * H / W).rounded())))
        }
        return PixelRect(
            x: rect.x + (rect.width - width) / 2, y: rect.y + (rect.height - height) / 2, width: width, height: height)
    }
}
