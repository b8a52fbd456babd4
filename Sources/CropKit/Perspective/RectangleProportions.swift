// The true width:height of the rectangle a quadrilateral shows, by a pinhole camera model (Zhang and He's whiteboard method).

/// The proportions of the rectangle (a page, a whiteboard, a screen) a quadrilateral is the photo of.
public struct RectangleProportions: Hashable, Sendable {
    /// How the ratio was found.
    public enum Method: Hashable, Sendable {
        /// The camera's focal length was estimated from the quadrilateral's two vanishing points.
        case estimatedFocalLength
        /// The focal length was given (a camera's EXIF), or assumed because the quadrilateral does
        /// not say it: one pair of sides is parallel, or the estimate is not a lens a camera has.
        case givenFocalLength, assumedFocalLength
        /// Both pairs of sides are parallel: the ratio is the sides' own, whatever the lens.
        case parallel
    }

    /// Width ÷ height of the rectangle.
    public var ratio: Double
    /// The focal length used, in pixels of the picture (nil for `parallel`, where it does not matter).
    public var focalLength: Double?
    public var method: Method
}

/// Zhang and He, "Whiteboard scanning and image enhancement" (Digital Signal Processing 17, 2007),
/// section 4: a rectangle of width w and height h photographed by a pinhole camera whose principal
/// point is the picture's centre and whose pixels are square. With the corners m1 (top left), m2
/// (top right), m3 (bottom left), m4 (bottom right) as (x, y, 1) from the centre,
///     k2 = ((m1 × m4) · m3) / ((m2 × m4) · m3),   k3 = ((m1 × m4) · m2) / ((m3 × m4) · m2),
///     n2 = k2·m2 − m1,   n3 = k3·m3 − m1
/// are the rectangle's two sides seen from the camera up to the focal length f, which follows from
/// their being at right angles:   f² = −(n2x·n3x + n2y·n3y) / (n2z·n3z),
/// and then   (w / h)² = (n2x² + n2y² + f²·n2z²) / (n3x² + n3y² + f²·n3z²).
/// When a pair of sides is parallel in the picture (n2z or n3z is 0) f cannot be measured; a
/// typical lens is assumed, and when both pairs are parallel f drops out (the affine case).
public enum PerspectiveProportions {
    /// The focal length assumed when none can be measured, as a fraction of the picture's diagonal:
    /// about a 35 mm lens on a full-frame camera (43.3 mm diagonal), the usual phone camera's.
    public static let assumedFocalLength = 0.8
    /// Focal lengths an estimate may give, as fractions of the diagonal: from a 13 mm lens to a
    /// 200 mm one. Outside them the quadrilateral's sides are too nearly parallel for the estimate
    /// to mean anything, and the assumed lens is closer to the truth.
    public static let plausibleFocalLengths = 0.3...4.6
    /// How nearly parallel (|n·z| against the sides' length, after scaling by the diagonal) a
    /// pair of sides counts as parallel.
    static let parallelTolerance = 1e-9

    /// The proportions of the rectangle `quad` shows on a `size` picture; `focalLength` (pixels of
    /// the picture), when known, replaces the estimate. Nil when the quadrilateral is degenerate.
    public static func estimate(
        _ quad: PerspectiveQuad, pictureSize size: PixelSize, focalLength: Double? = nil
    )
        -> RectangleProportions?
    {
        let cx = Double(size.width) / 2, cy = Double(size.height) / 2
        let diagonal = (Double(size.width) * Double(size.width) + Double(size.height) * Double(size.height)).squareRoot()
        guard diagonal > 0, diagonal.isFinite else { return nil }
        // From the centre, in diagonals: the numbers stay near 1 whatever the picture's size.
        func homogeneous(_ p: CropPoint) -> Vector3 { Vector3((p.x - cx) / diagonal, (p.y - cy) / diagonal, 1) }
        let m1 = homogeneous(quad.topLeft), m2 = homogeneous(quad.topRight)
        let m3 = homogeneous(quad.bottomLeft), m4 = homogeneous(quad.bottomRight)
        let diagonalLine = m1.cross(m4)
        let d2 = m2.cross(m4).dot(m3), d3 = m3.cross(m4).dot(m2)
        guard d2 != 0, d3 != 0 else { return nil }
        let n2 = m2 * (diagonalLine.dot(m3) / d2) - m1, n3 = m3 * (diagonalLine.dot(m2) / d3) - m1
        let side2 = n2.x * n2.x + n2.y * n2.y, side3 = n3.x * n3.x + n3.y * n3.y
        guard side2 > 0, side3 > 0, side2.isFinite, side3.isFinite else { return nil }
        if abs(n2.z) <= parallelTolerance * side2.squareRoot(), abs(n3.z) <= parallelTolerance * side3.squareRoot() {
            return RectangleProportions(ratio: (side2 / side3).squareRoot(), focalLength: nil, method: .parallel)
        }
        let f: Double, method: RectangleProportions.Method
        if let focalLength, focalLength > 0, focalLength.isFinite {
            (f, method) = (focalLength / diagonal, .givenFocalLength)
        } else {
            let squared = -(n2.x * n3.x + n2.y * n3.y) / (n2.z * n3.z)
            if squared.isFinite, squared > 0, plausibleFocalLengths.contains(squared.squareRoot()) {
                (f, method) = (squared.squareRoot(), .estimatedFocalLength)
            } else {
                (f, method) = (assumedFocalLength, .assumedFocalLength)
            }
        }
        let ratio = ((side2 + f * f * n2.z * n2.z) / (side3 + f * f * n3.z * n3.z)).squareRoot()
        guard ratio.isFinite, ratio > 0 else { return nil }
        return RectangleProportions(ratio: ratio, focalLength: f * diagonal, method: method)
    }
}

/// A vector of three numbers: a homogeneous point or line of the picture's plane, or a direction in space.
struct Vector3: Hashable, Sendable {
    var x: Double
    var y: Double
    var z: Double
    init(_ x: Double, _ y: Double, _ z: Double) { self.x = x; self.y = y; self.z = z }

    func dot(_ o: Vector3) -> Double { x * o.x + y * o.y + z * o.z }
    func cross(_ o: Vector3) -> Vector3 { Vector3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x) }
    var length: Double { dot(self).squareRoot() }
    static func * (v: Vector3, s: Double) -> Vector3 { Vector3(v.x * s, v.y * s, v.z * s) }
    static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
    static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
}
