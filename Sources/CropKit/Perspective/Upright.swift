// Upright: leaning verticals made parallel and the horizon level, from the picture's lines or two drawn ones, crop inside.

/// What Upright does to a picture.
public struct UprightCorrection: Hashable, Sendable {
    /// How the correction was found.
    public enum Kind: Hashable, Sendable {
        /// From this many of the picture's lines that lean towards one vanishing point.
        case verticals(Int)
        /// From two lines drawn as verticals.
        case guided
        /// Only turned to level its dominant lines (too few verticals to go by).
        case levelled(StraightenAngle)
    }

    public var kind: Kind
    /// The map from the picture's pixels to the corrected picture's (the same scale near the centre).
    public var homography: Homography
    /// The largest rectangle of the picture's own ratio inside the corrected picture, in its pixels.
    public var crop: CropRect
    /// That rectangle's quadrilateral on the picture and its size in pixels: what the export makes.
    public var rectification: Rectification
}

/// What Upright found.
public enum UprightResult: Hashable, Sendable {
    case corrected(UprightCorrection)
    /// The picture has no lines to go by: nothing changes.
    case noLines
}

/// Upright, as Lightroom's Upright "Vertical": the picture's near-vertical lines are found
/// (`HoughLines`), the point they lean towards (`VerticalVanishingPoint`), and the camera is
/// turned, in the picture, so that point goes to infinity straight down (`UprightGeometry`): the
/// verticals come out parallel and plumb and the horizon level. With too few verticals it levels
/// the picture by its dominant lines (`LevelEstimator`) instead; with neither it changes nothing.
/// The result is cropped to the largest rectangle of the picture's ratio inside it.
public enum Upright {
    /// The most lines the search looks at: buildings have many (every column of windows is one).
    static let lineLimit = 60
    /// The least edge pixels a line needs, as a fraction of the picture's shorter side.
    static let minimumLineVotes = 0.1

    /// The correction of a `width × height` picture of 8-bit luminance (row by row, as shown), or
    /// of the `picture` it is a thumbnail of (the answer then in the picture's pixels).
    /// `focalLength`: the lens's, in pixels of the picture, when known (from EXIF); otherwise a
    /// usual one is assumed (it changes only how much the far parts are widened).
    public static func correction(
        width: Int, height: Int, luminance: [UInt8], picture: PixelSize? = nil, focalLength: Double? = nil
    ) -> UprightResult {
        guard width >= 16, height >= 16, width <= Int.max / height, luminance.count == width * height else { return .noLines }
        let picture = picture ?? PixelSize(width: width, height: height)
        guard picture.width >= 1, picture.height >= 1 else { return .noLines }
        let floats = EdgeField.unit(luminance)
        let (w, h, pixels) = LevelEstimator.reduced(width: width, height: height, luminance: floats)
        // Working pixels → the picture's: the whole factor of the averaging, then the thumbnail's scale.
        let factor = Double((max(width, height) + LevelEstimator.workingSize - 1) / LevelEstimator.workingSize)
        let scale = (factor * Double(picture.width) / Double(width), factor * Double(picture.height) / Double(height))
        let edges = EdgeField(width: w, height: h, luminance: pixels)
        let lines = HoughLines.lines(in: edges, limit: lineLimit, minimumVotes: minimumLineVotes * Double(min(w, h)))
        if let vanishing = VerticalVanishingPoint(lines: lines, width: Double(w), height: Double(h)),
            let point = rescaled(vanishing.point, from: (Double(w), Double(h)), by: scale, to: picture)
        {
            if let correction = corrected(point, picture: picture, focalLength: focalLength, kind: .verticals(vanishing.lines)) {
                return .corrected(correction)
            }
        }
        guard let level = LevelEstimator.suggestion(width: width, height: height, luminance: luminance), !level.isZero else {
            return .noLines
        }
        let turn = UprightGeometry.levelling(degrees: level.degrees, width: Double(picture.width), height: Double(picture.height))
        return finished(turn, picture: picture, kind: .levelled(level)).map(UprightResult.corrected) ?? .noLines
    }

