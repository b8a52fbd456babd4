// Find Document's candidates: the convex quadrilaterals two pairs of lines make, scored by how much edge runs along each side.

/// One quadrilateral made of four found lines, with its sides' support.
struct DocumentCandidate {
    /// The corners in order round the shape (either way round), in working pixels.
    var corners: [CropPoint]
    /// The side from corner k to corner k + 1 lies on `sides[k]`.
    var sides: [FoundLine]
    /// Per side, whether the document is brighter than what is outside it (the edge's polarity that counted).
    var brighterInside: [Bool]
    var shares: [Double]
    var area: Double
    /// Σ length × (3·share − 2): supported length earns, unsupported length costs twice as much.
    var score: Double

    var leastSupport: Double { shares.min() ?? 0 }
    var meanSupport: Double {
        let lengths = (0..<4).map { PerspectiveQuad.distance(corners[$0], corners[($0 + 1) % 4]) }
        let total = lengths.reduce(0, +)
        return total > 0 ? zip(lengths, shares).reduce(0) { $0 + $1.0 * $1.1 } / total : 0
    }

    /// The mean of |inside − outside| luminance at points a few pixels either side of each side,
    /// at nine places along it, counted only where the document is brighter or darker as the
    /// side's edge says.
    func contrast(edges: EdgeField) -> Double {
        let centre = CropPoint(x: corners.reduce(0) { $0 + $1.x } / 4, y: corners.reduce(0) { $0 + $1.y } / 4)
        var total = 0.0, count = 0.0
        for k in 0..<4 {
            let line = sides[k].line, a = corners[k], b = corners[(k + 1) % 4]
            let inward = line.signedDistance(centre) > 0 ? 1.0 : -1.0
            for step in 1...9 {
                let t = Double(step) / 10
                let p = CropPoint(x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y))
                guard let inside = sample(edges, p, along: line, by: inward * DocumentCandidate.contrastReach),
                    let outside = sample(edges, p, along: line, by: -inward * DocumentCandidate.contrastReach)
                else { continue }
                let difference = inside - outside
                total += brighterInside[k] ? max(difference, 0) : max(-difference, 0)
                count += 1
            }
        }
        return count > 0 ? total / count : 0
    }

    /// How far either side of a side the contrast is measured, in working pixels: past the blurred edge.
    static let contrastReach = 4.0

    private func sample(_ edges: EdgeField, _ p: CropPoint, along line: ImageLine, by distance: Double) -> Double? {
        let x = Int((p.x + distance * line.nx).rounded(.down)), y = Int((p.y + distance * line.ny).rounded(.down))
        guard x >= 0, y >= 0, x < edges.width, y < edges.height else { return nil }
        return Double(edges.smoothed[y * edges.width + x])
    }

    /// The corners again, from each side refitted to its own edge pixels between its corners (less
    /// a tenth at each end, where the neighbouring side's edge and the corner's rounding lie).
    func refinedCorners(edges: EdgeField) -> [CropPoint] {
        let centre = CropPoint(x: corners.reduce(0) { $0 + $1.x } / 4, y: corners.reduce(0) { $0 + $1.y } / 4)
        let lines = (0..<4).map { k -> ImageLine in
            let side = sides[k], a = side.line.parameter(corners[k]), b = side.line.parameter(corners[(k + 1) % 4])
            let trim = (b - a) / 10
            let normalInward = side.line.signedDistance(centre) > 0
            let found = side.line.edgePixels(from: a + trim, to: b - trim, edges: edges)
            let pixels = normalInward == brighterInside[k] ? found.brighter : found.darker
            return pixels.count >= 8 ? side.line.fitted(pixels) ?? side.line : side.line
        }
        return (0..<4).map { k in lines[(k + 3) % 4].intersection(lines[k]) ?? corners[k] }
    }
}

/// Every candidate quadrilateral of a set of lines.
struct DocumentCandidates {
    let lines: [FoundLine]
    let width: Double
    let height: Double
    /// Where lines i and j meet, when they cross at a corner's angle within reach of the picture.
    private var meets: [CropPoint?]

