// An output size as text, kept (sidecar, menu, settings: `2048`, `1080x1350`, `15x10cm@300`) or typed.

extension OutputSize {
    /// The text for this size, or nil for the crop's own size (`2048` is a longer side, as sidecars
    /// have always said it).
    public var storedText: String? {
        switch self {
        case .original: return nil
        case .longerSide(let side): return String(side)
        case .pixels(let pixels): return "\(pixels.width)x\(pixels.height)"
        case .print(let print): return "\(print)@\(print.ppi)"
        }
    }

    /// The size a text keeps, or nil for text no version wrote.
    public init?(storedText text: String) {
        if let side = Int(text) {
            guard side >= 1 else { return nil }
            self = .longerSide(side)
            return
        }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let ppi = Int(parts[1]), let print = PrintSize(parsing: String(parts[0]), ppi: ppi) else { return nil }
            self = .print(print)
            return
        }
        let sides = text.split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]), width >= 1, height >= 1 else {
            return nil
        }
        self = .pixels(PixelSize(width: width, height: height))
    }
}

extension OutputSize {
    /// A size as people type it in the window: `1080 × 1350` or `1080x1350 px` (exact pixels),
    /// `2048` (the longer side), `15 × 10 cm` or `6x4in` (a print at 300 ppi), `15x10cm @ 240`
    /// (at 240 ppi). Nil for anything else.
    public init?(typing text: String) {
        var compact = PrintSize.compacted(text)
        if compact.hasSuffix("ppi") { compact = String(compact.dropLast(3)) }
        if compact.hasSuffix("px") { compact = String(compact.dropLast(2)) }
        if let print = PrintSize(parsing: compact) {
            self = .print(print)
            return
        }
        self.init(storedText: compact)
    }
}
