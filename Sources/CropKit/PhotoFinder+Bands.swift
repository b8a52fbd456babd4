// Find Photos' prints cut in pieces: parts that line up, side for side, or together make a rectangle are one print.

extension PhotoFinder {
    /// The most two pieces of one print may differ in tilt, in degrees: a band whose ends fade into the
    /// lid is found turned a little (the whole is fitted around both, and its edges placed later).
    static let bandTilt = 1.5
    /// How far a band's sides may stray from its neighbour's, as a share of their length, and in pixels.
    static let bandAlignment = 0.02
    static let bandSlack = 2.0
    /// The widest gap between two bands of one print, as a share of the whole print's length across
    /// them, and, when the gap cannot be read, of the scan's shorter side (prints pushed against the
    /// scanner's edge, lined up, lie further apart; read, the lid between them parts them).
    static let bandGap = 0.15
    static let bandGapInScan = 0.02
    /// How far inside a gap from either band's edge it is read, in pixels (the edges' blur left out).
    static let gapMargin = 2.0
    /// How far from the lid's level a gap's rows may lie, averaged along it, and still be the lid, in tolerances.
    static let gapLid = 0.5
    /// How far apart a gap's rows may lie, so averaged, and still be the lid, in tolerances: a print's
    /// gradient crossing the lid's level runs steadily from row to row, the lid's texture barely.
    static let gapFlat = 0.25
    /// The steepest a gap's rows may run from one to the next and still be the lid, in tolerances a row:
    /// a gap a few rows across whose rows run on as the bands' do is a print's gradient however level.
    static let gapSlope = 0.05

    /// The scan a gap between two bands is read on: its luminance and the lid's level and tolerance.
    struct GapReader {
        var width: Int
        var height: Int
        var luminance: [UInt8]
        var lid: (level: Int, tolerance: Int)

        /// Whether the gap (a rectangle whose height runs across it, between the two bands' edges) is
        /// the lid: each row across it, averaged along it, at the lid's level and all of them level
        /// with each other. A print's light band is its colours crossing the lid's on their way from
        /// one band's to the other's, so its rows stray from the lid's level or run steadily from
        /// one to the next; the lid's own texture, so averaged, does neither. A gap with no rows
        /// inside its margins is no lid.
        func isLid(_ gap: FoundPrint) -> Bool {
            let rows = Int((gap.height - 2 * gapMargin).rounded(.down))
            guard rows >= 1, gap.width >= 4 else { return false }
            let (s, c) = Trigonometry.sineCosine(degrees: gap.tilt)
            let length = Int(gap.width.rounded(.down))
            var means: [Double] = []
            for row in 0...rows {
                let v = -gap.height / 2 + gapMargin + Double(row)
                var (sum, count) = (0, 0)
                for k in 0..<length {
                    let u = -gap.width / 2 + Double(k) + 0.5
                    let x = Int((gap.centre.x + u * c - v * s).rounded(.down))
                    let y = Int((gap.centre.y + u * s + v * c).rounded(.down))
                    guard x >= 0, y >= 0, x < width, y < height else { continue }
                    sum += Int(luminance[y * width + x])
                    count += 1
                }
                guard count > 0 else { return false }
                means.append(Double(sum) / Double(count))
            }
            let (least, most) = (means.min() ?? 0, means.max() ?? 0)
            let tolerance = Double(lid.tolerance)
            return most - least <= gapFlat * tolerance && abs(Self.slope(means)) <= gapSlope * tolerance
                && max(most - Double(lid.level), Double(lid.level) - least) <= gapLid * tolerance
        }

        /// The least-squares slope of `values` against their places (0 for fewer than two).
        static func slope(_ values: [Double]) -> Double {
            let n = Double(values.count)
            guard values.count >= 2 else { return 0 }
            let (mx, my) = ((n - 1) / 2, values.reduce(0, +) / n)
            let sxy = values.enumerated().map { (Double($0.offset) - mx) * ($0.element - my) }.reduce(0, +)
            let sxx = values.indices.map { (Double($0) - mx) * (Double($0) - mx) }.reduce(0, +)
            return sxy / sxx
        }

        /// Whether the lid lies between `a` and `b`, one continuing the other as bands would (else it is not told).
        func parts(_ a: FoundPrint, _ b: FoundPrint) -> Bool {
            guard let gap = between(a, b, .infinity) ?? between(b, a, .infinity) else { return false }
            return isLid(gap)
        }
    }

