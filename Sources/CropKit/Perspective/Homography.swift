// A plane-to-plane projective map (a 3×3 matrix): the four-point solve, its exact inverse, applying and composing.

/// A homography: the point (x, y) goes to ((a·x + b·y + c) / w, (d·x + e·y + f) / w) with
/// w = g·x + h·y + i, the entries row by row. Any nonzero multiple of the matrix is the same map;
/// it is kept scaled so its largest entry is ±1, so composing many never overflows.
public struct Homography: Hashable, Sendable {
    /// The nine entries, row by row.
    public let entries: [Double]

    public static let identity = Homography(unchecked: [1, 0, 0, 0, 1, 0, 0, 0, 1])

    /// The map with these nine entries (row by row), or nil unless they are nine finite numbers
    /// whose matrix can be inverted.
    public init?(entries: [Double]) {
        guard entries.count == 9, entries.allSatisfy(\.isFinite) else { return nil }
        let candidate = Homography(unchecked: entries)
        guard candidate.determinant != 0, candidate.determinant.isFinite else { return nil }
        self = candidate
    }

    init(unchecked entries: [Double]) {
        let largest = entries.reduce(0) { max($0, abs($1)) }
        self.entries = largest > 0 && largest.isFinite ? entries.map { $0 / largest } : entries
    }

    /// An affine map: (x, y) → (a·x + b·y + c, d·x + e·y + f).
    public static func affine(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) -> Homography? {
        Homography(entries: [a, b, c, d, e, f, 0, 0, 1])
    }

    /// The move by (dx, dy).
    public static func translation(_ dx: Double, _ dy: Double) -> Homography {
        Homography(unchecked: [1, 0, dx, 0, 1, dy, 0, 0, 1])
    }

    /// The scaling of x by `sx` and y by `sy` about the origin (both nonzero).
    public static func scaling(_ sx: Double, _ sy: Double) -> Homography? { affine(sx, 0, 0, 0, sy, 0) }

    /// The map that takes each of the four points `from` to the point of `to` at the same place,
    /// or nil when three of either four lie on one line (no such map exists).
    ///
    /// Both sets are first moved and scaled so their mean is the origin and their mean distance
    /// from it √2 (Hartley's normalisation: sums of numbers of one size lose fewer digits), the map
    /// between them is made through the unit square (Heckbert's closed form for square →
    /// quadrilateral), and the normalisations are undone.
    public init?(from: [CropPoint], to: [CropPoint]) {
        guard from.count == 4, to.count == 4, (from + to).allSatisfy({ $0.x.isFinite && $0.y.isFinite }),
            let normalFrom = Homography.normalising(from), let normalTo = Homography.normalising(to),
            let squareToFrom = Homography.fromUnitSquare(from.map { normalFrom.applied(to: $0) }),
            let squareToTo = Homography.fromUnitSquare(to.map { normalTo.applied(to: $0) }),
            let fromToSquare = squareToFrom.inverse, let denormalise = normalTo.inverse
        else { return nil }
        let map = normalFrom.followed(by: fromToSquare).followed(by: squareToTo).followed(by: denormalise)
        guard let checked = Homography(entries: map.entries) else { return nil }
        self = checked
    }

    /// The map from the unit square's corners (0, 0), (1, 0), (1, 1), (0, 1) to `q`'s four points
    /// (normalised: about √2 from their mean), or nil when three of them lie on a line, to within
    /// a triangle of a billionth of their spread's square (rounding makes exact zeros rare).
    static func fromUnitSquare(_ q: [CropPoint]) -> Homography? {
        for skipped in 0..<4 {
            let t = (0..<4).filter { $0 != skipped }.map { q[$0] }
            let twiceArea = (t[1].x - t[0].x) * (t[2].y - t[0].y) - (t[1].y - t[0].y) * (t[2].x - t[0].x)
            guard abs(twiceArea) > 1e-9 else { return nil }
        }
        let sx = q[0].x - q[1].x + q[2].x - q[3].x, sy = q[0].y - q[1].y + q[2].y - q[3].y
        let dx1 = q[1].x - q[2].x, dx2 = q[3].x - q[2].x, dy1 = q[1].y - q[2].y, dy2 = q[3].y - q[2].y
        let denominator = dx1 * dy2 - dx2 * dy1
        guard denominator != 0 else { return nil }
        // g and h vanish for a parallelogram: the map is then affine.
        let g = (sx * dy2 - dx2 * sy) / denominator, h = (dx1 * sy - sx * dy1) / denominator
        return Homography(entries: [
            q[1].x - q[0].x + g * q[1].x, q[3].x - q[0].x + h * q[3].x, q[0].x,
            q[1].y - q[0].y + g * q[1].y, q[3].y - q[0].y + h * q[3].y, q[0].y,
            g, h, 1,
        ])
    }

