// Find Photos' touching prints: a ragged piece worn down until it falls apart at its waist, each part grown back.

/// Splits a piece of the mask that two or more touching prints make.
///
/// The method. Each pixel's distance to the piece's edge (a chessboard distance, two passes) says
/// how deep inside it lies; the piece worn down to ever deeper pixels falls apart at its
/// narrowest waist first. At the first depth where it holds several parts of a print's least
/// area, those parts are the seeds, and every pixel of the piece goes to the seed it reaches
/// first within the piece (the parts grown back together, breadth first), so each print gets its
/// own pixels back up to the line where they touch; only the part's edges on the lid outline it.
enum PhotoSplit {
    /// How many depths are tried, evenly up to the piece's deepest pixel.
    static let depths = 24

    /// The parts of `piece` (a piece of `mask`), or none when wearing it down never parts it.
    static func halves(of piece: PhotoMask.Piece, in mask: PhotoMask) -> [PhotoMask.Piece] {
        let least = Double(mask.width * mask.height) * PhotoFinder.minimumArea / 2
        // Worked on in the piece's own box, a pixel of margin round it.
        let xs = piece.members.map { $0 % mask.width }, ys = piece.members.map { $0 / mask.width }
        guard let left = xs.min(), let right = xs.max(), let top = ys.min(), let bottom = ys.max() else { return [] }
        let width = right - left + 3, height = bottom - top + 3
        var local = PhotoMask(width: width, height: height, pixels: [Bool](repeating: false, count: width * height))
        let members = zip(xs, ys).map { (x, y) in (y - top + 1) * width + x - left + 1 }
        for index in members { local.pixels[index] = true }
        let depth = distances(members: members, inside: local.pixels, width: width)
        let deepest = members.map { depth[$0] }.max() ?? 0
        var chosen: [[Int]] = []
        for step in 1...depths {
            let level = deepest * step / (depths + 1)
            guard level > 0 else { continue }
            var worn = local
            worn.pixels = [Bool](repeating: false, count: width * height)
            for index in members where depth[index] > level { worn.pixels[index] = true }
            let parts = worn.pieces().filter { Double($0.area) >= least }.map(\.members)
            if parts.count >= 2 {
                chosen = parts
                break
            }
        }
        guard chosen.count >= 2 else { return [] }
        let grown = grownBack(chosen, inside: local.pixels, width: width, height: height)
        // Each part's outline is where it meets the lid: the line where prints touch, shared, says
        // nothing of either's edges.
        return grown.map { part in
            mask.piece(part.map { index in (index / width + top - 1) * mask.width + index % width + left - 1 })
        }
    }

    /// Each member's chessboard distance to the nearest pixel outside the piece (two passes).
    private static func distances(members: [Int], inside: [Bool], width: Int) -> [Int] {
        let span = 0...(inside.count - 1)
        var depth = [Int](repeating: 0, count: inside.count)
        for index in members { depth[index] = Int.max / 2 }
        let count = inside.count
        func at(_ i: Int, _ dx: Int, _ dy: Int) -> Int {
            let x = i % width + dx, j = i + dy * width + dx
            guard x >= 0, x < width, j >= 0, j < count else { return 0 }
            return depth[j]
        }
        for i in span where inside[i] {
            depth[i] = min(depth[i], min(at(i, -1, 0), at(i, -1, -1), at(i, 0, -1), at(i, 1, -1)) + 1)
        }
        for i in span.reversed() where inside[i] {
            depth[i] = min(depth[i], min(at(i, 1, 0), at(i, 1, 1), at(i, 0, 1), at(i, -1, 1)) + 1)
        }
        return depth
    }

    /// The piece's pixels shared among the seeds: each to the one whose growth reaches it first.
    private static func grownBack(_ seeds: [[Int]], inside: [Bool], width: Int, height: Int) -> [[Int]] {
        var owner = [Int](repeating: -1, count: inside.count)
        var front: [Int] = []
        for (label, seed) in seeds.enumerated() {
            for index in seed {
                owner[index] = label
                front.append(index)
            }
        }
        while !front.isEmpty {
            var next: [Int] = []
            for index in front {
                let x = index % width, y = index / width
                for neighbour in [
                    x > 0 ? index - 1 : -1, x < width - 1 ? index + 1 : -1, y > 0 ? index - width : -1,
                    y < height - 1 ? index + width : -1,
                ]
                where neighbour >= 0 && inside[neighbour] && owner[neighbour] < 0 {
                    owner[neighbour] = owner[index]
                    next.append(neighbour)
                }
            }
            front = next
        }
        var parts = [[Int]](repeating: [], count: seeds.count)
        for (index, label) in owner.enumerated() where label >= 0 { parts[label].append(index) }
        return parts
    }
}