    /// `prints` with every two that are bands of one print joined: of nearly one tilt, their sides
    /// running on from one to the other, a narrow gap between them that is not the lid (`reader`;
    /// without one, any gap narrower than `bandGapInScan`). Prints laid by hand are never lined up
    /// so exactly, and the lid between two lying in a row parts them however well they line up.
    static func joiningBands(_ prints: [FoundPrint], shorterSide: Int, reader: GapReader? = nil) -> [FoundPrint] {
        let widest = reader == nil ? bandGapInScan * Double(shorterSide) : .infinity
        let open = { (gap: FoundPrint) in reader?.isLid(gap) != true }
        return joining(prints) { prints, i, j in
            band(prints[i], prints[j], widest, open) ?? band(prints[j], prints[i], widest, open)
        }
    }

    /// `items` with the first two that `join` makes one (given all of them and the two's places)
    /// replaced by what it makes, again and again until no two join.
    static func joining<Item>(_ items: [Item], _ join: (_ items: [Item], _ i: Int, _ j: Int) -> Item?) -> [Item] {
        var items = items
        var joined = true
        while joined {
            joined = false
            search: for i in items.indices {
                for j in items.indices where j > i {
                    guard let whole = join(items, i, j) else { continue }
                    items[i] = whole
                    items.remove(at: j)
                    joined = true
                    break search
                }
            }
        }
        return items
    }

    /// Whether `a` and `b` line up as two bands of one print, one continuing the other either way.
    static func lineUp(_ a: FoundPrint, _ b: FoundPrint) -> Bool {
        between(a, b, .infinity) != nil || between(b, a, .infinity) != nil
    }

    /// The print `a` and `b` make when `b` continues `a` and `open` takes the gap between them: the
    /// least rectangle around both, its sides their outer edges.
    private static func band(
        _ a: FoundPrint, _ b: FoundPrint, _ widest: Double, _ open: (FoundPrint) -> Bool
    ) -> FoundPrint? {
        guard let gap = between(a, b, widest), open(gap) else { return nil }
        return RotatedRectangle.smallest(around: RotatedRectangle.hull(a.corners + b.corners)).map { FoundPrint(corners: $0) }
    }

    /// The gap between `a` and `b` when `b` continues `a` along `a`'s y axis (or x axis), as tilted,
    /// its sides running on from `a`'s, at most `widest` across: a rectangle whose width runs along
    /// the gap and whose height across it (negative where they overlap); else nil.
    static func between(_ a: FoundPrint, _ b: FoundPrint, _ widest: Double) -> FoundPrint? {
        guard abs(a.tilt - b.tilt) <= bandTilt else { return nil }
        let (s, c) = Trigonometry.sineCosine(degrees: a.tilt)
        let frame = b.corners.map { p -> (u: Double, v: Double) in
            let dx = p.x - a.centre.x, dy = p.y - a.centre.y
            return (dx * c + dy * s, -dx * s + dy * c)
        }
        let u = (frame.map(\.u).min()!, frame.map(\.u).max()!), v = (frame.map(\.v).min()!, frame.map(\.v).max()!)
        for alongY in [true, false] {
            let (side, length) = alongY ? (u, v) : (v, u)
            let (half, halfLength) = alongY ? (a.width / 2, a.height / 2) : (a.height / 2, a.width / 2)
            let slack = bandAlignment * 2 * half + bandSlack
            guard abs(side.0 + half) <= slack, abs(side.1 - half) <= slack else { continue }
            let low = min(length.0, -halfLength), high = max(length.1, halfLength)
            let gap = max(length.0 - halfLength, -halfLength - length.1)
            guard gap >= -bandSlack, gap <= min(bandGap * (high - low), widest) else { continue }
            let middle = length.0 > halfLength ? (halfLength + length.0) / 2 : (length.1 - halfLength) / 2
            let shift = alongY ? (x: -middle * s, y: middle * c) : (x: middle * c, y: middle * s)
            return FoundPrint(
                centre: CropPoint(x: a.centre.x + shift.x, y: a.centre.y + shift.y), width: 2 * half, height: gap,
                tilt: alongY ? a.tilt : a.tilt + 90)
        }
        return nil
    }
}

