// The names several results of one picture get: `NAME-1.EXT` for prints found, `NAME-1x1.EXT` for formats.

/// How each of several frames' files is named after the picture's: its name as a file name shows it
/// (`4:5` as `4x5`), or its place counted from 1 when it has none. The command line's lists and the
/// window's Save All use the same rule.
public enum FrameNaming {
    /// A frame's name as a file name shows it: letters, digits, `.`, `-` and `_` kept, lowercase, `:` as
    /// `x`, everything else dropped, at most `longestLabel` characters; nil when nothing is left. A name
    /// comes from a sidecar anyone could have written: no control character, quote or slash of it may
    /// reach a file name or a line shown to people.
    public static func label(_ name: String) -> String? {
        let kept = name.lowercased().compactMap { c -> Character? in
            if c == ":" { return "x" }
            return c.isLetter || c.isNumber || c == "." || c == "-" || c == "_" ? c : nil
        }
        let label = String(kept.prefix(longestLabel))
        return label.isEmpty || label.allSatisfy({ $0 == "." }) ? nil : label
    }

    /// The most characters a label keeps of a name.
    public static let longestLabel = 64

    /// The labels of `frames` in order: each one's name as `label(_:)` gives it, or its place counted
    /// from 1 when it has none. When two would be the same every frame is named by its place, so no
    /// file is written over another and the numbers still follow the order.
    public static func labels(for frames: [FrameState]) -> [String] {
        let named = frames.enumerated().map { index, frame in frame.name.flatMap(label) ?? "\(index + 1)" }
        return Set(named).count == named.count ? named : frames.indices.map { "\($0 + 1)" }
    }

    /// `stem-label.ext` (`photo` and `jpg` with `1x1`: `photo-1x1.jpg`); without an extension, `stem-label`.
    public static func fileName(stem: String, label: String, extension ext: String) -> String {
        ext.isEmpty ? "\(stem)-\(label)" : "\(stem)-\(label).\(ext)"
    }
}
