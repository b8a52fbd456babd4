// The crop's aspect-ratio choice (Free, Original, the presets, custom W:H) and how it becomes a ratio in normalized units.

/// The ratio a crop is locked to, measured in PIXELS of the picture as shown (width ÷ height).
///
/// Drags work in normalized units (0…1 of each axis), where a W:H pixel ratio on a
/// `imageWidth × imageHeight` picture is `W/H × imageHeight / imageWidth`; `normalizedRatio`
/// does that conversion, so "Original" is always 1 in normalized units.
public struct AspectRatio: Hashable, Sendable, CustomStringConvertible {
    /// What the ratio is, before any picture is known.
    public enum Kind: Hashable, Sendable {
        /// No ratio: every handle moves freely.
        case free
        /// The picture's own width:height; `swapped` means height:width (portrait of a landscape picture).
        case original(swapped: Bool)
        /// A fixed width:height in pixels, both positive and finite (e.g. 16 and 9).
        case fixed(width: Double, height: Double)
    }

    /// What the ratio is; built only through the presets, `custom` and `parsing`, so `fixed` terms are valid.
    public let kind: Kind

    private init(_ kind: Kind) { self.kind = kind }

    public static let free = AspectRatio(.free)
    public static let original = AspectRatio(.original(swapped: false))
    public static let square = AspectRatio(.fixed(width: 1, height: 1))
    public static let fiveByFour = AspectRatio(.fixed(width: 5, height: 4))
    public static let fourByThree = AspectRatio(.fixed(width: 4, height: 3))
    public static let threeByTwo = AspectRatio(.fixed(width: 3, height: 2))
    public static let sixteenByTen = AspectRatio(.fixed(width: 16, height: 10))
    public static let sixteenByNine = AspectRatio(.fixed(width: 16, height: 9))

    /// The choices the ratio menu offers, in menu order (landscape forms; `swapped` gives portrait).
    public static let presets: [AspectRatio] =
        [.free, .original, .square, .fiveByFour, .fourByThree, .threeByTwo, .sixteenByTen, .sixteenByNine]

    /// A custom W:H, or nil unless both terms are positive and finite (a zero or NaN term has no ratio).
    public static func custom(width: Double, height: Double) -> AspectRatio? {
        guard width.isFinite, height.isFinite, width > 0, height > 0 else { return nil }
        return AspectRatio(.fixed(width: width, height: height))
    }

    /// A ratio typed as `W:H` (e.g. `16:9`, `2.39:1`; spaces around the terms are ignored),
    /// or nil when the text is not two positive finite numbers.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let width = Double(AspectRatio.trimmed(parts[0])), let height = Double(AspectRatio.trimmed(parts[1])),
            let ratio = AspectRatio.custom(width: width, height: height)
        else { return nil }
        self = ratio
    }

    /// The portrait/landscape exchange: 4:3 ↔ 3:4, Original ↔ its height:width; Free and Square are their own swap.
    public var swapped: AspectRatio {
        switch kind {
        case .free: return self
        case .original(let swapped): return AspectRatio(.original(swapped: !swapped))
        case .fixed(let width, let height): return AspectRatio(.fixed(width: height, height: width))
        }
    }

    /// Whether this is Free (no ratio at all).
    public var isFree: Bool { kind == .free }

    /// The preset this ratio is in either orientation (what the ratio menu shows selected), or nil for a custom ratio.
    public var preset: AspectRatio? {
        AspectRatio.presets.first { $0 == self || $0.swapped == self }
    }

    /// Width ÷ height in pixels for a W×H picture, or nil for Free. Sizes under 1 count as 1.
    public func pixelRatio(imageWidth: Int, imageHeight: Int) -> Double? {
        let w = Double(max(imageWidth, 1)), h = Double(max(imageHeight, 1))
        switch kind {
        case .free: return nil
        case .original(let swapped): return swapped ? h / w : w / h
        case .fixed(let width, let height): return width / height
        }
    }

    /// Width ÷ height in normalized units (`pixelRatio × imageHeight / imageWidth`), the ratio
    /// `CropHandle.adjusting(_:by:minimumSide:ratio:)` and `CropSession.aspectRatio` take; nil for Free.
    public func normalizedRatio(imageWidth: Int, imageHeight: Int) -> Double? {
        let w = Double(max(imageWidth, 1)), h = Double(max(imageHeight, 1))
        switch kind {
        case .free: return nil
        // Said directly so Original is exactly 1 rather than (w / h) × h / w.
        case .original(let swapped): return swapped ? (h / w) * (h / w) : 1
        case .fixed(let width, let height): return width / height * h / w
        }
    }

    /// `free`, `original`, `original swapped`, or `W:H` with whole terms written without `.0`.
    public var description: String {
        switch kind {
        case .free: return "free"
        case .original(let swapped): return swapped ? "original swapped" : "original"
        case .fixed(let width, let height): return "\(AspectRatio.term(width)):\(AspectRatio.term(height))"
        }
    }

    private static func term(_ value: Double) -> String {
        value == value.rounded() && value < 1e15 ? "\(Int(value))" : "\(value)"
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}
