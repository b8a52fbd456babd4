// Crop geometry as typed on a command line (`WxH+X+Y`, `W%xH%+X+Y`, `W%xH%+X%+Y%`): parsing it and checking it.

/// A crop as the user typed it, measured on the upright image: whole pixels, or a share of the image.
public enum CropGeometry: Hashable, Sendable, CustomStringConvertible {
    /// ImageMagick/jpegtran geometry: `WxH+X+Y` in pixels.
    case pixels(PixelRect)
    /// `W%xH%+X%+Y%`, stored normalized (percent ÷ 100, so 0…1 inside the image).
    case percent(CropRect)
    /// `W%xH%+X+Y`, ImageMagick's own meaning: the size in percent of the image, the offsets in pixels.
    /// The percentages are kept as typed, so the size comes out as ImageMagick computes it.
    case percentSize(widthPercent: Double, heightPercent: Double, x: Int, y: Int)

    /// Parses `WxH+X+Y`, `W%xH%+X+Y` or `W%xH%+X%+Y%`; without offsets (`WxH`) the crop starts at the top left.
    /// Negative offsets (`-5` or `+-5`) parse, so the user hears "outside the image" rather than
    /// "malformed"; negative sizes parse too, to be reported as sizes.
    public init(parsing text: String) throws(CropGeometryError) {
        guard let numbers = GeometryScanner.numbers(in: text) else { throw .malformed(text) }
        let percent = numbers.filter(\.isPercent).count
        // ImageMagick's form: % on both sizes, none on the offsets.
        let percentSize = numbers.count == 4 && numbers[0].isPercent && numbers[1].isPercent && percent == 2
        guard percent == 0 || percent == numbers.count || percentSize else { throw .mixedUnits(text) }
        let offsets = numbers.count == 4 ? [numbers[2], numbers[3]] : []

        if percentSize {
            let sizes = try Self.percentValues(numbers[0...1], text: text)
            guard sizes[0] > 0, sizes[1] > 0 else { throw .emptySize(text) }
            let origin = try Self.pixelValues(numbers[2...3], text: text)
            self = .percentSize(widthPercent: sizes[0], heightPercent: sizes[1], x: origin[0], y: origin[1])
        } else if percent == 0 {
            let values = try Self.pixelValues(numbers[...], text: text)
            guard values[0] > 0, values[1] > 0 else { throw .emptySize(text) }
            let x = offsets.isEmpty ? 0 : values[2], y = offsets.isEmpty ? 0 : values[3]
            self = .pixels(PixelRect(x: x, y: y, width: values[0], height: values[1]))
        } else {
            let values = try Self.percentValues(numbers[...], text: text).map { $0 / 100 }
            guard values[0] > 0, values[1] > 0 else { throw .emptySize(text) }
            let x = offsets.isEmpty ? 0 : values[2], y = offsets.isEmpty ? 0 : values[3]
            self = .percent(CropRect(x: x, y: y, width: values[0], height: values[1]))
        }
    }

    /// Whole pixels, signed: a fraction here is a typo, not a request for sub-pixel crops.
    private static func pixelValues(
        _ numbers: ArraySlice<GeometryScanner.Number>, text: String
    )
        throws(CropGeometryError) -> [Int]
    {
        guard numbers.allSatisfy({ !$0.hasFraction }) else { throw .malformed(text) }
        var values: [Int] = []
        for number in numbers {
            guard let magnitude = Int(number.digits) else { throw .numberTooLarge(text) }
            values.append(number.isNegative ? -magnitude : magnitude)
        }
        return values
    }

    /// Percentages as typed, signed.
    private static func percentValues(
        _ numbers: ArraySlice<GeometryScanner.Number>, text: String
    )
        throws(CropGeometryError) -> [Double]
    {
        var values: [Double] = []
        for number in numbers {
            guard let magnitude = Double(number.digits), magnitude.isFinite else { throw .numberTooLarge(text) }
            values.append(number.isNegative ? -magnitude : magnitude)
        }
        return values
    }

