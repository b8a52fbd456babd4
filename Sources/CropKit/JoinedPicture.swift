// A picture with bands cut out and the parts joined: its size, and the pieces of the first picture a crop of it is made of.

/// What is left of a picture once `PictureCut`s are made in order, each on the picture the ones before
/// it left (as chained `-chop`s are): the rows and columns kept, named on the picture first cut.
/// A band of rows and a band of columns do not move each other, so each axis keeps its own list.
public struct JoinedPicture: Hashable, Sendable {
    /// The picture the first cut was made on.
    public let original: PixelSize
    /// The columns kept, on `original`, left to right; neighbours in the list were apart before the cuts.
    public private(set) var columns: [Range<Int>]
    /// The rows kept, on `original`, top to bottom.
    public private(set) var rows: [Range<Int>]

    /// The most cuts one picture takes: a crop of the joined picture is made of up to (cuts + 1)² pieces.
    public static let maximumCuts = 256

    /// Makes `cuts` on `picture` in order; more than `maximumCuts`, or the first cut that reaches outside
    /// what is left or would leave nothing of it, is the problem.
    public init(_ picture: PixelSize, cuts: [PictureCut]) throws(CutProblem) {
        guard cuts.count <= Self.maximumCuts else { throw .tooMany(cuts.count) }
        original = picture
        columns = picture.width > 0 ? [0..<picture.width] : []
        rows = picture.height > 0 ? [0..<picture.height] : []
        for (index, cut) in cuts.enumerated() {
            let left = size
            let extent = cut.axis == .rows ? left.height : left.width
            // Subtraction, not addition: a hostile cut near Int.max must not overflow.
            guard cut.start >= 0, cut.length > 0, cut.start <= extent - cut.length else {
                throw .outside(cut, index: index, picture: left)
            }
            guard cut.length < extent else { throw .nothingLeft(cut, index: index, picture: left) }
            switch cut.axis {
            case .rows: rows = Self.spans(0..<cut.start, of: rows) + Self.spans(cut.end..<extent, of: rows)
            case .columns: columns = Self.spans(0..<cut.start, of: columns) + Self.spans(cut.end..<extent, of: columns)
            }
        }
    }

    /// The joined picture's size.
    public var size: PixelSize {
        PixelSize(width: columns.reduce(0) { $0 + $1.count }, height: rows.reduce(0) { $0 + $1.count })
    }

    /// Whether no cut changed anything.
    public var isWhole: Bool { size == original }

    /// The pieces of `original` that `crop` of the joined picture is made of: one list a band of rows,
    /// top to bottom, each piece left to right. Put side by side and stacked, they are the crop.
    public func pieces(of crop: PixelRect) -> [[PixelRect]] {
        let across = Self.spans(crop.x..<(crop.x + crop.width), of: columns)
        let down = Self.spans(crop.y..<(crop.y + crop.height), of: rows)
        return down.map { y in
            across.map { x in PixelRect(x: x.lowerBound, y: y.lowerBound, width: x.count, height: y.count) }
        }
    }

    /// The stretches of `kept` (ranges on the original, in order) that positions `wanted` of the
    /// joined axis fall on, as ranges on the original.
    static func spans(_ wanted: Range<Int>, of kept: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var offset = 0
        for range in kept {
            let joinedStart = offset
            offset += range.count
            let lower = max(joinedStart, wanted.lowerBound), upper = min(offset, wanted.upperBound)
            guard lower < upper else { continue }
            result.append((range.lowerBound + lower - joinedStart)..<(range.lowerBound + upper - joinedStart))
        }
        return result
    }
}

/// Why cuts cannot be made on a picture: the first cut at fault, counted from 0, and the picture the
/// cuts before it left.
public enum CutProblem: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The cut reaches past the picture's edge.
    case outside(PictureCut, index: Int, picture: PixelSize)
    /// The cut would remove every row (or column) that was left.
    case nothingLeft(PictureCut, index: Int, picture: PixelSize)
    /// More cuts than `JoinedPicture.maximumCuts`.
    case tooMany(Int)

    public var description: String {
        switch self {
        case .outside(let cut, let index, let picture):
            let extent = cut.axis == .rows ? picture.height : picture.width
            let what = cut.axis == .rows ? "rows" : "columns"
            return "the cut \(cut) reaches outside the \(picture.width)×\(picture.height) picture\(Self.left(index)), "
                + "whose \(what) are 0 to \(extent - 1)"
        case .nothingLeft(let cut, let index, let picture):
            let what = cut.axis == .rows ? "row" : "column"
            return "the cut \(cut) would leave nothing of the \(picture.width)×\(picture.height) picture\(Self.left(index)): "
                + "keep at least one \(what)"
        case .tooMany(let count): return "\(count) cuts are too many: at most \(JoinedPicture.maximumCuts)"
        }
    }

    /// After the first cut, which picture is meant: the one the cuts before it left.
    private static func left(_ index: Int) -> String { index == 0 ? "" : " left by the cuts before it" }
}
