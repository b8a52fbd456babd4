// "Level automatically": the angle a picture's dominant near-level or near-plumb lines suggest (histogram, then profiles).

/// What the estimator found in a picture.
public struct LevelEstimate: Hashable, Sendable {
    /// The angle that levels the picture (the correction), rounded to a hundredth of a degree:
    /// a horizon that runs down to the right (turned clockwise) gives a negative angle.
    public var correction: StraightenAngle
    /// The tilt of the dominant lines, clockwise positive, in degrees, unrounded (`-correction`).
    public var tilt: Double
    /// How many times sharper the edges project across lines at `tilt` than 5° off it: about 1
    /// for edges with no common direction (noise, discs, clouds), 3 and more for lines.
    public var sharpening: Double
    /// The share of all edge strength whose direction is within `LevelEstimator.window` of the
    /// lines' (about 6 / 90 for edges of every direction).
    public var concentration: Double
    /// That edge strength, in pixels of full-contrast edge per pixel of the picture's shorter side.
    public var support: Double
}

/// Suggests the angle that makes a picture's dominant near-horizontal or near-vertical lines level
/// or plumb, within ±15°, or nothing when it has no such lines (noise, smooth gradients, round shapes).
///
/// The method, in two stages. First a magnitude-weighted gradient-orientation histogram: the
/// luminance is blurred a little (σ 1.5 pixels), every pixel whose Scharr gradient is steep enough
/// to be an edge votes, weighted by its steepness, for its gradient's direction folded to within
/// ±45° of an axis (a level line and a plumb line turned alike vote alike), and the strongest peak
/// within ±15° is the candidate. Then the angle is refined below the histogram's bins by
/// projection profiles (the classic document-skew measure): the edge pixels near the candidate
/// direction are projected across the lines for angles around it, and the angle at which the
/// lines collapse into the sharpest profile (the largest sum of squares) wins, to a fraction of
/// the step by a parabola through the best three. Local gradient directions of a stepped,
/// anti-aliased, noisy or block-compressed edge scatter by degrees; where a whole line projects
/// does not. It counts as lines only when the edges project much more sharply at that angle than
/// 5° off it (edges with no common direction project alike at every angle) and enough edge
/// strength runs in that direction.
///
/// Give it the picture as shown (after EXIF orientation and the user's turns and flips, before
/// straightening): the result is the angle to set, not a change to the current one. About 256 to
/// 512 pixels on the longer side is enough; larger pictures are averaged down to 512 first.
public enum LevelEstimator {
    /// The largest tilt either way the estimator looks for, in degrees.
    public static let searchLimit = 15.0
    /// Half the window of directions around the lines' that counts as "along the lines", in
    /// degrees: wide enough for the scatter noise gives an edge's local direction.
    public static let window = 3.0
    /// Gradient (luminance 0…1 per pixel, after the blur) below which a pixel is not an edge: a
    /// smooth sky or a vignette stays well under it; a sharp edge of 8 % contrast, blurred, reaches it.
    static let edgeThreshold: Float = 0.02
    /// How far edges are blurred before measuring, in pixels (a Gaussian's σ). A 3×3 derivative of
    /// an edge sharp to the pixel misreads its direction by up to ±10°, by where the edge falls
    /// within the pixels; spread over a few pixels the edge is locally a ramp and reads truer.
    static let blurSigma = 1.5
    /// The histogram's bin, in degrees.
    static let binWidth = 0.1
    /// How far either side of the histogram's peak the projection search looks, in degrees.
    static let searchSpan = 3.0
    /// The least `LevelEstimate.sharpening` for lines: between what pictures without lines (discs,
    /// noise, soft clouds) and the test's scenes with lines reach (docs/BENCHMARKS.md, "The level
    /// estimator").
    static let minimumSharpening = 2.0
    /// The least edge strength along the lines, per pixel of the picture's shorter side (an edge's
    /// strength summed across it is its contrast, so: a full-contrast line 3 % of the shorter
    /// side long, or a fifth of it at 15 % contrast): a few short strokes are not the picture's lines.
    static let minimumSupport = 0.03
    /// The longer side pictures are averaged down to before measuring.
    static let workingSize = 512