    /// The pixel rectangle in a W×H upright image, unchecked: pixels as typed; percent by CropKit's
    /// one rounding rule (`CropRect.pixelRect`), which also clamps into the image; a percent size as
    /// ImageMagick rounds it.
    public func pixelRect(imageWidth: Int, imageHeight: Int) -> PixelRect {
        switch self {
        case .pixels(let rect): return rect
        case .percent(let rect): return rect.pixelRect(imageWidth: imageWidth, imageHeight: imageHeight)
        case .percentSize(let w, let h, let x, let y):
            return PixelRect(
                x: x, y: y, width: Self.imageMagickSize(w, of: imageWidth),
                height: Self.imageMagickSize(h, of: imageHeight))
        }
    }

    /// ImageMagick's size for a percentage (`ParseGravityGeometry`: floor(p × n / 100 + 0.5)), at
    /// least one pixel as a tiny `W%xH%+X%+Y%` gives, and never past what an `Int` holds.
    static func imageMagickSize(_ percent: Double, of pixels: Int) -> Int {
        let size = (percent * Double(pixels) / 100 + 0.5).rounded(.down)
        guard size.isFinite, size < 9e18 else { return Int.max }
        return max(1, Int(size))
    }

    /// The pixel rectangle, or an error when the crop has no area or is not wholly inside the image.
    /// Percent is checked before rounding, since rounding clamps and would hide a crop that overhangs.
    public func checkedPixelRect(imageWidth: Int, imageHeight: Int) throws(CropGeometryError) -> PixelRect {
        let outside = CropGeometryError.outside(crop: description, imageWidth: imageWidth, imageHeight: imageHeight)
        switch self {
        case .pixels, .percentSize:
            let r = pixelRect(imageWidth: imageWidth, imageHeight: imageHeight)
            guard r.width > 0, r.height > 0 else { throw .emptySize(description) }
            // Subtracting from the image size cannot overflow: both sides are known non-negative.
            guard r.x >= 0, r.y >= 0, r.width <= imageWidth, r.height <= imageHeight,
                r.x <= imageWidth - r.width, r.y <= imageHeight - r.height
            else { throw outside }
            return r
        case .percent(let r):
            guard r.isFinite else { throw outside }
            guard r.width > 0, r.height > 0 else { throw .emptySize(description) }
            // Typed percentages like 33.3 + 66.7 land a rounding error past 1; that is still "inside".
            guard r.isInside(.unit, tolerance: CropGeometry.percentTolerance) else { throw outside }
            return r.pixelRect(imageWidth: imageWidth, imageHeight: imageHeight)
        }
    }

    /// How far (normalized) a percent crop may overhang from floating-point error alone.
    static let percentTolerance = 1e-9

    /// The geometry in the syntax it was typed in; negative offsets as `-5`, as ImageMagick writes them.
    public var description: String {
        switch self {
        case .pixels(let r):
            return "\(r.width)x\(r.height)\(Self.signed("\(r.x)", r.x < 0))\(Self.signed("\(r.y)", r.y < 0))"
        case .percent(let r):
            let (w, h, x, y) = (
                Self.percentText(r.width), Self.percentText(r.height),
                Self.percentText(r.x), Self.percentText(r.y)
            )
            return "\(w)%x\(h)%\(Self.signed(x, r.x < 0))%\(Self.signed(y, r.y < 0))%"
        case .percentSize(let w, let h, let x, let y):
            let (width, height) = (Self.percentText(w / 100), Self.percentText(h / 100))
            return "\(width)%x\(height)%\(Self.signed("\(x)", x < 0))\(Self.signed("\(y)", y < 0))"
        }
    }

    private static func signed(_ text: String, _ negative: Bool) -> String { negative ? text : "+" + text }