    /// The correction that makes two lines drawn on a `picture` (each from one point to another, in
    /// its pixels) vertical and parallel; `.noLines` when they are one line or a point.
    public static func guided(
        _ first: (CropPoint, CropPoint), _ second: (CropPoint, CropPoint), picture: PixelSize, focalLength: Double? = nil
    ) -> UprightResult {
        let w = Double(picture.width), h = Double(picture.height)
        let diagonal = (w * w + h * h).squareRoot()
        func line(_ a: CropPoint, _ b: CropPoint) -> Vector3 {
            Vector3((a.x - w / 2) / diagonal, (a.y - h / 2) / diagonal, 1)
                .cross(Vector3((b.x - w / 2) / diagonal, (b.y - h / 2) / diagonal, 1))
        }
        let l1 = line(first.0, first.1), l2 = line(second.0, second.1)
        let point = l1.cross(l2)
        guard diagonal > 0, l1.length > 0, l2.length > 0, point.length > 1e-12 * l1.length * l2.length,
            let correction = corrected(point * (1 / point.length), picture: picture, focalLength: focalLength, kind: .guided)
        else { return .noLines }
        return .corrected(correction)
    }

    /// A homogeneous point from the working picture's centre in its diagonals, the same point from
    /// the centre of the picture, `scale` times larger each way, in its diagonals (unit length).
    static func rescaled(
        _ v: Vector3, from working: (Double, Double), by scale: (Double, Double), to picture: PixelSize
    )
        -> Vector3?
    {
        let small = (working.0 * working.0 + working.1 * working.1).squareRoot()
        let w = Double(picture.width), h = Double(picture.height), large = (w * w + h * h).squareRoot()
        // In working pixels (x, y, z), then the picture's: x and y scale by the factors.
        let x = (v.x * small + working.0 / 2 * v.z) * scale.0, y = (v.y * small + working.1 / 2 * v.z) * scale.1
        let point = Vector3((x - w / 2 * v.z) / large, (y - h / 2 * v.z) / large, v.z)
        return point.length > 0 ? point * (1 / point.length) : nil
    }

    /// The correction that sends `point` (homogeneous, from the centre in diagonals) to infinity below.
    static func corrected(
        _ point: Vector3, picture: PixelSize, focalLength: Double?, kind: UprightCorrection.Kind
    )
        -> UprightCorrection?
    {
        let w = Double(picture.width), h = Double(picture.height)
        let diagonal = (w * w + h * h).squareRoot()
        let focal =
            focalLength.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? PerspectiveProportions.assumedFocalLength * diagonal
        guard let turn = UprightGeometry.turning(point, focal: focal, width: w, height: h) else { return nil }
        return finished(turn, picture: picture, kind: kind)
    }

    /// The correction `turn` with its largest crop of the picture's ratio and that crop's
    /// quadrilateral on the picture (moved onto the picture where rounding put it a hair outside).
    static func finished(_ turn: Homography, picture: PixelSize, kind: UprightCorrection.Kind) -> UprightCorrection? {
        let w = Double(picture.width), h = Double(picture.height)
        let corrected = PerspectiveQuad(wholePictureOf: picture).corners.map { turn.applied(to: $0) }
        guard let crop = UprightGeometry.largestRectangle(ratio: w / h, inside: corrected), let back = turn.inverse else {
            return nil
        }
        let corners = [
            CropPoint(x: crop.minX, y: crop.minY), CropPoint(x: crop.maxX, y: crop.minY),
            CropPoint(x: crop.maxX, y: crop.maxY), CropPoint(x: crop.minX, y: crop.maxY),
        ].map { back.applied(to: $0) }.map { CropPoint(x: min(max($0.x, 0), w), y: min(max($0.y, 0), h)) }
        guard let quad = PerspectiveQuad(corners), quad.problem(in: picture) == nil else { return nil }
        let size = Rectification.whole(crop.width, crop.height)
        return UprightCorrection(kind: kind, homography: turn, crop: crop, rectification: Rectification(quad: quad, size: size))
    }
}
