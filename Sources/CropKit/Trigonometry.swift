// Sine, cosine and arctangent in pure Swift: CropKit imports no C library, and the standard library has none.

/// The few elementary functions the straighten geometry and the level estimator need, accurate to
/// a unit or two in the last place over the ranges they are used on (tests compare them with libm).
enum Trigonometry {
    static let pi = 3.141_592_653_589_793_238_46

    /// Sine and cosine of an angle in degrees. Exact at multiples of 90° (0° gives exactly (0, 1)),
    /// so a level picture stays bit-for-bit level.
    static func sineCosine(degrees: Double) -> (sin: Double, cos: Double) {
        guard degrees.isFinite else { return (.nan, .nan) }
        // Reduce in degrees, where multiples of 90 subtract exactly, to |r| ≤ 45°.
        var reduced = degrees.truncatingRemainder(dividingBy: 360)
        var quadrant = Int((reduced / 90).rounded())
        reduced -= Double(quadrant) * 90
        quadrant = ((quadrant % 4) + 4) % 4
        let r = reduced * (pi / 180)
        let s = sinePolynomial(r), c = cosinePolynomial(r)
        switch quadrant {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    /// The angle of the vector (x, y) in radians, in −π…π, as C's `atan2(y, x)`.
    static func arctangent2(_ y: Double, _ x: Double) -> Double {
        guard x.isFinite, y.isFinite else { return .nan }
        if x == 0 && y == 0 { return 0 }
        let ax = abs(x), ay = abs(y)
        // Keep the ratio within 1: atan(y/x) = π/2 − atan(x/y).
        var angle = ay <= ax ? arctangent(ay / ax) : pi / 2 - arctangent(ax / ay)
        if x < 0 { angle = pi - angle }
        return y < 0 ? -angle : angle
    }

    /// atan(t) for 0 ≤ t ≤ 1.
    private static func arctangent(_ t: Double) -> Double {
        // Two halvings, atan(t) = 2·atan(t / (1 + √(1 + t²))), bring t under 0.2, where the series is short.
        var t = t, scale = 1.0
        for _ in 0..<2 {
            t /= 1 + (1 + t * t).squareRoot()
            scale *= 2
        }
        let t2 = t * t
        var sum = 0.0
        // Σ (−1)ⁿ t²ⁿ⁺¹ / (2n + 1); |t| ≤ 0.2 makes 13 terms exact to the last bit.
        for n in stride(from: 12, through: 0, by: -1) {
            let term = 1 / Double(2 * n + 1)
            sum = (n % 2 == 0 ? term : -term) + t2 * sum
        }
        return scale * t * sum
    }

    /// sin(r) for |r| ≤ π/4 by its Taylor series to r¹⁹ (the first omitted term is under 1e-21),
    /// written out so it costs a dozen multiplications even unoptimized.
    private static func sinePolynomial(_ r: Double) -> Double {
        let x = r * r
        var p = -1.0 / 121_645_100_408_832_000  // −1/19!
        p = p * x + 1.0 / 355_687_428_096_000  // 1/17!
        p = p * x - 1.0 / 1_307_674_368_000  // −1/15!
        p = p * x + 1.0 / 6_227_020_800  // 1/13!
        p = p * x - 1.0 / 39_916_800  // −1/11!
        p = p * x + 1.0 / 362_880  // 1/9!
        p = p * x - 1.0 / 5_040  // −1/7!
        p = p * x + 1.0 / 120  // 1/5!
        p = p * x - 1.0 / 6  // −1/3!
        p = p * x + 1
        return r * p
    }

    /// cos(r) for |r| ≤ π/4 by its Taylor series to r¹⁸.
    private static func cosinePolynomial(_ r: Double) -> Double {
        let x = r * r
        var p = 1.0 / 6_402_373_705_728_000  // 1/18!
        p = p * x - 1.0 / 20_922_789_888_000  // −1/16!
        p = p * x + 1.0 / 87_178_291_200  // 1/14!
        p = p * x - 1.0 / 479_001_600  // −1/12!
        p = p * x + 1.0 / 3_628_800  // 1/10!
        p = p * x - 1.0 / 40_320  // −1/8!
        p = p * x + 1.0 / 720  // 1/6!
        p = p * x - 1.0 / 24  // −1/4!
        p = p * x + 1.0 / 2  // 1/2!
        // 1 − x/2 + …, with the sign folded in above.
        return 1 - x * p
    }
}