    init(lines: [FoundLine], width: Double, height: Double) {
        self.lines = lines
        self.width = width
        self.height = height
        let n = lines.count
        let slack = DocumentFinder.cornerSlack * max(width, height)
        let (sinCorner, _) = Trigonometry.sineCosine(degrees: DocumentFinder.minimumCornerAngle)
        meets = [CropPoint?](repeating: nil, count: n * n)
        for i in 0..<n {
            for j in (i + 1)..<max(n, i + 1) where lines[i].line.sine(with: lines[j].line) >= sinCorner {
                guard let p = lines[i].line.intersection(lines[j].line),
                    p.x >= -slack, p.y >= -slack, p.x <= width + slack, p.y <= height + slack
                else { continue }
                meets[i * n + j] = p
                meets[j * n + i] = p
            }
        }
    }

    /// The candidates, best score first (only those with some support on every side).
    func ranked() -> [DocumentCandidate] {
        let n = lines.count
        // Pairs of lines that can be opposite sides: they do not meet at a corner inside the picture.
        var pairs: [(Int, Int)] = []
        for i in 0..<n {
            for j in (i + 1)..<max(n, i + 1) where meets[i * n + j] == nil { pairs.append((i, j)) }
        }
        var found: [DocumentCandidate] = []
        for (p, (a1, a2)) in pairs.enumerated() {
            for (b1, b2) in pairs[(p + 1)...] where ![a1, a2].contains(b1) && ![a1, a2].contains(b2) {
                guard let c0 = meets[a1 * n + b1], let c1 = meets[b1 * n + a2], let c2 = meets[a2 * n + b2],
                    let c3 = meets[b2 * n + a1],
                    let candidate = candidate([c0, c1, c2, c3], sides: [b1, a2, b2, a1])
                else { continue }
                found.append(candidate)
            }
        }
        return found.sorted { $0.score > $1.score }
    }

    /// The candidate with these corners (side k on line `sides[k]` from corner k to k + 1), or nil
    /// unless it is convex, large enough and has some edge along every side. A side counts its edge
    /// whichever way it runs (a page may lie half on a dark desk and half on a white sheet); the
    /// polarity it has more of is the side's, for its contrast and its refit.
    private func candidate(_ corners: [CropPoint], sides: [Int]) -> DocumentCandidate? {
        guard let quad = PerspectiveQuad(corners) else { return nil }
        let area = abs(quad.signedArea)
        guard area >= DocumentFinder.minimumArea * width * height else { return nil }
        let turns = (0..<4).map { PerspectiveQuad.orientation(corners[$0], corners[($0 + 1) % 4], corners[($0 + 2) % 4]) }
        guard turns.allSatisfy({ $0 == turns[0] && $0 != 0 }) else { return nil }
        let centre = CropPoint(x: corners.reduce(0) { $0 + $1.x } / 4, y: corners.reduce(0) { $0 + $1.y } / 4)
        var shares: [Double] = [], brighter: [Bool] = [], score = 0.0
        for k in 0..<4 {
            let side = lines[sides[k]]
            let a = side.line.parameter(corners[k]), b = side.line.parameter(corners[(k + 1) % 4])
            let normalInward = side.line.signedDistance(centre) > 0
            let insideBrighter = side.support.share(from: a, to: b, brighterOnNormalSide: normalInward)
            let insideDarker = side.support.share(from: a, to: b, brighterOnNormalSide: !normalInward)
            let share = side.support.share(from: a, to: b, brighterOnNormalSide: nil)
            guard share >= DocumentFinder.minimumSideSupport / 2 else { return nil }
            shares.append(share)
            brighter.append(insideBrighter >= insideDarker)
            score += abs(b - a) * (3 * share - 2)
        }
        return DocumentCandidate(
            corners: corners, sides: sides.map { lines[$0] }, brighterInside: brighter, shares: shares, area: area,
            score: score)
    }
}
