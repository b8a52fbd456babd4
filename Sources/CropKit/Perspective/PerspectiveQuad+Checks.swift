// What makes a quadrilateral unusable for a perspective correction, each a typed case with its data (worded by Wording).

/// Why a quadrilateral cannot be rectified, in the order the checks run.
public enum QuadProblem: Hashable, Sendable, Codable, Error {
    /// A corner is not a finite point of the picture (`0…width × 0…height`, edges included).
    case cornerOutside(PerspectiveQuad.Corner, CropPoint, picture: PixelSize)
    /// Two opposite sides cross: the corners are not in order around the shape.
    case crossesItself
    /// The corners go round anticlockwise on screen: the result would be mirrored.
    case counterclockwise
    /// This corner points inwards, or stands less than `PerspectiveQuad.minimumBend` off the line
    /// between its neighbours (a corner that is almost a straight side stretches the result without bound).
    case notConvex(PerspectiveQuad.Corner)
    /// The area, in square pixels, is under `minimum` (`PerspectiveQuad.minimumArea`).
    case tooSmall(area: Double, minimum: Double)
}

extension PerspectiveQuad {
    /// The least area of a quadrilateral that can be rectified, in square pixels: a 16-pixel
    /// square. Below it no page is legible and the rectified picture would be mostly interpolation.
    public static let minimumArea = 256.0
    /// How far each corner must stand outside the line between its two neighbours, as a fraction
    /// of the picture's shorter side (and never under one pixel). Measured as a distance, so that
    /// the corners a dragged corner may take form a convex region (`limited`).
    public static let minimumBendFraction = 0.002

    /// The least bend of a corner on a `size` picture, in pixels.
    public static func minimumBend(in size: PixelSize) -> Double {
        max(1, minimumBendFraction * Double(min(size.width, size.height)))
    }

    /// Why the quadrilateral cannot be rectified on a `size` picture, or nil when it can.
    public func problem(in size: PixelSize) -> QuadProblem? {
        let picture = PixelSize(width: max(size.width, 0), height: max(size.height, 0))
        for corner in Corner.allCases {
            let p = self[corner]
            guard p.x.isFinite, p.y.isFinite, p.x >= 0, p.y >= 0, p.x <= Double(picture.width), p.y <= Double(picture.height)
            else { return .cornerOutside(corner, p, picture: picture) }
        }
        if crossesItself { return .crossesItself }
        if signedArea < 0 { return .counterclockwise }
        let bends = Corner.allCases.map { (corner: $0, bend: bend(at: $0)) }
        if let worst = bends.min(by: { $0.bend < $1.bend }), worst.bend < PerspectiveQuad.minimumBend(in: picture) {
            return .notConvex(worst.corner)
        }
        let area = signedArea
        if area < PerspectiveQuad.minimumArea { return .tooSmall(area: area, minimum: PerspectiveQuad.minimumArea) }
        return nil
    }

    /// How far `corner` stands outside the line from its previous neighbour to its next, in pixels:
    /// positive for a corner of a clockwise convex shape, negative for one that points inwards.
    public func bend(at corner: Corner) -> Double {
        let p = self[corner.previous], x = self[corner], n = self[corner.next]
        let length = PerspectiveQuad.distance(p, n)
        guard length > 0 else { return 0 }
        return -PerspectiveQuad.cross(n.x - p.x, n.y - p.y, x.x - p.x, x.y - p.y) / length
    }

    /// Whether the top and bottom sides, or the left and right ones, cross each other.
    var crossesItself: Bool {
        let c = corners
        return PerspectiveQuad.segmentsCross(c[0], c[1], c[2], c[3]) || PerspectiveQuad.segmentsCross(c[1], c[2], c[3], c[0])
    }

    /// Whether segments a–b and c–d cross at a point inside both.
    static func segmentsCross(_ a: CropPoint, _ b: CropPoint, _ c: CropPoint, _ d: CropPoint) -> Bool {
        let o1 = orientation(a, b, c), o2 = orientation(a, b, d)
        let o3 = orientation(c, d, a), o4 = orientation(c, d, b)
        return o1 * o2 < 0 && o3 * o4 < 0
    }

    /// The sign of the turn a → b → c: positive clockwise on screen (y down), negative anticlockwise.
    static func orientation(_ a: CropPoint, _ b: CropPoint, _ c: CropPoint) -> Double {
        let value = cross(b.x - a.x, b.y - a.y, c.x - b.x, c.y - b.y)
        return value > 0 ? 1 : (value < 0 ? -1 : 0)
    }

    /// The z component of the cross product of (ax, ay) and (bx, by).
    static func cross(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Double { ax * by - ay * bx }
}
