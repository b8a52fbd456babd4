// The output sizes offered by name: social media, screens and prints, as data (their names are worded by the window).

/// A named output size. Portrait forms are given where the destination is portrait; the window's
/// portrait/landscape switch swaps any of them.
public enum OutputSizePreset: String, Sendable, CaseIterable, Hashable {
    case profilePicture, squarePost, portraitPost, story, fullHD, ultraHD4K, thisScreen
    case print10x15cm, print13x18cm, printA4, print4x6in, print5x7in, print8x10in

    /// The size, or nil for `thisScreen` when no screen size is known. `screen`: the monitor the
    /// window is on, in device pixels (the window supplies it).
    public func size(screen: PixelSize? = nil) -> OutputSize? {
        switch self {
        case .profilePicture: return .pixels(PixelSize(width: 512, height: 512))
        case .squarePost: return .pixels(PixelSize(width: 1080, height: 1080))
        case .portraitPost: return .pixels(PixelSize(width: 1080, height: 1350))
        case .story: return .pixels(PixelSize(width: 1080, height: 1920))
        case .fullHD: return .pixels(PixelSize(width: 1920, height: 1080))
        case .ultraHD4K: return .pixels(PixelSize(width: 3840, height: 2160))
        case .thisScreen:
            guard let screen, screen.width > 0, screen.height > 0 else { return nil }
            return .pixels(screen)
        case .print10x15cm: return Self.print(10, 15, .centimetres)
        case .print13x18cm: return Self.print(13, 18, .centimetres)
        case .printA4: return Self.print(21, 29.7, .centimetres)
        case .print4x6in: return Self.print(4, 6, .inches)
        case .print5x7in: return Self.print(5, 7, .inches)
        case .print8x10in: return Self.print(8, 10, .inches)
        }
    }

    /// Whether the preset is a print (the menu groups them).
    public var isPrint: Bool { size(screen: PixelSize(width: 1, height: 1))?.resolution != nil }

    private static func print(_ width: Double, _ height: Double, _ unit: PrintUnit) -> OutputSize {
        // The lengths are positive constants, so the print size always exists.
        .print(PrintSize(width: width, height: height, unit: unit)!)
    }
}
