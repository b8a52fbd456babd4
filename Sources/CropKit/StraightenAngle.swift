// The straighten angle: −45°…45° in hundredths of a degree, positive turning the picture clockwise as ImageMagick's -rotate does.

/// How far the picture is turned to level it, applied last: after the EXIF orientation and the
/// user's quarter turns and flips. Positive turns the picture clockwise on screen (ImageMagick's
/// `-rotate A` and `-distort SRT A`). It is stored as whole hundredths of a degree, so equal
/// angles compare equal and a typed `2.5` is exactly 250 hundredths, whatever the float noise.
public struct StraightenAngle: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The largest turn either way, in degrees.
    public static let limit = 45.0
    /// The largest turn either way, in hundredths of a degree.
    public static let limitHundredths = 4500

    /// The angle in hundredths of a degree, within ±`limitHundredths`.
    public let hundredths: Int

    /// No turn.
    public static let zero = StraightenAngle(hundredths: 0)
    /// The fine key step (`]`, `[`): a tenth of a degree.
    public static let fineStep = StraightenAngle(hundredths: 10)
    /// The coarse step (Shift with the keys, the accessible actions): one degree.
    public static let coarseStep = StraightenAngle(hundredths: 100)

    /// An angle of whole hundredths, clamped to ±45°.
    public init(hundredths: Int) {
        self.hundredths = min(max(hundredths, -StraightenAngle.limitHundredths), StraightenAngle.limitHundredths)
    }

    /// The angle nearest `degrees` in hundredths (halves away from zero), clamped to ±45°;
    /// NaN counts as no turn, ±infinity as the limit.
    public init(degrees: Double) {
        guard !degrees.isNaN else { self.init(hundredths: 0); return }
        let clamped = min(max(degrees, -StraightenAngle.limit), StraightenAngle.limit)
        self.init(hundredths: Int((clamped * 100).rounded()))
    }

    /// The angle for `degrees`, or nil when it is not a finite number within ±45° (what a typed
    /// value must be: an out-of-range request is refused, not silently clamped).
    public init?(validating degrees: Double) {
        guard degrees.isFinite, abs(degrees) <= StraightenAngle.limit else { return nil }
        self.init(degrees: degrees)
    }

    /// The angle in degrees.
    public var degrees: Double { Double(hundredths) / 100 }

    /// Whether the picture is not turned at all.
    public var isZero: Bool { hundredths == 0 }

    /// The same turn the other way: what a mirror makes of it.
    public var reversed: StraightenAngle { StraightenAngle(hundredths: -hundredths) }

    /// The sum, clamped to ±45°.
    public static func + (a: StraightenAngle, b: StraightenAngle) -> StraightenAngle {
        StraightenAngle(hundredths: a.hundredths + b.hundredths)
    }

    /// The difference, clamped to ±45°.
    public static func - (a: StraightenAngle, b: StraightenAngle) -> StraightenAngle {
        StraightenAngle(hundredths: a.hundredths - b.hundredths)
    }

    public static func < (a: StraightenAngle, b: StraightenAngle) -> Bool { a.hundredths < b.hundredths }

    /// Which way the picture is turned, for the words the editor puts around the number.
    public enum Direction: Hashable, Sendable {
        case level, clockwise, counterclockwise
    }

    /// Which way the picture is turned: the crop area's description ends with "straightened
    /// `magnitudeDegrees` degrees clockwise" or "counterclockwise", and says nothing when level.
    public var direction: Direction {
        hundredths == 0 ? .level : (hundredths > 0 ? .clockwise : .counterclockwise)
    }

    /// The size of the turn in hundredths of a degree, never negative (250 for 2.5° either way):
    /// the editor formats it in the user's locale without float noise.
    public var magnitudeHundredths: Int { abs(hundredths) }

    /// The size of the turn in degrees, never negative.
    public var magnitudeDegrees: Double { Double(magnitudeHundredths) / 100 }

    /// `2.5°`, `-0.25°`: the degrees with no trailing zeros (for logs and test messages).
    public var description: String {
        let whole = magnitudeHundredths / 100, fraction = magnitudeHundredths % 100
        let sign = hundredths < 0 ? "-" : ""
        guard fraction != 0 else { return "\(sign)\(whole)°" }
        let digits = fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
        return "\(sign)\(whole).\(digits)°"
    }

    /// Sine and cosine of the angle (exactly 0 and 1 at no turn).
    var sineCosine: (sin: Double, cos: Double) { Trigonometry.sineCosine(degrees: degrees) }
}