    /// A normalized value as percent, without the float noise of ×100 (0.333 → "33.3", 0.5 → "50").
    private static func percentText(_ normalized: Double) -> String {
        let percent = normalized * 100
        guard percent.isFinite, abs(percent) < 1e15 else { return "\(percent)" }
        let rounded = (percent * 10_000).rounded() / 10_000
        let text = "\(rounded)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

/// Why a geometry cannot be used, in words for the user (the CLI prints it after `IMAGE: `).
public enum CropGeometryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not `WxH+X+Y`, `W%xH%+X+Y` or `W%xH%+X%+Y%` at all.
    case malformed(String)
    /// Width or height is zero or negative.
    case emptySize(String)
    /// Some numbers carry `%` and some do not, other than on both sizes alone.
    case mixedUnits(String)
    /// A number does not fit in an `Int` (pixels) or is not finite (percent).
    case numberTooLarge(String)
    /// Partly or wholly outside the upright W×H image.
    case outside(crop: String, imageWidth: Int, imageHeight: Int)

    public var description: String {
        let forms =
            "use WxH+X+Y in pixels, W%xH%+X+Y (a percent size at pixel offsets) or W%xH%+X%+Y% in percent, "
            + "e.g. 800x600+100+50, 50%x50%+10+10 or 50%x50%+25%+25%"
        switch self {
        case .malformed(let text) where text.isEmpty:
            return "the crop geometry is empty: \(forms)"
        case .malformed(let text):
            return "the crop geometry “\(text)” is malformed: \(forms)"
        case .emptySize(let text):
            return "the crop “\(text)” has no area: its width and height must be greater than 0"
        case .mixedUnits(let text):
            return
                "the crop geometry “\(text)” mixes pixels and percent: put % on every number, on the width and height only, or on none"
        case .numberTooLarge(let text):
            return "the crop geometry “\(text)” has a number too large to use"
        case .outside(let crop, let w, let h):
            return "the crop \(crop) lies outside the \(w)×\(h) image"
        }
    }
}

/// Splits geometry text into its two or four signed numbers; nil when the text has any other shape.
private struct GeometryScanner {
    struct Number {
        var isNegative = false
        var digits = ""
        var hasFraction = false
        var isPercent = false
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0

    private init(_ text: String) { scalars = Array(text.unicodeScalars) }

    static func numbers(in text: String) -> [Number]? {
        var scanner = GeometryScanner(text)
        return scanner.scanGeometry()
    }

    private mutating func scanGeometry() -> [Number]? {
        // Size: W x H, each may carry a minus sign (reported later as "no area", not "malformed").
        guard let width = scanNumber(allowMinus: true) else { return nil }
        // ImageMagick takes x or X; × is what this app prints, so it is accepted back.
        guard let separator = next(), separator == "x" || separator == "X" || separator == "×" else { return nil }
        guard let height = scanNumber(allowMinus: true) else { return nil }
        if index == scalars.count { return [width, height] }
        guard let x = scanOffset(), let y = scanOffset(), index == scalars.count else { return nil }
        return [width, height, x, y]
    }

    /// `+N`, `-N` or `+-N`.
    private mutating func scanOffset() -> Number? {
        guard let sign = next() else { return nil }
        switch sign {
        case "+": return scanNumber(allowMinus: true)
        case "-":
            guard var number = scanNumber(allowMinus: false) else { return nil }
            number.isNegative = true
            return number
        default: return nil
        }
    }

    /// `[-]digits[.digits][%]`.
    private mutating func scanNumber(allowMinus: Bool) -> Number? {
        var number = Number()
        if allowMinus, peek() == "-" { index += 1; number.isNegative = true }
        number.digits = scanDigits()
        guard !number.digits.isEmpty else { return nil }
        if peek() == "." {
            index += 1
            let fraction = scanDigits()
            guard !fraction.isEmpty else { return nil }
            number.digits += "." + fraction
            number.hasFraction = true
        }
        if peek() == "%" { index += 1; number.isPercent = true }
        return number
    }

    private mutating func scanDigits() -> String {
        var digits = ""
        while let s = peek(), ("0"..."9").contains(s) {
            digits.unicodeScalars.append(s)
            index += 1
        }
        return digits
    }

    private func peek() -> Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func next() -> Unicode.Scalar? {
        defer { index += 1 }
        return peek()
    }
}
