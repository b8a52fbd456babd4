// Where a picture's leaning verticals meet: the point most near-vertical lines pass through, refined by least squares.

/// The vanishing point of a picture's verticals, from its near-vertical lines.
///
/// Points and lines are homogeneous, measured from the picture's centre in units of its diagonal
/// (so a point at infinity, where parallel verticals meet, is as easy as any other): a line through
/// two lines' common point V has l · V = 0. Every pair of near-vertical lines proposes its crossing
/// as V; the proposal most of the lines' length agrees with (each line's direction within
/// `agreement` of the direction from its middle to V) wins, and V is then the least-squares point
/// of the lines that agree: the unit vector V making Σ length · (l · V)² least, the eigenvector of
/// least eigenvalue of Σ length · l·lᵀ (with each l scaled to a unit normal, l · V is the distance
/// from V to the line, or for V near infinity the sine of the angle between them).
struct VerticalVanishingPoint {
    /// The point, homogeneous, from the centre in diagonals (z = 0 for parallel verticals).
    var point: Vector3
    /// How many lines pass through it, and their total length in working pixels.
    var lines: Int
    var length: Double

    /// How far from plumb a line may lean and count as a vertical, in degrees.
    static let lean = 30.0
    /// How far a vertical's direction may differ from the direction to the point and agree, in degrees.
    static let agreement = 1.0
    /// The least number of verticals, and their least total length as a fraction of the picture's height.
    static let minimumLines = 2
    static let minimumLength = 0.5

    /// A vertical as a homogeneous line, with where its edge runs.
    struct Vertical {
        var line: Vector3
        /// Its middle (the mean of its supported samples) from the centre in diagonals, and its unit direction.
        var middle: (x: Double, y: Double)
        var direction: (x: Double, y: Double)
        var length: Double
    }

    /// The verticals' point in a picture's found lines, or nil with too few verticals.
    init?(lines found: [FoundLine], width: Double, height: Double) {
        let verticals = VerticalVanishingPoint.verticals(found, width: width, height: height)
        let (sineAgreement, _) = Trigonometry.sineCosine(degrees: VerticalVanishingPoint.agreement)
        var best: (weight: Double, agreeing: [Int])?
        for i in verticals.indices {
            for j in verticals.indices where j > i {
                let candidate = verticals[i].line.cross(verticals[j].line)
                guard candidate.length > 0 else { continue }
                let agreeing = verticals.indices.filter {
                    VerticalVanishingPoint.sine(verticals[$0], candidate) <= sineAgreement
                }
                let weight = agreeing.reduce(0) { $0 + verticals[$1].length }
                if weight > best?.weight ?? 0 { best = (weight, agreeing) }
            }
        }
        guard let best, best.agreeing.count >= VerticalVanishingPoint.minimumLines,
            best.weight >= VerticalVanishingPoint.minimumLength * height
        else { return nil }
        var matrix = SymmetricMatrix3()
        for index in best.agreeing { matrix.add(verticals[index].line, weight: verticals[index].length) }
        guard var point = matrix.smallestEigenvector() else { return nil }
        // Below the picture or above it alike: keep z ≥ 0 so the point reads the same either way.
        if point.z < 0 { point = point * -1 }
        self.point = point
        lines = best.agreeing.count
        length = best.weight
    }

    /// The sine of the angle between a vertical's direction and the direction from its middle to `v`.
    static func sine(_ vertical: Vertical, _ v: Vector3) -> Double {
        let dx = v.x - vertical.middle.x * v.z, dy = v.y - vertical.middle.y * v.z
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return 0 }
        return abs(vertical.direction.x * dy - vertical.direction.y * dx) / length
    }

    /// The found lines within `lean` of plumb, as homogeneous lines from the centre in diagonals,
    /// each with the length and middle of the stretch an edge runs along it.
    static func verticals(_ found: [FoundLine], width: Double, height: Double) -> [Vertical] {
        let diagonal = (width * width + height * height).squareRoot()
        let (sineLean, _) = Trigonometry.sineCosine(degrees: lean)
        return found.compactMap { found in
            let line = found.line
            // A plumb line's normal is horizontal: |ny| is the sine of its lean.
            guard abs(line.ny) <= sineLean, let (middle, length) = supportedStretch(found) else { return nil }
            let offset = line.offset - line.nx * width / 2 - line.ny * height / 2
            return Vertical(
                line: Vector3(line.nx, line.ny, -offset / diagonal),
                middle: ((middle.x - width / 2) / diagonal, (middle.y - height / 2) / diagonal),
                direction: (-line.ny, line.nx), length: length)
        }
    }

    /// The middle of the samples along the line where an edge runs, and how many there are.
    static func supportedStretch(_ found: FoundLine) -> (CropPoint, Double)? {
        let support = found.support
        var sum = 0.0, count = 0.0
        for k in 0..<(support.brighter.count - 1) {
            let edge = support.brighter[k + 1] > support.brighter[k] || support.darker[k + 1] > support.darker[k]
            if edge {
                sum += support.start + Double(k)
                count += 1
            }
        }
        guard count > 0 else { return nil }
        return (found.line.point(sum / count), count)
    }
}
