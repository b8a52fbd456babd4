// The edges of a luminance picture for line finding: every pixel's gradient, thinned to each edge's ridge (Canny's suppression).

/// A picture's edges: the smoothed gradient at every pixel, and the pixels where it peaks across
/// an edge (each edge one pixel thick) and is steep enough to be one. Coordinates of pixel (x, y)'s
/// centre are (x + 0.5, y + 0.5), as everywhere in the perspective code.
struct EdgeField {
    let width: Int
    let height: Int
    /// The gradient (luminance 0…1 per pixel) along x and y, row by row.
    let gx: [Float]
    let gy: [Float]
    /// The gradient's magnitude at every pixel.
    let magnitude: [Float]
    /// The gradient's magnitude at edge pixels (the ridge, one pixel thick), 0 elsewhere.
    let strength: [Float]
    /// The edge pixels' indices, row by row.
    let edges: [Int32]
    /// The smoothed luminance itself, for measuring contrast either side of a line.
    let smoothed: [Float]

    /// Gradient (luminance 0…1 per pixel, after the blur) below which a pixel is not an edge: as
    /// the level estimator's, a sharp edge of 8 % contrast reaches it, a smooth shading does not.
    static let threshold: Float = 0.02

    /// The edges of a `width × height` picture (luminance 0…1, row by row, at least 3 × 3).
    init(width: Int, height: Int, luminance: [Float]) {
        self.width = width
        self.height = height
        let blurred = EdgeField.blurred(luminance, width: width, height: height)
        smoothed = blurred
        let (gx, gy) = Scharr.gradients(blurred, width: width, height: height)
        var magnitude = [Float](repeating: 0, count: width * height)
        gx.withUnsafeBufferPointer { x in
            gy.withUnsafeBufferPointer { y in
                magnitude.withUnsafeMutableBufferPointer { m in
                    for i in 0..<m.count { m[i] = (x[i] * x[i] + y[i] * y[i]).squareRoot() }
                }
            }
        }
        self.magnitude = magnitude
        var strength = [Float](repeating: 0, count: width * height)
        var edges: [Int32] = []
        EdgeField.thinned(magnitude, gx: gx, gy: gy, width: width, height: height, strength: &strength, edges: &edges)
        self.gx = gx
        self.gy = gy
        self.strength = strength
        self.edges = edges
    }

    /// 8-bit luminance as 0…1.
    static func unit(_ bytes: [UInt8]) -> [Float] {
        var out = [Float](repeating: 0, count: bytes.count)
        bytes.withUnsafeBufferPointer { b in
            out.withUnsafeMutableBufferPointer { o in
                guard var source = b.baseAddress, var target = o.baseAddress else { return }
                for _ in 0..<b.count {
                    target.pointee = Float(source.pointee) * (1 / 255)
                    source += 1
                    target += 1
                }
            }
        }
        return out
    }

    /// The picture blurred by the binomial kernel 1, 4, 6, 4, 1 (over 16) across and then down: a
    /// Gaussian of σ 1 pixel to within a few percent, which steadies the gradient's direction along
    /// an edge without spreading two near edges into one. Five taps by pointer arithmetic, the edge
    /// pixels repeated: it costs little even unoptimized, where the level estimator's eleven-tap
    /// Gaussian costs most of a search.
    static func blurred(_ input: [Float], width: Int, height: Int) -> [Float] {
        var across = [Float](repeating: 0, count: input.count), out = across
        input.withUnsafeBufferPointer { source in
            across.withUnsafeMutableBufferPointer { target in
                guard let p = source.baseAddress, let o = target.baseAddress else { return }
                for y in 0..<height { binomial(p + y * width, o + y * width, count: width, step: 1) }
            }
        }
        across.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                guard let p = source.baseAddress, let o = target.baseAddress else { return }
                for x in 0..<width { binomial(p + x, o + x, count: height, step: width) }
            }
        }
        return out
    }

    /// One line of `count` samples `step` apart blurred by 1, 4, 6, 4, 1 (the ends repeated).
    private static func binomial(_ p: UnsafePointer<Float>, _ o: UnsafeMutablePointer<Float>, count: Int, step: Int) {
        guard count >= 5 else {
            for i in 0..<count { o[i * step] = p[i * step] }
            return
        }
        func at(_ i: Int) -> Float { p[min(max(i, 0), count - 1) * step] }
        for i in [0, 1, count - 2, count - 1] {
            o[i * step] = (at(i - 2) + 4 * at(i - 1) + 6 * at(i) + 4 * at(i + 1) + at(i + 2)) / 16
        }
        var a = p, b = p + step, c = p + 2 * step, d = p + 3 * step, e = p + 4 * step
        var out = o + 2 * step
        for _ in 2..<(count - 2) {
            out.pointee = (a.pointee + e.pointee + 4 * (b.pointee + d.pointee) + 6 * c.pointee) * 0.0625
            a += step; b += step; c += step; d += step; e += step; out += step
        }
    }

    /// Keeps the pixels whose gradient is at least `threshold` and no less than both neighbours'
    /// along its direction (rounded to the nearest of the four pixel directions), and strictly more
    /// than one of them, so a plateau keeps one pixel.
    private static func thinned(
        _ magnitude: [Float], gx: [Float], gy: [Float], width: Int, height: Int, strength: inout [Float],
        edges: inout [Int32]
    ) {
        guard width >= 5, height >= 5 else { return }
        // tan 22.5° and tan 67.5°: the borders between the four directions.
        let low: Float = 0.414_213_56, high: Float = 2.414_213_6
        magnitude.withUnsafeBufferPointer { m in
            gx.withUnsafeBufferPointer { gx in
                gy.withUnsafeBufferPointer { gy in
                    strength.withUnsafeMutableBufferPointer { out in
                        for y in 2..<(height - 2) {
                            for x in 2..<(width - 2) {
                                let i = y * width + x
                                let value = m[i]
                                guard value >= threshold, value.isFinite else { continue }
                                let ax = abs(gx[i]), ay = abs(gy[i])
                                let step: Int
                                if ay <= low * ax {
                                    step = 1
                                } else if ay >= high * ax {
                                    step = width
                                } else {
                                    step = (gx[i] > 0) == (gy[i] > 0) ? width + 1 : width - 1
                                }
                                let before = m[i - step], after = m[i + step]
                                guard value >= before, value >= after, value > before || value > after else { continue }
                                out[i] = value
                                edges.append(Int32(i))
                            }
                        }
                    }
                }
            }
        }
    }

    /// Whether pixel `i` is steep enough to be an edge with its gradient's direction within the
    /// angle whose cosine is `cosine` of the unit normal (nx, ny): +1 when it points along the
    /// normal (brighter on its side), −1 when against it, 0 otherwise. `thin`: only the edges'
    /// ridge pixels count (for fitting a line); otherwise any steep pixel does (for measuring how
    /// much of a line an edge runs along: noise and texture break a ridge into pieces long before
    /// they hide the edge itself).
    @inline(__always)
    func polarity(at i: Int, nx: Float, ny: Float, cosine: Float, thin: Bool) -> Int {
        let s = thin ? strength[i] : magnitude[i]
        guard s >= EdgeField.threshold else { return 0 }
        let along = (gx[i] * nx + gy[i] * ny) / s
        return along >= cosine ? 1 : (along <= -cosine ? -1 : 0)
    }
}