    /// The similarity that moves `points`' mean to the origin and scales their mean distance from it to √2.
    static func normalising(_ points: [CropPoint]) -> Homography? {
        let n = Double(points.count)
        let mx = points.reduce(0) { $0 + $1.x } / n, my = points.reduce(0) { $0 + $1.y } / n
        let spread = points.reduce(0) { $0 + (($1.x - mx) * ($1.x - mx) + ($1.y - my) * ($1.y - my)).squareRoot() } / n
        guard spread > 0, spread.isFinite else { return nil }
        let s = 2.0.squareRoot() / spread
        return Homography(entries: [s, 0, -s * mx, 0, s, -s * my, 0, 0, 1])
    }

    // MARK: Using the map

    /// The homogeneous image (x', y', w) of (x, y): the point is (x'/w, y'/w); w ≤ 0 means the point
    /// lies on or beyond the map's horizon (for a map made from a convex quadrilateral, never inside it).
    public func homogeneous(_ p: CropPoint) -> (x: Double, y: Double, w: Double) {
        let m = entries
        return (m[0] * p.x + m[1] * p.y + m[2], m[3] * p.x + m[4] * p.y + m[5], m[6] * p.x + m[7] * p.y + m[8])
    }

    /// Where `p` goes (a point at infinity has infinite or NaN coordinates).
    public func applied(to p: CropPoint) -> CropPoint {
        let (x, y, w) = homogeneous(p)
        return CropPoint(x: x / w, y: y / w)
    }

    /// The map that does this one and then `next`.
    public func followed(by next: Homography) -> Homography {
        let a = next.entries, b = entries
        var product = [Double](repeating: 0, count: 9)
        for row in 0..<3 {
            for column in 0..<3 {
                product[row * 3 + column] =
                    a[row * 3] * b[column] + a[row * 3 + 1] * b[3 + column] + a[row * 3 + 2] * b[6 + column]
            }
        }
        return Homography(unchecked: product)
    }

    public var determinant: Double {
        let m = entries
        return m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6])
    }

    /// The inverse map: the adjugate matrix (exact up to the scale, which a homography ignores), or
    /// nil when the matrix is singular.
    public var inverse: Homography? {
        let m = entries
        let adjugate = [
            m[4] * m[8] - m[5] * m[7], m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
            m[5] * m[6] - m[3] * m[8], m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
            m[3] * m[7] - m[4] * m[6], m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3],
        ]
        // The adjugate is the inverse times the determinant; its sign keeps w's sign (a point in
        // front stays in front).
        let sign: Double = determinant < 0 ? -1 : 1
        return Homography(entries: adjugate.map { $0 * sign })
    }

    /// How far a step of one unit at the input point `p` goes under the map, in the direction it
    /// goes least and in the one it goes most (the singular values of the map's Jacobian at `p`):
    /// under 1 the map shrinks there, and a resampler must filter.
    public func stretch(at p: CropPoint) -> (smallest: Double, largest: Double) {
        let m = entries
        let (x, y, w) = homogeneous(p)
        // d(x/w)/dp = (∂x − (x/w)·∂w) / w, row by row.
        let u = x / w, v = y / w
        let j00 = (m[0] - u * m[6]) / w, j01 = (m[1] - u * m[7]) / w
        let j10 = (m[3] - v * m[6]) / w, j11 = (m[4] - v * m[7]) / w
        // Singular values of a 2×2 matrix from its Frobenius norm and determinant.
        let frobenius = j00 * j00 + j01 * j01 + j10 * j10 + j11 * j11, det = abs(j00 * j11 - j01 * j10)
        let root = max(frobenius * frobenius - 4 * det * det, 0).squareRoot()
        return (((frobenius - root) / 2).squareRoot(), ((frobenius + root) / 2).squareRoot())
    }
}