extension PhotoSplit {
    /// The least depth of a notch, as a share of the piece's longer side; and of the notches that
    /// part a piece already shaped like one print (a print's own bands parted so are joined again).
    static let minimumNotch = 0.02
    static let deepNotch = 0.015

    /// The parts of `piece` on either side of the line through its two deepest notches (where the
    /// outline falls furthest inside its hull, under two different sides of the hull): two prints
    /// lying side against side along a stretch meet at two such notches. None without two notches.
    static func cut(of piece: PhotoMask.Piece, in mask: PhotoMask, notch: Double = minimumNotch) -> [PhotoMask.Piece] {
        let two = notches(of: piece, least: notch).prefix(2)
        guard two.count == 2 else { return [] }
        return parts(of: piece, in: mask, through: two[0], two[1])
    }

    /// The two ways of parting `piece` through its deepest notch along the axes of a rectangle turned
    /// by `tilt` degrees (its own, or a print's it holds): two prints of nearly one tilt lying side
    /// against side, where they meet flush along one end, make a single notch at the other, and the
    /// side running on from it is the line between them. None without a notch.
    static func cuts(of piece: PhotoMask.Piece, in mask: PhotoMask, tilt: Double, notch: Double) -> [[PhotoMask.Piece]] {
        guard let p = notches(of: piece, least: notch).first else { return [] }
        let (s, c) = Trigonometry.sineCosine(degrees: tilt)
        return [(c, s), (-s, c)].map { parts(of: piece, in: mask, through: p, CropPoint(x: p.x + $0.0, y: p.y + $0.1)) }
            .filter { $0.count == 2 }
    }

    /// The notches of `piece`, deepest first: under each side of its hull, the outline's point
    /// furthest inside it, when at least `least` of the piece's longer side deep.
    static func notches(of piece: PhotoMask.Piece, least: Double) -> [CropPoint] {
        let hull = RotatedRectangle.hull(piece.outline)
        guard hull.count >= 3 else { return [] }
        let xs = piece.outline.map(\.x), ys = piece.outline.map(\.y)
        let longer = max(xs.max()! - xs.min()!, ys.max()! - ys.min()!)
        // Each outline point belongs under the side of the hull it lies nearest; each side's deepest point is its notch.
        var deepest = [(point: CropPoint, depth: Double)?](repeating: nil, count: hull.count)
        for p in piece.outline {
            var nearest: (side: Int, depth: Double)?
            for (i, a) in hull.enumerated() {
                let depth = distance(p, a, hull[(i + 1) % hull.count])
                if depth < nearest?.depth ?? .infinity { nearest = (i, depth) }
            }
            if let nearest, nearest.depth > deepest[nearest.side]?.depth ?? 0 { deepest[nearest.side] = (p, nearest.depth) }
        }
        return deepest.compactMap { $0 }.filter { $0.depth >= least * longer }.sorted { $0.depth > $1.depth }.map(\.point)
    }

    /// The parts of `piece` on either side of the line through `p` and `q`; none when one side is empty.
    static func parts(of piece: PhotoMask.Piece, in mask: PhotoMask, through p: CropPoint, _ q: CropPoint) -> [PhotoMask.Piece] {
        var sides: [[Int]] = [[], []]
        for index in piece.members {
            let x = Double(index % mask.width) + 0.5, y = Double(index / mask.width) + 0.5
            let side = (q.x - p.x) * (y - p.y) - (q.y - p.y) * (x - p.x)
            sides[side < 0 ? 0 : 1].append(index)
        }
        guard sides.allSatisfy({ !$0.isEmpty }) else { return [] }
        return sides.map(mask.piece)
    }

    /// The distance from `p` to the segment a–b.
    static func distance(_ p: CropPoint, _ a: CropPoint, _ b: CropPoint) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length2 = dx * dx + dy * dy
        let t = length2 > 0 ? min(max(((p.x - a.x) * dx + (p.y - a.y) * dy) / length2, 0), 1) : 0
        let (x, y) = (a.x + t * dx - p.x, a.y + t * dy - p.y)
        return (x * x + y * y).squareRoot()
    }
}
