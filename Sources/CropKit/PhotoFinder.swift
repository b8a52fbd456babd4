// Find Photos: the prints on a flatbed scan, each a turned rectangle on the lid's even colour, in reading order.

/// Finds the prints on a scan of several.
///
/// The method. The lid is whatever the scan's outer band mostly is: its median luminance, and
/// how far its pixels stray from it (the median absolute deviation) sets the tolerance. A band
/// not mostly within that tolerance is no lid (an ordinary photo): nothing is found. The pixels
/// further from the lid than the tolerance make a mask, opened (dust and hairs go) and closed,
/// its holes filled (a print's patches of the lid's colour stay part of it), and split into
/// pieces. Each piece large enough is a print when it fills most of the least-area rectangle
/// around it (rotating calipers on its hull), which gives the print's centre, size and tilt. A
/// piece too ragged for a rectangle is no print; each side is then moved onto the scan's own
/// edge to a fraction of a pixel (`refined`). Two prints touching make one such piece, which
/// is first cut along its narrowest waist, or else along the line between its two deepest notches
/// (`PhotoSplit`), each part then placed by straight lines through its own edges where they meet
/// the lid (`PhotoSides`), not by the line it was cut along; one whose outline is still a rectangle
/// is a print whose colours meet the lid's along part of an edge; pieces close together whose
/// outlines together make a rectangle they nearly fill, ragged ones included, are parts of one print
/// whose colours meet the lid's right across it (`joiningPieces`), and pieces lined up side for side
/// are bands of one print (`joiningBands`); neither joins two with the lid between them (`GapReader`:
/// across the gap, averaged along it, the scan at the lid's level and level). Nothing is invented: no lid, or no
/// rectangular piece, or pieces covering nearly the whole scan, give no prints.
public enum PhotoFinder {
    /// The outer band the lid is measured in, as a fraction of the shorter side.
    static let borderBand = 0.02
    /// The least tolerance, in levels of 0…255 luminance (after the 3×3 smoothing).
    static let minimumTolerance = 10
    /// The tolerance in the lid's own spreads (median absolute deviations, scaled to a standard deviation).
    static let spreadTolerance = 4.0
    /// The least share of the outer band within the tolerance of the lid's median.
    static let minimumUniformity = 0.85
    /// How far the mask is opened, in pixels: dust, and hairs the smoothing widened, go.
    static let openingRadius = 2
    /// How far the mask is closed after, in pixels: a print's thin bands of the lid's colour, right
    /// across it, no longer cut it in pieces (prints lie further apart than twice this).
    static let closingRadius = 3
    /// The least area of a print, as a fraction of the scan's.
    static let minimumArea = 0.004
    /// The least share of its rectangle a print's piece fills.
    static let minimumFill = 0.9
    /// The least share of its rectangle each of two prints parted from one print-like piece fills.
    static let closeFill = 0.95
    /// The least share of the outline of each of two prints parted at one notch that lies along its
    /// sides: where a print's colours meet the lid's, its outline is ragged and notched too.
    static let straightEdges = 0.9
    /// How far inside the outline's pixel centres a print's edge lies, in pixels; and inside the line
    /// fitted through them (a turned edge's outline points lie, on average, inside its outermost ones).
    static let edgeInset = 1.0
    static let fittedInset = 0.5
    /// The least share of its rectangle a print's hull fills, and the piece itself, when the lid's
    /// colour reaches into the print (a white sky on a white lid).
    static let minimumHullFill = 0.96
    static let minimumLeakyFill = 0.6
    /// The longest side of a print over its shortest, at most; and of each of two prints parted from one print-like piece.
    static let maximumElongation = 8.0
    static let sideElongation = 4.0
    /// The least share of the scan the lid shows between the prints.
    static let minimumLid = 0.1
    /// The most prints one scan holds; more is a texture, not prints.
    public static let maximumPrints = 32

