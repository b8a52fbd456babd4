// Reading a typed straighten angle (`2.5`, `-0.25`) exactly: decimal digits to hundredths of a degree, no float rounding.

extension StraightenAngle {
    /// Parses decimal degrees, `[+|-]digits[.digits]`, rounding to the nearest hundredth (halves
    /// away from zero) on the digits themselves, so `2.345` is 2.35° where `2.345 × 100` in
    /// floating point would give 2.34°. The value typed must lie within ±45°.
    public init(parsing text: String) throws(StraightenAngleError) {
        var scalars = Substring(text).unicodeScalars[...]
        var negative = false
        if let sign = scalars.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            scalars = scalars.dropFirst()
        }
        let whole = scalars.prefix { ("0"..."9").contains($0) }
        scalars = scalars.dropFirst(whole.count)
        var fraction = Substring.UnicodeScalarView()[...]
        if scalars.first == "." {
            scalars = scalars.dropFirst()
            fraction = scalars.prefix { ("0"..."9").contains($0) }
            scalars = scalars.dropFirst(fraction.count)
            guard !fraction.isEmpty else { throw .malformed(text) }
        }
        guard !whole.isEmpty, scalars.isEmpty else { throw .malformed(text) }
        // Leading zeros never matter; more than two whole digits beyond them is out of range.
        let significant = whole.drop { $0 == "0" }
        guard significant.count <= 2 else { throw .outOfRange(text) }
        let wholeValue = significant.reduce(0) { $0 * 10 + Int($1.value) - 48 }
        let digits = fraction.map { Int($0.value) - 48 } + [0, 0, 0]
        let truncated = wholeValue * 100 + digits[0] * 10 + digits[1]
        let rest = digits.dropFirst(2)
        // The value as typed, not as rounded, must lie within the limit.
        guard
            truncated < StraightenAngle.limitHundredths
                || (truncated == StraightenAngle.limitHundredths && rest.allSatisfy { $0 == 0 })
        else {
            throw .outOfRange(text)
        }
        // Anything past the hundredths: at least half a hundredth rounds up, exactly as typed.
        let hundredths = truncated + (rest.first! >= 5 ? 1 : 0)
        self.init(hundredths: negative ? -hundredths : hundredths)
    }
}

/// Why a typed angle cannot be used, in words for the user (the CLI prints it after `IMAGE: `).
public enum StraightenAngleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not a decimal number of degrees.
    case malformed(String)
    /// Beyond 45° either way.
    case outOfRange(String)

    public var description: String {
        switch self {
        case .malformed(let text):
            return "the straighten angle “\(text)” is not a number of degrees: use a decimal number such as 2.5 or -0.75"
        case .outOfRange(let text):
            return "the straighten angle “\(text)” is out of range: it must lie between -45 and 45 degrees"
        }
    }
}