    /// The suggested correction for 8-bit luminance (0…255, row by row), or nil without lines.
    public static func suggestion(width: Int, height: Int, luminance: [UInt8]) -> StraightenAngle? {
        estimate(width: width, height: height, luminance: luminance)?.correction
    }

    /// The suggested correction for luminance in 0…1 (row by row), or nil without lines.
    public static func suggestion(width: Int, height: Int, luminance: [Float]) -> StraightenAngle? {
        estimate(width: width, height: height, luminance: luminance)?.correction
    }

    /// The estimate for 8-bit luminance, or nil without lines (or for a size that does not match the pixels).
    public static func estimate(width: Int, height: Int, luminance: [UInt8]) -> LevelEstimate? {
        estimate(width: width, height: height, luminance: luminance.map { Float($0) / 255 })
    }

    /// The estimate for luminance in 0…1, or nil without lines (or for a size that does not match the pixels).
    public static func estimate(width: Int, height: Int, luminance: [Float]) -> LevelEstimate? {
        guard width >= 3, height >= 3, width <= Int.max / height, luminance.count == width * height else { return nil }
        let (w, h, pixels) = reduced(width: width, height: height, luminance: luminance)
        let votes = edgeVotes(width: w, height: h, luminance: blurred(width: w, height: h, luminance: pixels))
        return strongestLines(in: votes, shorterSide: min(w, h))
    }

    // MARK: Preparing the picture

    /// The picture averaged down by a whole factor until its longer side is at most `workingSize`.
    static func reduced(width: Int, height: Int, luminance: [Float]) -> (Int, Int, [Float]) {
        let factor = (max(width, height) + workingSize - 1) / workingSize
        guard factor > 1 else { return (width, height, luminance) }
        let w = width / factor, h = height / factor
        var out = [Float](repeating: 0, count: w * h)
        let scale = 1 / Float(factor * factor)
        for y in 0..<h {
            for x in 0..<w {
                var sum: Float = 0
                for dy in 0..<factor {
                    let row = (y * factor + dy) * width + x * factor
                    for dx in 0..<factor { sum += luminance[row + dx] }
                }
                out[y * w + x] = sum * scale
            }
        }
        return (w, h, out)
    }

    /// The picture blurred by a Gaussian of `blurSigma`, rows then columns, its edges extended.
    static func blurred(width: Int, height: Int, luminance: [Float]) -> [Float] {
        let radius = Int((3 * blurSigma).rounded(.up))
        var kernel = (-radius...radius).map { d -> Float in
            let t = Double(d) / blurSigma
            return Float(exponential(-t * t / 2))
        }
        let sum = kernel.reduce(0, +)
        kernel = kernel.map { $0 / sum }
        // Rows into a transposed copy, then its rows (the columns) back: both passes read memory in order.
        let across = blurredRows(luminance, width: width, height: height, kernel: kernel, radius: radius)
        return blurredRows(across, width: height, height: width, kernel: kernel, radius: radius)
    }

