// The picture's straight lines: a Hough transform voting near each edge's direction, its distinct peaks refitted to their edges.

/// A line found in the picture, with its support along it.
struct FoundLine {
    var line: ImageLine
    var support: LineSupport
    /// The edge pixels that voted for it.
    var votes: Double
}

/// Lines of a picture by the Hough transform: a line is (θ, ρ), the direction of its normal and
/// its distance from the picture's centre. Every edge pixel adds a vote to each θ within
/// `spread` of its gradient's direction (the normal of the edge it lies on), at the ρ the line
/// through it at that θ has; lines are the cells with the most votes. Voting only near the
/// gradient's direction (rather than for every θ) is what makes it quick, and keeps a page's
/// text from filling the accumulator.
enum HoughLines {
    /// The accumulator's step in θ, in degrees.
    static let angleStep = 0.5
    /// How far from an edge pixel's own gradient direction it votes, in degrees: a little more
    /// than the scatter of the direction of a noisy, blurred edge.
    static let spread = 3.0
    /// How close two peaks may be and still be two lines: in θ (degrees) and ρ (pixels).
    static let distinctAngle = 3.0
    static let distinctDistance = 6.0

    /// Up to `limit` lines with at least `minimumVotes` edge pixels each, strongest first, each
    /// refitted to the edge pixels near it (an edge's pixels along the whole line, by least squares).
    static func lines(in edges: EdgeField, limit: Int, minimumVotes: Double) -> [FoundLine] {
        let bins = Int((180 / angleStep).rounded())
        let reach = Int(((Double(edges.width * edges.width + edges.height * edges.height)).squareRoot() / 2).rounded(.up)) + 2
        let rows = 2 * reach + 1
        let table = (0..<bins).map { Trigonometry.sineCosine(degrees: Double($0) * angleStep) }
        let accumulator = votes(edges: edges, bins: bins, reach: reach, table: table)
        // Every cell that beats its eight neighbours and has enough votes, strongest first.
        var peaks: [(votes: Float, bin: Int, row: Int)] = []
        accumulator.withUnsafeBufferPointer { a in
            for bin in 0..<bins {
                for row in 1..<(rows - 1) {
                    let value = a[bin * rows + row]
                    guard Double(value) >= minimumVotes else { continue }
                    var isPeak = true
                    for db in -1...1 where isPeak {
                        // θ wraps at 180°, where the same line has the opposite ρ.
                        let b = bin + db, wraps = b < 0 || b >= bins
                        let nb = (b + bins) % bins
                        for dr in -1...1 where !(db == 0 && dr == 0) {
                            let r = wraps ? rows - 1 - (row + dr) : row + dr
                            guard r >= 0, r < rows else { continue }
                            let other = a[nb * rows + r]
                            if other > value || (other == value && (db, dr) < (0, 0)) { isPeak = false; break }
                        }
                    }
                    if isPeak { peaks.append((value, bin, row)) }
                }
            }
        }
        peaks.sort { $0.votes > $1.votes }
        var found: [FoundLine] = []
        let centre = CropPoint(x: Double(edges.width) / 2, y: Double(edges.height) / 2)
        for peak in peaks where found.count < limit {
            let (sin, cos) = table[peak.bin]
            let rough = ImageLine(nx: cos, ny: sin, offset: Double(peak.row - reach) + cos * centre.x + sin * centre.y)
            guard !found.contains(where: { isSame($0.line, rough, centre: centre) }),
                let line = refined(rough, edges: edges), let support = LineSupport(line, edges: edges),
                !found.contains(where: { isSame($0.line, line, centre: centre) })
            else { continue }
            found.append(FoundLine(line: line, support: support, votes: Double(peak.votes)))
        }
        return found
    }

    /// The accumulator, `bins` rows of θ by `2·reach + 1` columns of ρ (from −reach).
    private static func votes(edges: EdgeField, bins: Int, reach: Int, table: [(sin: Double, cos: Double)]) -> [Float] {
        let rows = 2 * reach + 1
        var accumulator = [Float](repeating: 0, count: bins * rows)
        let window = Int((spread / angleStep).rounded())
        let cx = Double(edges.width) / 2, cy = Double(edges.height) / 2
        let sines = table.map(\.sin), cosines = table.map(\.cos)
        accumulator.withUnsafeMutableBufferPointer { a in
            sines.withUnsafeBufferPointer { sines in
                cosines.withUnsafeBufferPointer { cosines in
                    for index in edges.edges {
                        let i = Int(index)
                        let x = Double(i % edges.width) + 0.5 - cx, y = Double(i / edges.width) + 0.5 - cy
                        // The gradient's direction folded into 0…180°, as a bin.
                        var degrees = Trigonometry.arctangent2(Double(edges.gy[i]), Double(edges.gx[i])) * 180 / Trigonometry.pi
                        if degrees < 0 { degrees += 180 }
                        let centreBin = Int((degrees / angleStep).rounded())
                        for offset in -window...window {
                            // Past 0° or 180° the same lines are at the other end (their ρ from θ there).
                            let bin = (centreBin + offset + bins) % bins
                            let rho = x * cosines[bin] + y * sines[bin]
                            let row = Int(rho.rounded()) + reach
                            guard row >= 0, row < rows else { continue }
                            a[bin * rows + row] += 1
                        }
                    }
                }
            }
        }
        return accumulator
    }

    /// The line fitted to the edge pixels within reach of `rough` whose gradient runs along its
    /// normal (either way), twice: the second time from the first fit, closer to the edge.
    static func refined(_ rough: ImageLine, edges: EdgeField) -> ImageLine? {
        var line = rough
        for _ in 0..<2 {
            guard let span = line.span(width: Double(edges.width), height: Double(edges.height)) else { return nil }
            let (up, down) = line.edgePixels(from: span.lowerBound, to: span.upperBound, edges: edges)
            // One edge is one polarity: the stronger side is the line's.
            guard let fitted = line.fitted(up.count >= down.count ? up : down) else { return nil }
            line = fitted
        }
        return line
    }

    /// Whether two lines are the same line within the peaks' distinctness: as near parallel, and
    /// as near each other at the picture's centre.
    static func isSame(_ a: ImageLine, _ b: ImageLine, centre: CropPoint) -> Bool {
        let (sinLimit, _) = Trigonometry.sineCosine(degrees: distinctAngle)
        guard a.sine(with: b) <= sinLimit else { return false }
        return abs(a.signedDistance(b.point(b.parameter(centre)))) <= distinctDistance
    }
}