    /// The prints on a `width × height` scan of 8-bit luminance (row by row), in the scan's pixels,
    /// in reading order (rows top to bottom, each left to right); empty when there are none.
    /// `chroma`, when given: each pixel's colourfulness (its largest channel less its smallest), so
    /// a print whose colours are as light as the lid (a yellow beside a white lid) still stands out.
    public static func find(width: Int, height: Int, luminance: [UInt8], chroma: [UInt8]? = nil) -> [FoundPrint] {
        guard width >= 16, height >= 16, width <= Int.max / height, luminance.count == width * height,
            chroma.map({ $0.count == luminance.count }) ?? true
        else { return [] }
        var mask: PhotoMask?
        var lightness: (background: Int, tolerance: Int)?
        for (index, channel) in [luminance, chroma].enumerated() {
            guard let channel else { continue }
            let smooth = PhotoMask.smoothed(width: width, height: height, luminance: channel)
            guard let lid = lid(width: width, height: height, luminance: smooth) else { return [] }
            if index == 0 { lightness = lid }
            let differs = PhotoMask(width: width, height: height, luminance: smooth, background: lid.0, tolerance: lid.1)
            mask =
                mask.map { PhotoMask(width: width, height: height, pixels: zip($0.pixels, differs.pixels).map { $0 || $1 }) }
                ?? differs
        }
        guard let (lidLevel, tolerance) = lightness,
            let mask = mask?.opened(by: openingRadius).closed(by: closingRadius).holesFilled()
        else { return [] }
        let total = Double(width * height)
        let pieces = mask.pieces().filter { Double($0.area) >= minimumArea * total }
        guard Double(pieces.map(\.area).reduce(0, +)) <= (1 - minimumLid) * total else { return [] }
        let reader = GapReader(width: width, height: height, luminance: luminance, lid: (lidLevel, tolerance))
        let found = joiningPieces(
            pieces.flatMap { bands(in: $0, of: mask) }, shorterSide: min(width, height), reader: reader)
        let prints = joiningBands(found.filter(\.isPrint).map(\.print), shorterSide: min(width, height), reader: reader)
        guard prints.count <= maximumPrints else { return [] }
        return readingOrder(
            prints.map {
                withinScan(
                    refined($0, width: width, height: height, luminance: luminance, lid: (lidLevel, tolerance)), width, height)
            })
    }

    /// The lid's luminance and the tolerance around it, or nil when the outer band is not even enough to be a lid.
    static func lid(width: Int, height: Int, luminance: [UInt8]) -> (background: Int, tolerance: Int)? {
        let band = max(Int((Double(min(width, height)) * borderBand).rounded()), 2)
        var histogram = [Int](repeating: 0, count: 256)
        for y in 0..<height {
            let inBand = y < band || y >= height - band
            for x in 0..<width where inBand || x < band || x >= width - band {
                histogram[Int(luminance[y * width + x])] += 1
            }
        }
        let count = histogram.reduce(0, +)
        let median = percentile(histogram, count: count)
        var deviations = [Int](repeating: 0, count: 256)
        for (level, n) in histogram.enumerated() { deviations[abs(level - median)] += n }
        let spread = Double(percentile(deviations, count: count)) * 1.4826
        let tolerance = max(minimumTolerance, Int((spreadTolerance * spread).rounded(.up)))
        let near = histogram.enumerated().filter { abs($0.offset - median) <= tolerance }.map(\.element).reduce(0, +)
        guard Double(near) >= minimumUniformity * Double(count) else { return nil }
        return (median, tolerance)
    }

    /// The level below which half the histogram's `count` lies.
    private static func percentile(_ histogram: [Int], count: Int) -> Int {
        var seen = 0
        for (level, n) in histogram.enumerated() {
            seen += n
            if 2 * seen >= count { return level }
        }
        return histogram.count - 1
    }

    /// The prints one piece of the mask is: itself, unless two deep notches part it into two prints
    /// that each fill their rectangles closely and neither is a sliver (two prints of nearly one tilt
    /// lying side against side), or one deep notch does, along the piece's own axes, into two such
    /// prints with straight edges that do not line up as bands of one and together cover it (two
    /// such prints meeting flush at one end: a print's colours meeting the lid's leave a notch too); one
    /// ragged inside but still a rectangle outside; else two or more touching, parted. A part of
    /// two prints is placed by its rows that are at least half a usual one: where the parting
    /// strayed into its neighbour, it took a wedge of thinner rows.
    static func prints(in piece: PhotoMask.Piece, of mask: PhotoMask) -> [FoundPrint] {
        if let found = print(piece) {
            let sides = PhotoSplit.cut(of: piece, in: mask, notch: PhotoSplit.deepNotch).compactMap {
                part($0, fill: closeFill)
            }
            if sides.count == 2, !sides.contains(where: isSliver) { return sides }
            for cut in PhotoSplit.cuts(of: piece, in: mask, tilt: found.tilt, notch: PhotoSplit.minimumNotch) {
                let sides = cut.compactMap { part($0, fill: closeFill, straight: straightEdges) }
                let covered = sides.map { $0.width * $0.height }.reduce(0, +) / Double(piece.area)
                guard sides.count == 2, !sides.contains(where: isSliver), !lineUp(sides[0], sides[1]), covered >= closeFill
                else { continue }
                return sides
            }
            return [found]
        }
        if let found = print(piece, leaky: true) { return [found] }
        let parts = PhotoSplit.halves(of: piece, in: mask).compactMap { part($0) }
        if parts.count >= 2 { return parts }
        let sides = PhotoSplit.cut(of: piece, in: mask).compactMap { part($0) }
        return sides.count == 2 ? sides : []
    }

