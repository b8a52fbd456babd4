// Find Photos' sides fitted: a rectangle's four edges as straight lines through the outline points along them, sharing one tilt.

/// Fits a turned rectangle to the points along its edges.
///
/// The method. Each point goes to the side of the rough rectangle it lies nearest (those near a
/// corner, where the outline rounds, left out); each side's points further than `outlier` from
/// their median are another print's or a speck's and are dropped. The tilt is then the one slope
/// that fits all sides' points best together (least squares, so a long side, with more points,
/// counts for more than a short one), and each side's place the mean of its points with that
/// slope taken out. A side with too few points keeps the rough rectangle's place: where a print
/// touches another along a whole side, nothing of that side meets the lid. Done again from the
/// rectangle found, the points are shared out anew.
public enum PhotoSides {
    /// How far from its side's median a point may lie and still be that side's, in pixels.
    static let outlier = 1.5
    /// How far from a corner, along the side, points are left out, in pixels.
    static let cornerMargin = 3.0
    /// The fewest points that place a side.
    static let fewestPoints = 4
    /// How many times the points are shared out and the sides fitted.
    static let rounds = 3

    /// `rough` fitted to `points` (the outline's points, in the same pixels); `rough` itself when no two
    /// sides hold enough points to say the tilt.
    public static func fitted(_ rough: FoundPrint, to points: [CropPoint]) -> FoundPrint {
        var fit = rough
        for _ in 0..<rounds {
            guard let next = fittedOnce(fit, to: points) else { return fit }
            fit = next
        }
        return fit
    }

    /// One side's points: each one's distance out from the centre, and its place along the side.
    struct Side {
        var outward: [Double] = []
        var along: [Double] = []
    }

    /// The share of `points` (but those near a corner) within `outlier` of the sides of `rectangle`:
    /// a print's own edges are straight, where its colours meet the lid's its outline is ragged.
    public static func straightness(of rectangle: FoundPrint, _ points: [CropPoint]) -> Double {
        let all = sides(of: rectangle, points, dropping: false).map(\.outward.count).reduce(0, +)
        var near = 0
        for (k, side) in sides(of: rectangle, points, dropping: false).enumerated() {
            let reach = k < 2 ? rectangle.width / 2 : rectangle.height / 2
            near += side.outward.filter { abs($0 - reach) <= outlier }.count
        }
        return all > 0 ? Double(near) / Double(all) : 0
    }

    /// The points shared out to the sides of `rough` (right, left, bottom, top), outliers dropped
    /// unless not `dropping`.
    static func sides(of rough: FoundPrint, _ points: [CropPoint], dropping: Bool = true) -> [Side] {
        let (s, c) = Trigonometry.sineCosine(degrees: rough.tilt)
        let half = (u: rough.width / 2, v: rough.height / 2)
        var sides = [Side](repeating: Side(), count: 4)
        for p in points {
            let dx = p.x - rough.centre.x, dy = p.y - rough.centre.y
            let u = dx * c + dy * s, v = -dx * s + dy * c
            let acrossU = abs(abs(u) - half.u), acrossV = abs(abs(v) - half.v)
            if acrossU <= acrossV {
                guard abs(v) <= half.v - cornerMargin else { continue }
                sides[u > 0 ? 0 : 1].outward.append(abs(u))
                sides[u > 0 ? 0 : 1].along.append(v)
            } else {
                guard abs(u) <= half.u - cornerMargin else { continue }
                sides[v > 0 ? 2 : 3].outward.append(abs(v))
                sides[v > 0 ? 2 : 3].along.append(u)
            }
        }
        return sides.map { side in
            guard dropping, !side.outward.isEmpty else { return side }
            let median = side.outward.sorted()[side.outward.count / 2]
            let kept = side.outward.indices.filter { abs(side.outward[$0] - median) <= outlier }
            return Side(outward: kept.map { side.outward[$0] }, along: kept.map { side.along[$0] })
        }
    }

    /// The rectangle the sides of `rough` fit, or nil when fewer than two sides hold enough points.
    static func fittedOnce(_ rough: FoundPrint, to points: [CropPoint]) -> FoundPrint? {
        let sides = sides(of: rough, points)
        // How a side's distance out changes with a turn of the rectangle, for each small turn (in
        // radians, clockwise on screen) against the place along it: right and top lean back.
        let leans: [Double] = [-1, 1, 1, -1]
        let placed = sides.indices.filter { sides[$0].outward.count >= fewestPoints }
        guard placed.count >= 2 else { return nil }
        var (products, squares) = (0.0, 0.0)
        var means = [(outward: Double, along: Double)](repeating: (0, 0), count: 4)
        for k in placed {
            let side = sides[k], n = Double(side.outward.count)
            let mean = (outward: side.outward.reduce(0, +) / n, along: side.along.reduce(0, +) / n)
            means[k] = mean
            for (d, t) in zip(side.outward, side.along) {
                products += leans[k] * (t - mean.along) * (d - mean.outward)
                squares += (t - mean.along) * (t - mean.along)
            }
        }
        let turn = squares > 0 ? products / squares : 0
        // Each side's distance out where the turned side crosses the rough one's normal through the centre.
        var reach = [rough.width / 2, rough.width / 2, rough.height / 2, rough.height / 2]
        for k in placed { reach[k] = means[k].outward - leans[k] * turn * means[k].along }
        var fit = rough
        fit.tilt = rough.tilt + Trigonometry.arctangent2(turn, 1) * 180 / Trigonometry.pi
        // The sides are placed in the turned rectangle's own axes, through the rough one's centre.
        let (s, c) = Trigonometry.sineCosine(degrees: fit.tilt)
        let shift = (u: (reach[0] - reach[1]) / 2, v: (reach[2] - reach[3]) / 2)
        fit.width = reach[0] + reach[1]
        fit.height = reach[2] + reach[3]
        guard fit.width > 0, fit.height > 0 else { return nil }
        fit.centre = CropPoint(
            x: rough.centre.x + shift.u * c - shift.v * s, y: rough.centre.y + shift.u * s + shift.v * c)
        return fit
    }
}