    /// Each row of a width × height picture blurred by `kernel`, written transposed (height × width).
    private static func blurredRows(_ input: [Float], width: Int, height: Int, kernel: [Float], radius: Int) -> [Float] {
        var out = [Float](repeating: 0, count: input.count)
        var padded = [Float](repeating: 0, count: width + 2 * radius)
        input.withUnsafeBufferPointer { p in
            kernel.withUnsafeBufferPointer { k in
                out.withUnsafeMutableBufferPointer { o in
                    padded.withUnsafeMutableBufferPointer { row in
                        let taps = k.count
                        for y in 0..<height {
                            let start = y * width
                            // The row with its end pixels repeated, so every output pixel sums the same taps.
                            for x in 0..<(width + 2 * radius) { row[x] = p[start + min(max(x - radius, 0), width - 1)] }
                            for x in 0..<width {
                                var value: Float = 0
                                for t in 0..<taps { value += k[t] * row[x + t] }
                                o[x * height + y] = value
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    /// e^x for the small negative x of a Gaussian kernel (|x| ≤ 5): a short series of x / 64, squared six times.
    static func exponential(_ x: Double) -> Double {
        var term = 1.0, sum = 1.0
        let small = x / 64
        for n in 1...12 {
            term *= small / Double(n)
            sum += term
        }
        for _ in 0..<6 { sum *= sum }
        return sum
    }

    // MARK: Votes and the histogram

    /// One edge pixel's vote: where it is (from the picture's centre), its gradient's direction
    /// folded to within ±45° (degrees), whether it lies along a row (a near-level edge) or a
    /// column, whether it rises (light below or to the right), and its weight (the gradient's magnitude).
    struct Vote {
        var x: Double
        var y: Double
        var degrees: Double
        var alongRow: Bool
        var rising: Bool
        var weight: Double
    }

    /// The votes of every pixel steep enough to be an edge (the one-pixel border has no full neighbourhood).
    static func edgeVotes(width: Int, height: Int, luminance p: [Float]) -> [Vote] {
        var votes: [Vote] = []
        let threshold2 = edgeThreshold * edgeThreshold
        let (gradientX, gradientY) = Scharr.gradients(p, width: width, height: height)
        for y in 1..<(height - 1) {
            for x in 1..<(width - 1) {
                let i = y * width + x
                let gx = gradientX[i], gy = gradientY[i]
                let m2 = gx * gx + gy * gy
                guard m2 >= threshold2, m2.isFinite else { continue }
                let x2 = Double(gx), y2 = Double(gy), n = Double(m2)
                // The quadrupled angle from the vector itself: folding to ±45° is then atan2's range.
                let cos2 = (x2 * x2 - y2 * y2) / n, sin2 = 2 * x2 * y2 / n
                let cos4 = cos2 * cos2 - sin2 * sin2, sin4 = 2 * sin2 * cos2
                let degrees = Trigonometry.arctangent2(sin4, cos4) * 45 / Trigonometry.pi
                votes.append(
                    Vote(
                        x: Double(x) - Double(width - 1) / 2, y: Double(y) - Double(height - 1) / 2,
                        degrees: degrees, alongRow: abs(gy) > abs(gx),
                        rising: abs(gy) > abs(gx) ? gy > 0 : gx > 0, weight: n.squareRoot()))
            }
        }
        return votes
    }

    /// The dominant lines' estimate from the votes, or nil when they are not lines.
    static func strongestLines(in votes: [Vote], shorterSide: Int) -> LevelEstimate? {
        let bins = Int((90 / binWidth).rounded())
        var histogram = [Double](repeating: 0, count: bins)
        var total = 0.0
        for vote in votes {
            histogram[bin(vote.degrees, bins: bins)] += vote.weight
            total += vote.weight
        }
        guard total > 0 else { return nil }
        let smoothed = smoothedCircularly(histogram)
        let reach = Int((searchLimit / binWidth).rounded())
        var peak = 0, peakValue = -1.0
        for offset in -reach..<reach {
            // Bin `bins / 2 + offset` holds the directions from offset × binWidth up.
            let value = smoothed[(bins / 2 + offset + bins) % bins]
            if value > peakValue { peak = offset; peakValue = value }
        }
        let candidate = (Double(peak) + 0.5) * binWidth
        // Every edge pixel projects, not only those whose own direction is near the candidate:
        // choosing by local direction would choose, off the true angle, the one-sided parts of
        // short or blurred features and pull the profile's peak towards the candidate.
        let tilt = sharpestProjection(of: votes, around: candidate)
        let projected = Projected(sampled(votes, atMost: 20_000))
        let away = (projectionSharpness(of: projected, tilt: tilt - 5) + projectionSharpness(of: projected, tilt: tilt + 5)) / 2
        let sharpening = away > 0 ? projectionSharpness(of: projected, tilt: tilt) / away : 0
        let strength = votes.reduce(0.0) { $0 + (folded($1.degrees - tilt).magnitude <= window ? $1.weight : 0) }
        let support = strength / Double(max(shorterSide, 1))
        guard abs(tilt) <= searchLimit, sharpening >= minimumSharpening, support >= minimumSupport else { return nil }
        return LevelEstimate(
            correction: StraightenAngle(degrees: -tilt), tilt: tilt, sharpening: sharpening,
            concentration: strength / total, support: support)
    }

    /// A direction difference brought within ±45° (directions repeat every 90°).
    static func folded(_ degrees: Double) -> Double {
        var d = degrees.truncatingRemainder(dividingBy: 90)
        if d > 45 { d -= 90 } else if d < -45 { d += 90 }
        return d
    }

    /// The bin of a folded direction, bins running from −45° upwards and wrapping.
    private static func bin(_ degrees: Double, bins: Int) -> Int {
        let index = Int(((degrees + 45) / binWidth).rounded(.down))
        return ((index % bins) + bins) % bins
    }

    /// The histogram smoothed by a Gaussian of 0.3° (3 bins), wrapping round, so one line's
    /// votes, spread by anti-aliasing, make one peak.
    private static func smoothedCircularly(_ histogram: [Double]) -> [Double] {
        let kernel: [Double] = (-9...9).map { d in
            let t = Double(d) / 3
            return exponential(-t * t / 2)
        }
        let n = histogram.count
        var out = [Double](repeating: 0, count: n)
        for i in 0..<n {
            var sum = 0.0
            for (k, weight) in kernel.enumerated() { sum += weight * histogram[(i + k - 9 + n) % n] }
            out[i] = sum
        }
        return out
    }

    // MARK: Projection profiles

    /// The edge pixels the projections use, as plain arrays, in four groups: near-level edges
    /// (projected across rows) and near-plumb ones (across columns), each rising and falling.
    /// Keeping the two sides of a window or a gap apart matters: in one profile, the left side of
    /// one and the right side of a neighbour a few pixels off would line up at a slightly wrong
    /// angle and pull the sharpest profile there.
    struct Projected {
        struct Group { var x: [Double] = [], y: [Double] = [], weight: [Double] = [] }
        /// Rows rising, rows falling, columns rising, columns falling.
        var groups = [Group](repeating: Group(), count: 4)
        var extent = 1.0

        init(_ votes: [Vote]) {
            for vote in votes {
                extent = max(extent, abs(vote.x) + abs(vote.y))
                let index = (vote.alongRow ? 0 : 2) + (vote.rising ? 0 : 1)
                groups[index].x.append(vote.x)
                groups[index].y.append(vote.y)
                groups[index].weight.append(vote.weight * vote.weight)
            }
        }
    }

    /// The tilt near `candidate` at which the votes' lines project most sharply: steps of 0.25°
    /// over ±`searchSpan`, then of 0.05° and 0.01° about the best, then a parabola through the
    /// best three. The coarse steps only find the peak's slope, so they use at most about 8,000
    /// of the votes (every n-th), the fine ones about 20,000, which keeps a page of text or a
    /// picture of noise nearly as quick as a horizon.
    static func sharpestProjection(of votes: [Vote], around candidate: Double) -> Double {
        let coarse = Projected(sampled(votes, atMost: 8_000)), all = Projected(sampled(votes, atMost: 20_000))
        var best = candidate
        for (step, count, projected) in [(0.25, Int((searchSpan / 0.25).rounded()), coarse), (0.05, 4, all), (0.01, 4, all)] {
            let scores = (-count...count).map { i -> (tilt: Double, score: Double) in
                let tilt = best + Double(i) * step
                return (tilt, projectionSharpness(of: projected, tilt: tilt))
            }
            let top = scores.indices.max { scores[$0].score < scores[$1].score }!
            best = scores[top].tilt
            if step == 0.01, top > 0, top < scores.count - 1 {
                let (a, b, c) = (scores[top - 1].score, scores[top].score, scores[top + 1].score)
                let curvature = a - 2 * b + c
                if curvature < 0 { best += step * 0.5 * (a - c) / curvature }
            }
        }
        return best
    }

    /// Every n-th vote, so that at most about `limit` remain (all of them when there are fewer).
    static func sampled(_ votes: [Vote], atMost limit: Int) -> [Vote] {
        let stride = votes.count / limit + 1
        guard stride > 1 else { return votes }
        return Swift.stride(from: 0, to: votes.count, by: stride).map { votes[$0] }
    }

    /// A Gaussian of σ 0.8 pixel over five bins, tabulated for 64 sub-bin positions. Its sum of
    /// squares is the same (to 0.5 %) wherever a point falls between bins: with simple linear
    /// sharing a line exactly on half-pixels would score half, and the search would prefer a
    /// slight tilt that puts it on whole pixels.
    static let spread: [Double] = (0...64).flatMap { step -> [Double] in
        let f = Double(step) / 64
        let taps = (-2...2).map { exponential(-(Double($0) - f) * (Double($0) - f) / 1.28) }
        let total = taps.reduce(0, +)
        return taps.map { $0 / total }
    }

    /// How sharply the lines collapse when projected across lines tilted clockwise by `tilt`
    /// degrees: near-level edges across rows, near-plumb edges across columns, each spread over
    /// one-pixel bins by `spread`; the sum of squares of the four profiles' detail.
    static func projectionSharpness(of projected: Projected, tilt: Double) -> Double {
        let (s, c) = Trigonometry.sineCosine(degrees: tilt)
        let offset = projected.extent.rounded(.up) + 16
        let size = Int(2 * offset) + 20
        var sum = 0.0
        for (index, group) in projected.groups.enumerated() {
            // A level line tilted clockwise runs along (c, s), its normal (−s, c); a plumb line
            // tilted alike runs along (−s, c), its normal (c, s).
            let (alongX, alongY) = index < 2 ? (-s, c) : (c, s)
            sum += profile(group.x, group.y, group.weight, alongX: alongX, alongY: alongY, offset: offset, size: size)
        }
        return sum
    }

    /// The sum of squares of the profile of points projected on (alongX, alongY).
    private static func profile(
        _ xs: [Double], _ ys: [Double], _ weights: [Double],
        alongX: Double, alongY: Double, offset: Double, size: Int
    ) -> Double {
        var bins = [Double](repeating: 0, count: size)
        bins.withUnsafeMutableBufferPointer { b in
            xs.withUnsafeBufferPointer { x in
                ys.withUnsafeBufferPointer { y in
                    weights.withUnsafeBufferPointer { w in
                        spread.withUnsafeBufferPointer { table in
                            for i in 0..<x.count {
                                let position = alongX * x[i] + alongY * y[i] + offset
                                let low = Int(position.rounded(.down))
                                let row = Int(((position - Double(low)) * 64).rounded()) * 5
                                for t in 0..<5 { b[low - 2 + t] += w[i] * table[row + t] }
                            }
                        }
                    }
                }
            }
        }
        // Only what stands out of its neighbourhood counts: the profile less its blur (two
        // passes of a 9-bin moving average, about a Gaussian of σ 3.7 bins). A block of many
        // short edges makes a broad hump whose height changes slowly with the angle, by the
        // block's shape rather than its lines; unfiltered it can outweigh the lines' peaks.
        let smooth = movingAverage(movingAverage(bins, radius: 4), radius: 4)
        var sum = 0.0
        for i in bins.indices {
            let detail = bins[i] - smooth[i]
            sum += detail * detail
        }
        return sum
    }

    /// The mean of each value's neighbourhood of ±`radius` (zeros beyond the ends).
    private static func movingAverage(_ values: [Double], radius: Int) -> [Double] {
        var out = [Double](repeating: 0, count: values.count)
        var window = 0.0
        let scale = 1 / Double(2 * radius + 1)
        values.withUnsafeBufferPointer { v in
            out.withUnsafeMutableBufferPointer { o in
                for i in 0..<min(radius, v.count) { window += v[i] }
                for i in 0..<v.count {
                    if i + radius < v.count { window += v[i + radius] }
                    if i - radius - 1 >= 0 { window -= v[i - radius - 1] }
                    o[i] = window * scale
                }
            }
        }
        return out
    }
}