    /// The print a piece is, or nil when it fills too little of its rectangle or is too long and thin.
    /// `leaky`: a piece whose outline is a rectangle (its hull fills the rectangle) may itself fill
    /// less of it, the lid's colour having reached into it along part of an edge.
    static func print(
        _ piece: PhotoMask.Piece, leaky: Bool = false, fill least: Double = minimumFill, rows: Double = fullRow
    ) -> FoundPrint? {
        let hull = RotatedRectangle.hull(piece.outline)
        guard let corners = RotatedRectangle.smallest(around: hull) else { return nil }
        var found = FoundPrint(corners: corners)
        // The outline runs through the centres of the mask's edge pixels, which the 3×3 smoothing
        // spread a pixel onto the lid: the print's edge lies about a pixel inside them (`refined` finds it truer).
        found.width -= 2 * edgeInset
        found.height -= 2 * edgeInset
        let area = found.width * found.height
        let fill = leaky ? RotatedRectangle.area(hull) / (found.width * found.height) : Double(piece.area) / area
        guard found.width > 0, found.height > 0, fill >= (leaky ? minimumHullFill : least),
            !leaky || Double(piece.area) >= minimumLeakyFill * area,
            max(found.width, found.height) <= maximumElongation * min(found.width, found.height)
        else { return nil }
        // Judged by its whole outline, placed by its rows (a hair or a speck joined to its edge left out).
        return trimmed(found, piece, rows: rows)
    }

    /// Whether a part of two prints is too long and thin to be one.
    static func isSliver(_ part: FoundPrint) -> Bool {
        max(part.width, part.height) > sideElongation * min(part.width, part.height)
    }

    /// A part of two touching prints as a print, judged as `print` judges it, its sides then fitted
    /// to its outline where it meets the lid (`PhotoSides`): the line where it was parted from its
    /// neighbour strays into one or the other, its own edges do not.
    /// `straight`: the least share of its outline that lies along its sides (`PhotoSides.straightness`).
    static func part(_ piece: PhotoMask.Piece, fill: Double = minimumFill, straight: Double = 0) -> FoundPrint? {
        guard var found = print(piece, fill: fill, rows: partRow) else { return nil }
        found.width += 2 * edgeInset
        found.height += 2 * edgeInset
        var fit = PhotoSides.fitted(found, to: piece.outline)
        guard straight <= 0 || PhotoSides.straightness(of: fit, piece.outline) >= straight else { return nil }
        fit.width -= 2 * fittedInset
        fit.height -= 2 * fittedInset
        return fit
    }

    /// The prints in reading order: rows from the top (a print whose centre lies within half the
    /// height of a row's first print joins its row), each row from the left.
    static func readingOrder(_ prints: [FoundPrint]) -> [FoundPrint] {
        func reach(_ p: FoundPrint) -> Double {
            let (s, c) = Trigonometry.sineCosine(degrees: p.tilt)
            return (abs(p.width * s) + abs(p.height * c)) / 2
        }
        var rows: [[FoundPrint]] = []
        for p in prints.sorted(by: { $0.centre.y < $1.centre.y }) {
            if let first = rows.last?.first, p.centre.y - first.centre.y < min(reach(first), reach(p)) {
                rows[rows.count - 1].append(p)
            } else {
                rows.append([p])
            }
        }
        return rows.flatMap { $0.sorted { $0.centre.x < $1.centre.x } }
    }
}
