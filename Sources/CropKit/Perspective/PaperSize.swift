// Paper by name (A4, A5, US Letter): the print sizes and the ratios a rectified page is locked to.

/// A sheet of paper people name: its print size (portrait) and its proportions.
public enum PaperSize: String, CaseIterable, Hashable, Sendable {
    case a4, a5, letter

    /// The sheet upright, at `ppi` pixels per inch (300 by default, what photo labs print at).
    public func printSize(ppi: Int = PrintSize.defaultPPI) -> PrintSize? {
        switch self {
        case .a4: return PrintSize(width: 21, height: 29.7, unit: .centimetres, ppi: ppi)
        case .a5: return PrintSize(width: 14.8, height: 21, unit: .centimetres, ppi: ppi)
        case .letter: return PrintSize(width: 8.5, height: 11, unit: .inches, ppi: ppi)
        }
    }

    /// Width ÷ height of the sheet upright (ISO sheets are 1 : √2 to the millimetre).
    public var ratio: Double {
        switch self {
        case .a4: return 210.0 / 297
        case .a5: return 148.0 / 210
        case .letter: return 8.5 / 11
        }
    }

    /// The sheet's ratio for the crop frame, upright.
    public var aspectRatio: AspectRatio {
        switch self {
        case .a4: return AspectRatio.custom(width: 210, height: 297)!
        case .a5: return AspectRatio.custom(width: 148, height: 210)!
        case .letter: return AspectRatio.custom(width: 8.5, height: 11)!
        }
    }

    /// `a4`, `A5`, `letter` as typed (case and surrounding spaces ignored), or nil.
    public init?(name: String) {
        self.init(rawValue: name.lowercased().filter { $0 != " " })
    }
}
