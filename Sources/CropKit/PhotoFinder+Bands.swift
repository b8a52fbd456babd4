// Find Photos' prints cut in bands: pieces that line up exactly, side for side, are one print whose colours met the lid's.

extension PhotoFinder {
    /// The most two pieces of one print may differ in tilt, in degrees.
    static let bandTilt = 0.5
    /// How far a band's sides may stray from its neighbour's, as a share of their length, and in pixels.
    static let bandAlignment = 0.02
    static let bandSlack = 2.0
    /// The widest gap between two bands of one print, as a share of the whole print's length across
    /// them, and of the scan's shorter side (prints pushed against the scanner's edge, lined up, lie further apart).
    static let bandGap = 0.15
    static let bandGapInScan = 0.02

    /// `prints` with every two that are bands of one print joined: as tilted as each other, their
    /// sides running on from one to the other, a narrow gap between them. Prints laid by hand are
    /// never lined up so exactly.
    static func joiningBands(_ prints: [FoundPrint], shorterSide: Int) -> [FoundPrint] {
        var prints = prints
        var joined = true
        while joined {
            joined = false
            search: for i in prints.indices {
                for j in prints.indices where j > i {
                    let widest = bandGapInScan * Double(shorterSide)
                    guard let whole = band(prints[i], prints[j], widest) ?? band(prints[j], prints[i], widest) else { continue }
                    prints[i] = whole
                    prints.remove(at: j)
                    joined = true
                    break search
                }
            }
        }
        return prints
    }

    /// The print `a` and `b` make when `b` continues `a` along `a`'s y axis (or x axis), else nil.
    private static func band(_ a: FoundPrint, _ b: FoundPrint, _ widest: Double) -> FoundPrint? {
        guard abs(a.tilt - b.tilt) <= bandTilt else { return nil }
        let (s, c) = Trigonometry.sineCosine(degrees: a.tilt)
        let frame = b.corners.map { p -> (u: Double, v: Double) in
            let dx = p.x - a.centre.x, dy = p.y - a.centre.y
            return (dx * c + dy * s, -dx * s + dy * c)
        }
        let u = (frame.map(\.u).min()!, frame.map(\.u).max()!), v = (frame.map(\.v).min()!, frame.map(\.v).max()!)
        for alongY in [true, false] {
            let (side, length) = alongY ? (u, v) : (v, u)
            let (half, halfLength) = alongY ? (a.width / 2, a.height / 2) : (a.height / 2, a.width / 2)
            let slack = bandAlignment * 2 * half + bandSlack
            guard abs(side.0 + half) <= slack, abs(side.1 - half) <= slack else { continue }
            let low = min(length.0, -halfLength), high = max(length.1, halfLength)
            let gap = max(length.0 - halfLength, -halfLength - length.1)
            guard gap >= -bandSlack, gap <= min(bandGap * (high - low), widest) else { continue }
            let middle = (low + high) / 2
            let shift = alongY ? (x: -middle * s, y: middle * c) : (x: middle * c, y: middle * s)
            return FoundPrint(
                centre: CropPoint(x: a.centre.x + shift.x, y: a.centre.y + shift.y),
                width: alongY ? a.width : high - low, height: alongY ? high - low : a.height, tilt: a.tilt)
        }
        return nil
    }
}
