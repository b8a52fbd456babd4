// How much of each pixel the ellipse inscribed in a picture covers: the circle crop's anti-aliased alpha, as pure math.

/// The ellipse inscribed in a `width`×`height` picture (a circle when it is square), and the share of
/// each pixel it covers: 1 inside, 0 outside, in between on the edge so the edge is smooth, not stepped.
///
/// The share is `clamp(0.5 − d, 0, 1)`, with `d` the signed distance in pixels from the pixel's centre to
/// the ellipse (negative inside): a one-pixel ramp across the edge, which is the exact coverage of a
/// straight edge through the pixel. `d` is the first-order ("Sampson") distance `f / |∇f|` of the implicit
/// ellipse `f = x²/a² + y²/b² − 1`: exact to first order on the edge, the only place the ramp looks at
/// it, and for a circle `(r² − a²) / 2r`, i.e. `r − a` at the edge.
public struct CircleMask: Sendable, Equatable {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The share of pixel (`x`, `y`) inside the ellipse, 0…1.
    public func coverage(x: Int, y: Int) -> Double {
        let a = Double(width) / 2, b = Double(height) / 2
        // Pixel centres, from the ellipse's centre.
        let px = Double(x) + 0.5 - a, py = Double(y) + 0.5 - b
        let f = (px * px) / (a * a) + (py * py) / (b * b) - 1
        let gradient = 2 * ((px * px) / (a * a * a * a) + (py * py) / (b * b * b * b)).squareRoot()
        // At the very centre the gradient is 0 and f is −1: the distance is −∞, fully inside, as it should be.
        let distance = f / gradient
        return min(max(0.5 - distance, 0), 1)
    }

    /// Coverage of `count` pixels of row `y` from column `left`, scaled to `maximum` (255 for 8-bit
    /// samples, 65535 for 16-bit) and rounded, written to `row`.
    public func fill<Sample: FixedWidthInteger & UnsignedInteger>(
        row: UnsafeMutablePointer<Sample>, y: Int, left: Int,
        count: Int, maximum: Sample
    ) {
        let scale = Double(maximum)
        for i in 0..<count {
            row[i] = Sample((coverage(x: left + i, y: y) * scale).rounded())
        }
    }
}
