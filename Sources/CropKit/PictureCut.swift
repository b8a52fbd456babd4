// A band cut out of a picture (rows or columns, the two parts joined), read from ImageMagick's `-chop` geometry.

/// A band of whole rows or whole columns removed from a picture, the parts on either side joined,
/// as ImageMagick's `-chop` removes it. Measured on the picture left by the cuts before it.
public struct PictureCut: Hashable, Sendable, Codable, CustomStringConvertible {
    public enum Axis: String, Hashable, Sendable, Codable {
        /// A horizontal band: `length` rows from row `start`, across the whole width.
        case rows
        /// A vertical band: `length` columns from column `start`, down the whole height.
        case columns
    }

    public var axis: Axis
    /// The first row or column removed.
    public var start: Int
    /// How many rows or columns are removed.
    public var length: Int

    public init(axis: Axis, start: Int, length: Int) {
        self.axis = axis
        self.start = start
        self.length = length
    }

    /// Past the last row or column removed.
    public var end: Int { start + length }

    /// The cut as ImageMagick's `-chop` geometry: `0x220+0+120` for rows, `300x0+40+0` for columns.
    public var description: String {
        axis == .rows ? "0x\(length)+0+\(start)" : "\(length)x0+\(start)+0"
    }

    /// Reads `-chop` geometry: `WxH+X+Y` (or `WxH`, from the top left) in whole pixels, with one of
    /// W and H zero: `0xH+0+Y` removes H rows from row Y, `Wx0+X+0` W columns from column X. A band
    /// spans the whole picture across, so the offset across it must be 0. `-chop` would also take
    /// both sides at once (a band of rows and one of columns); one band a cut keeps each cut plain.
    public init(parsing text: String) throws(CutGeometryError) {
        guard let parts = Self.numbers(text) else { throw .malformed(text) }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count else { throw .numberTooLarge(text) }
        let (width, height) = (numbers[0], numbers[1])
        let (x, y) = parts.count == 4 ? (numbers[2], numbers[3]) : (0, 0)
        switch (width, height) {
        case (0, 0): throw .empty(text)
        case (0, _):
            guard x == 0 else { throw .offsetAcross(text, axis: .rows) }
            self.init(axis: .rows, start: y, length: height)
        case (_, 0):
            guard y == 0 else { throw .offsetAcross(text, axis: .columns) }
            self.init(axis: .columns, start: x, length: width)
        default: throw .bothSides(text, width: width, height: height)
        }
    }

    /// The geometry's numbers as written (`W`, `H`, and `X`, `Y` when given), or nil when the text has
    /// another shape: digits only (no sign, no percent), `x` between the sizes, `+` before each offset.
    private static func numbers(_ text: String) -> [Substring]? {
        let lowered = text.lowercased()
        let sides = lowered.split(separator: "+", omittingEmptySubsequences: false)
        guard sides.count == 1 || sides.count == 3 else { return nil }
        let size = sides[0].split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2 else { return nil }
        let parts = size + sides.dropFirst()
        let digitsOnly = parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { "0123456789".contains($0) } }
        return digitsOnly ? Array(parts) : nil
    }
}

/// Why a cut's geometry cannot be read, said of the text as typed.
public enum CutGeometryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not `WxH+X+Y` or `WxH` in whole pixels.
    case malformed(String)
    /// Both sides zero: nothing to cut.
    case empty(String)
    /// Both sides nonzero: a band of rows and one of columns at once.
    case bothSides(String, width: Int, height: Int)
    /// The offset across the band is not 0 (the band spans the whole picture that way).
    case offsetAcross(String, axis: PictureCut.Axis)
    /// A number does not fit in an `Int`.
    case numberTooLarge(String)

    public var description: String {
        let forms = "use 0xH+0+Y to cut H rows from row Y, or Wx0+X+0 to cut W columns from column X, e.g. 0x220+0+120"
        switch self {
        case .malformed(let text): return "the cut “\(text)” is malformed: \(forms)"
        case .empty(let text): return "the cut “\(text)” removes nothing: \(forms)"
        case .bothSides(let text, let width, let height):
            return "the cut “\(text)” gives both a width (\(width)) and a height (\(height)): one cut removes rows "
                + "(0x\(height)+0+Y) or columns (\(width)x0+X+0), give two --cut for both"
        case .offsetAcross(let text, let axis):
            return axis == .rows
                ? "the cut “\(text)” removes rows across the whole width, so its X offset must be 0"
                : "the cut “\(text)” removes columns down the whole height, so its Y offset must be 0"
        case .numberTooLarge(let text): return "the cut “\(text)” has a number too large to use"
        }
    }
}
