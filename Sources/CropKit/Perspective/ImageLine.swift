// A straight line of a picture, how much edge runs along it, and the least-squares line through edge pixels.

/// The points p with `normal · p = offset`, `normal` a unit vector; its direction is the normal
/// turned a quarter, and a point's parameter t is its position along that direction.
struct ImageLine {
    var nx: Double
    var ny: Double
    var offset: Double

    /// The line with normal (nx, ny) (any length but zero) and that offset along the unit normal.
    init(nx: Double, ny: Double, offset: Double) {
        let length = (nx * nx + ny * ny).squareRoot()
        self.nx = nx / length
        self.ny = ny / length
        self.offset = offset
    }

    /// The line through two distinct points.
    init?(through a: CropPoint, _ b: CropPoint) {
        let dx = b.x - a.x, dy = b.y - a.y
        guard dx != 0 || dy != 0 else { return nil }
        self.init(nx: -dy, ny: dx, offset: 0)
        offset = nx * a.x + ny * a.y
    }

    /// How far `p` lies from the line, positive on the side the normal points to.
    func signedDistance(_ p: CropPoint) -> Double { nx * p.x + ny * p.y - offset }

    /// The position of `p` (projected on the line) along the direction (−ny, nx).
    func parameter(_ p: CropPoint) -> Double { -ny * p.x + nx * p.y }

    /// The point of the line at parameter t.
    func point(_ t: Double) -> CropPoint { CropPoint(x: nx * offset - ny * t, y: ny * offset + nx * t) }

    /// The sine of the angle between the two lines (0 when parallel, 1 when at right angles).
    func sine(with other: ImageLine) -> Double { abs(nx * other.ny - ny * other.nx) }

    /// Where the two lines meet, or nil when they are parallel.
    func intersection(_ other: ImageLine) -> CropPoint? {
        let det = nx * other.ny - ny * other.nx
        guard abs(det) > 1e-12 else { return nil }
        return CropPoint(x: (offset * other.ny - ny * other.offset) / det, y: (nx * other.offset - offset * other.nx) / det)
    }

    /// The parameters where the line enters and leaves the box `0…width × 0…height`, or nil when it misses it.
    func span(width: Double, height: Double) -> ClosedRange<Double>? {
        var low = -Double.infinity, high = Double.infinity
        let origin = point(0), dx = -ny, dy = nx
        for (start, step, limit) in [(origin.x, dx, width), (origin.y, dy, height)] {
            if abs(step) < 1e-12 {
                guard start >= 0, start <= limit else { return nil }
                continue
            }
            let a = (0 - start) / step, b = (limit - start) / step
            low = max(low, min(a, b))
            high = min(high, max(a, b))
        }
        return low <= high ? low...high : nil
    }

    /// The edge pixels within `LineSupport.reach` of the line between parameters `a` and `b` whose
    /// gradient runs along its normal, as points (pixel centres) weighted by their gradient, those
    /// brighter on the normal's side and those darker apart: what a refined line is fitted to. (A
    /// pixel near a slanted line may come twice, from two samples: a weight the same on both sides.)
    func edgePixels(
        from a: Double, to b: Double, edges: EdgeField
    )
        -> (brighter: [(p: CropPoint, weight: Double)], darker: [(p: CropPoint, weight: Double)])
    {
        var brighter: [(p: CropPoint, weight: Double)] = [], darker: [(p: CropPoint, weight: Double)] = []
        let fx = Float(nx), fy = Float(ny)
        var t = min(a, b).rounded(.up)
        while t <= max(a, b) {
            let p = point(t)
            for o in -LineSupport.reach...LineSupport.reach {
                let x = Int((p.x + Double(o) * nx).rounded(.down)), y = Int((p.y + Double(o) * ny).rounded(.down))
                guard x >= 0, y >= 0, x < edges.width, y < edges.height else { continue }
                let i = y * edges.width + x
                let polarity = edges.polarity(at: i, nx: fx, ny: fy, cosine: LineSupport.cosine, thin: true)
                guard polarity != 0 else { continue }
                let pixel = (p: CropPoint(x: Double(x) + 0.5, y: Double(y) + 0.5), weight: Double(edges.strength[i]))
                if polarity > 0 { brighter.append(pixel) } else { darker.append(pixel) }
            }
            t += 1
        }
        return (brighter, darker)
    }

