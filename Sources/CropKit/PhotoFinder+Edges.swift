// Find Photos' edges: sides taken back past hairs and specks, then moved to where the scan crosses halfway from print to lid.

extension PhotoFinder {
    /// How far either side of a side's first place its edge is looked for, in pixels.
    static let edgeReach = 4.0
    /// How many profiles across each side are read, spread over its middle (its corners left out).
    static let edgeProfiles = 24
    /// How far from the side's median crossing a crossing may lie and still count for its lean, in pixels.
    static let edgeOutlier = 1.0
    /// How far from the lid's level, in tolerances, the scan just outside an edge may be and still be the lid
    /// (it is read unsmoothed, so its grain is wider than the tolerance allows for).
    static let lidSlack = 2.0
    /// The least difference between a profile's ends that places an edge, in tolerances; and between
    /// the ends of a side's profiles averaged, whose grain is far less.
    static let edgeContrast = 3.0
    static let faintContrast = 1.0

    /// `print` with each side moved onto the scan's own edge: across the side, at many places
    /// along it, where the luminance crosses halfway between the print's just inside and the lid's
    /// just outside (the median of those places); a side whose print meets the lid with too little
    /// contrast stays where the mask put it. The crossings' lean along each side turns the tilt
    /// the hull gave (a pixel's steps) to the edges' own, counting only those with the lid outside
    /// (`lid`: its level and tolerance). `luminance` is the scan's, unsmoothed.
    static func refined(
        _ print: FoundPrint, width: Int, height: Int, luminance: [UInt8], lid: (level: Int, tolerance: Int)
    ) -> FoundPrint {
        let (s, c) = Trigonometry.sineCosine(degrees: print.tilt)
        let across = (x: c, y: s), down = (x: -s, y: c)
        // Right, left, bottom, top: each side's outward normal, its distance from the centre, and its direction.
        let sides = [
            ((across.x, across.y), print.width / 2, (down.x, down.y), print.height),
            ((-across.x, -across.y), print.width / 2, (down.x, down.y), print.height),
            ((down.x, down.y), print.height / 2, (across.x, across.y), print.width),
            ((-down.x, -down.y), print.height / 2, (across.x, across.y), print.width),
        ]
        func value(_ x: Double, _ y: Double) -> Double? {
            let x0 = Int((x - 0.5).rounded(.down)), y0 = Int((y - 0.5).rounded(.down))
            guard x0 >= 0, y0 >= 0, x0 + 1 < width, y0 + 1 < height else { return nil }
            let fx = x - 0.5 - Double(x0), fy = y - 0.5 - Double(y0)
            let i = y0 * width + x0
            let top = Double(luminance[i]) * (1 - fx) + Double(luminance[i + 1]) * fx
            let bottom = Double(luminance[i + width]) * (1 - fx) + Double(luminance[i + width + 1]) * fx
            return top * (1 - fy) + bottom * fy
        }
        var moves: [Double] = []
        // Per side, how its edge leans from the side (offset per pixel along it) and how long it is,
        // and which way that lean turns the print (the right and top sides lean against the turn).
        var leans: [(lean: Double, weight: Double)] = []
        for (number, (normal, reach, along, length)) in sides.enumerated() {
            var offsets: [Double] = []
            var places: [Double] = []
            // Where the scan outside is the lid: a side against another print moves by where the two
            // prints' colours meet, but their line says nothing of its lean.
            var free: [Bool] = []
            var whole: [[Double]] = []
            for k in 0..<edgeProfiles {
                let t = (Double(k) + 0.5) / Double(edgeProfiles) * 0.8 - 0.4
                let base = (
                    x: print.centre.x + normal.0 * reach + along.0 * t * length,
                    y: print.centre.y + normal.1 * reach + along.1 * t * length
                )
                let steps = Int(edgeReach * 4)
                let profile = (-steps...steps).map { step -> Double? in
                    let d = Double(step) / 4
                    return value(base.x + normal.0 * d, base.y + normal.1 * d)
                }
                let known = profile.compactMap { $0 }
                if known.count == profile.count { whole.append(known) }
                if let found = crossing(known, count: profile.count, lid: lid) {
                    offsets.append(found.offset)
                    places.append(t * length)
                    free.append(found.onLid)
                }
            }
            guard offsets.count >= edgeProfiles / 3 else {
                moves.append(faintCrossing(whole, lid: lid) ?? 0)
                continue
            }
            let median = offsets.sorted()[offsets.count / 2]
            moves.append(median)
            let lid = offsets.indices.filter { free[$0] }
            if let lean = lean(lid.map { places[$0] }, lid.map { offsets[$0] }, median: median) {
                leans.append((number == 0 || number == 3 ? -lean : lean, length))
            }
        }
        var moved = print
        let weight = leans.map(\.weight).reduce(0, +)
        if weight > 0 {
            let turn = leans.map { $0.lean * $0.weight }.reduce(0, +) / weight
            moved.tilt += Trigonometry.arctangent2(turn, 1) * 180 / Trigonometry.pi
        }
        moved.width += moves[0] + moves[1]
        moved.height += moves[2] + moves[3]
        let shiftAcross = (moves[0] - moves[1]) / 2, shiftDown = (moves[2] - moves[3]) / 2
        moved.centre = CropPoint(
            x: print.centre.x + across.x * shiftAcross + down.x * shiftDown,
            y: print.centre.y + across.y * shiftAcross + down.y * shiftDown)
        return moved
    }