extension PhotoFinder {
    /// A print found, with the outline and area of the piece of the mask it was (none when it was one
    /// of several in a piece); or a piece too ragged or too thin to be a print (`isPrint` false, its
    /// rectangle the least one around it), which may yet be part of one.
    struct Band {
        var print: FoundPrint
        var outline: [CropPoint] = []
        var area = 0
        var isPrint = true
    }

    /// What one piece of the mask gives: its prints, a single one keeping the piece's outline (a band
    /// of a print it may be joined with another), or, with none, the piece itself as a part.
    static func bands(in piece: PhotoMask.Piece, of mask: PhotoMask) -> [Band] {
        let prints = PhotoFinder.prints(in: piece, of: mask)
        if prints.count == 1 { return [Band(print: prints[0], outline: piece.outline, area: piece.area)] }
        if !prints.isEmpty { return prints.map { Band(print: $0) } }
        guard let corners = RotatedRectangle.smallest(around: piece.outline) else { return [] }
        return [Band(print: FoundPrint(corners: corners), outline: piece.outline, area: piece.area, isPrint: false)]
    }

    /// The widest gap between two pieces of one print, as a share of the scan's shorter side: a
    /// chart's grey lines right across a print, as light as the lid, part it so far.
    static let pieceGap = 0.03
    /// The most two pieces of one print may differ in tilt, in degrees (a band whose ends fade into
    /// the lid is found turned a little).
    static let pieceTilt = 3.0
    /// The least share of the rectangle around two pieces of one print that they fill together.
    static let pieceFill = 0.8

    /// `found` with every two pieces that are parts of one print joined: close, of nearly one tilt,
    /// their outlines together a rectangle (their hull fills the least rectangle around it), which
    /// they fill but for the gap between them, and which holds no other print's centre; two lined up
    /// with the lid between them (`reader`) are two prints.
    static func joiningPieces(_ found: [Band], shorterSide: Int, reader: GapReader? = nil) -> [Band] {
        joining(found) { found, i, j in
            guard !found[i].outline.isEmpty, !found[j].outline.isEmpty, reader?.parts(found[i].print, found[j].print) != true,
                let whole = piece(found[i], found[j], widest: pieceGap * Double(shorterSide)),
                !found.indices.contains(where: { $0 != i && $0 != j && whole.print.contains(found[$0].print.centre) })
            else { return nil }
            return whole
        }
    }

    /// The print `a` and `b` are parts of, or nil.
    private static func piece(_ a: Band, _ b: Band, widest: Double) -> Band? {
        guard abs(a.print.tilt - b.print.tilt) <= pieceTilt, a.print.gap(to: b.print) <= widest else { return nil }
        let outline = a.outline + b.outline
        let hull = RotatedRectangle.hull(outline)
        guard let corners = RotatedRectangle.smallest(around: hull) else { return nil }
        var whole = FoundPrint(corners: corners)
        whole.width -= 2 * edgeInset
        whole.height -= 2 * edgeInset
        let area = whole.width * whole.height
        guard area > 0, RotatedRectangle.area(hull) >= minimumHullFill * area,
            Double(a.area + b.area) >= pieceFill * area,
            max(whole.width, whole.height) <= maximumElongation * min(whole.width, whole.height)
        else { return nil }
        return Band(print: whole, outline: outline, area: a.area + b.area)
    }
}

extension FoundPrint {
    /// Whether `point` lies inside the rectangle.
    func contains(_ point: CropPoint) -> Bool {
        let (s, c) = Trigonometry.sineCosine(degrees: tilt)
        let dx = point.x - centre.x, dy = point.y - centre.y
        return abs(dx * c + dy * s) <= width / 2 && abs(-dx * s + dy * c) <= height / 2
    }

    /// How far apart the two rectangles lie at their nearest (0 when they overlap).
    func gap(to other: FoundPrint) -> Double {
        let (mine, theirs) = (corners, other.corners)
        if mine.contains(where: other.contains) || theirs.contains(where: contains) { return 0 }
        var nearest = Double.infinity
        for (points, sides) in [(mine, theirs), (theirs, mine)] {
            for p in points {
                for i in 0..<4 { nearest = min(nearest, PhotoSplit.distance(p, sides[i], sides[(i + 1) % 4])) }
            }
        }
        return nearest
    }
}