    /// The line that fits weighted points best in the least-squares sense across it (total least
    /// squares: the direction of the points' largest spread), its normal turned to agree with
    /// `self`'s; nil for fewer than two distinct points.
    func fitted(_ points: [(p: CropPoint, weight: Double)]) -> ImageLine? {
        let total = points.reduce(0) { $0 + $1.weight }
        guard points.count >= 2, total > 0 else { return nil }
        let mx = points.reduce(0) { $0 + $1.p.x * $1.weight } / total
        let my = points.reduce(0) { $0 + $1.p.y * $1.weight } / total
        var sxx = 0.0, sxy = 0.0, syy = 0.0
        for (p, w) in points {
            let dx = p.x - mx, dy = p.y - my
            sxx += w * dx * dx
            sxy += w * dx * dy
            syy += w * dy * dy
        }
        // The smaller eigenvalue's eigenvector is the normal; of its two forms take the longer.
        let smallest = (sxx + syy) / 2 - (((sxx - syy) / 2) * ((sxx - syy) / 2) + sxy * sxy).squareRoot()
        var a = (sxy, smallest - sxx), b = (smallest - syy, sxy)
        if a.0 * a.0 + a.1 * a.1 < b.0 * b.0 + b.1 * b.1 { swap(&a, &b) }
        guard a.0 * a.0 + a.1 * a.1 > 1e-24 else { return nil }
        var line = ImageLine(nx: a.0, ny: a.1, offset: 0)
        if line.nx * nx + line.ny * ny < 0 { (line.nx, line.ny) = (-line.nx, -line.ny) }
        line.offset = line.nx * mx + line.ny * my
        return line
    }
}

/// Where edges run along a line, sample by sample one pixel apart over the picture: each sample
/// counts when an edge pixel within `reach` of the line has its gradient along the line's normal,
/// once for edges brighter on the normal's side and once for those darker. Prefix sums make the
/// share of any stretch of the line one subtraction.
struct LineSupport {
    let line: ImageLine
    /// The parameter of the first sample.
    let start: Double
    /// Samples up to each index (count + 1 entries) with an edge brighter on the normal's side,
    /// darker, and either (a photo's edge against a desk changes its polarity with the photo's
    /// content, a slide's where its title bar begins: a side is supported whichever way it runs).
    let brighter: [Int32]
    let darker: [Int32]
    let either: [Int32]

    /// How far either side of the line an edge pixel may lie and count, in pixels.
    static let reach = 2
    /// How far an edge's gradient may turn from the line's normal and count (the cosine of 20°).
    static let cosine: Float = 0.94

    init?(_ line: ImageLine, edges: EdgeField) {
        guard let span = line.span(width: Double(edges.width), height: Double(edges.height)) else { return nil }
        self.line = line
        start = span.lowerBound.rounded(.up)
        let count = max(Int(span.upperBound - start) + 1, 0)
        var brighter = [Int32](repeating: 0, count: count + 1), darker = brighter, either = brighter
        let nx = Float(line.nx), ny = Float(line.ny)
        for k in 0..<count {
            let p = line.point(start + Double(k))
            var up = false, down = false
            for o in -LineSupport.reach...LineSupport.reach {
                let x = Int((p.x + Double(o) * line.nx).rounded(.down)), y = Int((p.y + Double(o) * line.ny).rounded(.down))
                guard x >= 0, y >= 0, x < edges.width, y < edges.height else { continue }
                let polarity = edges.polarity(at: y * edges.width + x, nx: nx, ny: ny, cosine: LineSupport.cosine, thin: false)
                if polarity > 0 { up = true } else if polarity < 0 { down = true }
            }
            brighter[k + 1] = brighter[k] + (up ? 1 : 0)
            darker[k + 1] = darker[k] + (down ? 1 : 0)
            either[k + 1] = either[k] + (up || down ? 1 : 0)
        }
        self.brighter = brighter
        self.darker = darker
        self.either = either
    }

    /// The share (0…1) of the line between parameters `a` and `b` along which an edge runs:
    /// brighter on the normal's side (`true`), darker (`false`), or either way (nil); 0 for a
    /// stretch off the picture.
    func share(from a: Double, to b: Double, brighterOnNormalSide: Bool?) -> Double {
        let low = min(a, b), high = max(a, b)
        let length = high - low
        guard length >= 1 else { return 0 }
        let count = brighter.count - 1
        let i = min(max(Int((low - start).rounded()), 0), count), j = min(max(Int((high - start).rounded()), 0), count)
        let sums = brighterOnNormalSide.map { $0 ? brighter : darker } ?? either
        return min(Double(sums[j] - sums[i]) / length, 1)
    }
}