    /// Where a side's profiles, averaged, cross halfway between the print's level and the lid's, as an
    /// offset in pixels outwards: an edge too faint for each profile to tell (a light border on a
    /// white lid) shows in their mean, whose grain is far less. Nil with too few profiles, when the
    /// mean's outer end is not the lid, or its ends still differ too little.
    static func faintCrossing(_ profiles: [[Double]], lid: (level: Int, tolerance: Int)) -> Double? {
        guard profiles.count >= edgeProfiles / 2, let count = profiles.first?.count else { return nil }
        let mean = (0..<count).map { i in profiles.map { $0[i] }.reduce(0, +) / Double(profiles.count) }
        let tolerance = Double(lid.tolerance)
        let inside = mean.prefix(4).reduce(0, +) / 4, outside = mean.suffix(4).reduce(0, +) / 4
        guard abs(inside - outside) >= faintContrast * tolerance, abs(outside - Double(lid.level)) <= tolerance else {
            return nil
        }
        return crossing(mean, count: count, lid: lid, contrast: faintContrast)?.offset
    }

    /// The slope of a side's edge crossings against their places along it (least squares, after
    /// leaving out crossings further than `edgeOutlier` from the median), or nil with too few.
    private static func lean(_ places: [Double], _ offsets: [Double], median: Double) -> Double? {
        let kept = zip(places, offsets).filter { abs($0.1 - median) <= edgeOutlier }
        guard kept.count >= edgeProfiles / 3 else { return nil }
        let n = Double(kept.count)
        let mx = kept.map(\.0).reduce(0, +) / n, my = kept.map(\.1).reduce(0, +) / n
        let sxx = kept.map { ($0.0 - mx) * ($0.0 - mx) }.reduce(0, +)
        let sxy = kept.map { ($0.0 - mx) * ($0.1 - my) }.reduce(0, +)
        return sxx > 0 ? sxy / sxx : nil
    }

    /// Where a profile across an edge (inside to outside, quarter-pixel steps centred on the side's
    /// first place) crosses halfway between its ends, as an offset in pixels outwards; nil when the
    /// profile is cut short by the scan's edge or its ends differ too little to tell; with whether its
    /// outer end is the lid (else another print touching this one).
    private static func crossing(
        _ profile: [Double], count: Int, lid: (level: Int, tolerance: Int), contrast: Double = edgeContrast
    ) -> (offset: Double, onLid: Bool)? {
        guard profile.count == count, count >= 8 else { return nil }
        let inside = profile.prefix(4).reduce(0, +) / 4, outside = profile.suffix(4).reduce(0, +) / 4
        let tolerance = Double(lid.tolerance)
        guard abs(inside - outside) >= contrast * tolerance else { return nil }
        let onLid = abs(outside - Double(lid.level)) <= lidSlack * tolerance
        let half = (inside + outside) / 2
        let rising = outside > inside
        for i in 1..<count where (profile[i] >= half) == rising && (profile[i - 1] >= half) != rising {
            let a = profile[i - 1], b = profile[i]
            let fraction = b == a ? 0.5 : (half - a) / (b - a)
            return ((Double(i - 1) + fraction - Double(count / 2)) / 4, onLid)
        }
        return nil
    }
}

extension PhotoFinder {
    /// How far a side may stand out of the rows that are the print's own before it is taken back, in pixels.
    static let protrusionSlack = 2.0
    /// A row of pixels along a side is the print's own when it holds at least this share of a usual
    /// row (a print's colours meeting the lid's leave part of a row; a hair or a speck, a few pixels).
    static let fullRow = 0.2
    /// The same for a part of two touching prints.
    static let partRow = 0.5
    /// The most a side is taken back, as a share of the print's side across it.
    static let mostTrimmed = 0.1

    /// `print`, the least rectangle around `piece` (a pixel inside its outline), with each side taken
    /// back to the outermost row of the piece's pixels along it that holds `share` of a usual row (the
    /// median), when that lies further in than `protrusionSlack` and no further than `mostTrimmed`:
    /// a hair or a speck of dust joined to the print's edge widens the rectangle, not the print.
    static func trimmed(_ print: FoundPrint, _ piece: PhotoMask.Piece, rows share: Double = fullRow) -> FoundPrint {
        let (s, c) = Trigonometry.sineCosine(degrees: print.tilt)
        let half = (u: print.width / 2, v: print.height / 2)
        // Rows one pixel wide across each axis, a pixel of margin either side: row k holds k - 1 - half ..< k - half.
        var rows = (u: [Int](repeating: 0, count: Int(print.width) + 4), v: [Int](repeating: 0, count: Int(print.height) + 4))
        for index in piece.members {
            let dx = Double(index % piece.maskWidth) + 0.5 - print.centre.x
            let dy = Double(index / piece.maskWidth) + 0.5 - print.centre.y
            let u = Int(dx * c + dy * s + half.u + 1), v = Int(-dx * s + dy * c + half.v + 1)
            rows.u[min(max(u, 0), rows.u.count - 1)] += 1
            rows.v[min(max(v, 0), rows.v.count - 1)] += 1
        }
        func sides(_ rows: [Int], _ half: Double) -> (low: Double, high: Double) {
            let counts = rows.filter { $0 > 0 }.sorted()
            guard !counts.isEmpty, let first = rows.firstIndex(where: { Double($0) >= share * Double(counts[counts.count / 2]) }),
                let last = rows.lastIndex(where: { Double($0) >= share * Double(counts[counts.count / 2]) })
            else { return (-half, half) }
            let low = Double(first) - 1 - half, high = Double(last) - half
            let slack = (protrusionSlack, 2 * half * mostTrimmed)
            return (
                low > -half + slack.0 && low <= -half + slack.1 ? low : -half,
                high < half - slack.0 && high >= half - slack.1 ? high : half
            )
        }
        let u = sides(rows.u, half.u), v = sides(rows.v, half.v)
        var trimmed = print
        trimmed.width = u.high - u.low
        trimmed.height = v.high - v.low
        let (mu, mv) = ((u.low + u.high) / 2, (v.low + v.high) / 2)
        trimmed.centre = CropPoint(x: print.centre.x + mu * c - mv * s, y: print.centre.y + mu * s + mv * c)
        return trimmed
    }
}

extension PhotoFinder {
    /// `print` with each side that runs off the `width × height` scan moved in until its corners are
    /// on it: a print lying partly off the glass is the part of it that was scanned, its tilt kept.
    static func withinScan(_ print: FoundPrint, _ width: Int, _ height: Int) -> FoundPrint {
        var inside = print
        for _ in 0..<8 {
            // The corner furthest off the scan, how far and which way.
            var worst: (excess: Double, x: Double, y: Double)?
            for corner in inside.corners {
                let off = [
                    (-corner.x, -1.0, 0.0), (corner.x - Double(width), 1, 0), (-corner.y, 0, -1),
                    (corner.y - Double(height), 0, 1),
                ]
                for (excess, x, y) in off where excess > worst?.excess ?? 1e-6 { worst = (excess, x, y) }
            }
            guard let worst else { return inside }
            // The side facing that way most (its outward normal), moved in as far as that takes the corner back.
            let (s, c) = Trigonometry.sineCosine(degrees: inside.tilt)
            let sides = [(c, s, true), (-c, -s, true), (-s, c, false), (s, -c, false)]
            let facing = { (side: (Double, Double, Bool)) in side.0 * worst.x + side.1 * worst.y }
            guard let side = sides.max(by: { facing($0) < facing($1) }) else { return inside }
            let move = worst.excess / max(facing(side), 0.5)
            if side.2 { inside.width -= move } else { inside.height -= move }
            guard inside.width >= 1, inside.height >= 1 else { return print }
            inside.centre = CropPoint(x: inside.centre.x - side.0 * move / 2, y: inside.centre.y - side.1 * move / 2)
        }
        return inside
    }
}
