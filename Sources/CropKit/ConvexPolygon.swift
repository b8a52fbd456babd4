// A convex polygon clipped by axis-aligned bounds, and its point nearest a given point: where a dragged corner can slide to.

/// A convex polygon as its vertices in order (either way round). It may be empty, one point or a
/// segment after clipping; every operation still answers.
struct ConvexPolygon {
    var vertices: [CropPoint]

    var isEmpty: Bool { vertices.isEmpty }

    /// The polygon cut to `minX…maxX × minY…maxY` (Sutherland–Hodgman, one side at a time).
    func clipped(minX: Double, maxX: Double, minY: Double, maxY: Double) -> ConvexPolygon {
        guard minX <= maxX, minY <= maxY else { return ConvexPolygon(vertices: []) }
        var points = vertices
        points = ConvexPolygon.clip(points, keep: { $0.x >= minX }, cut: { a, b in ConvexPolygon.atX(minX, a, b) })
        points = ConvexPolygon.clip(points, keep: { $0.x <= maxX }, cut: { a, b in ConvexPolygon.atX(maxX, a, b) })
        points = ConvexPolygon.clip(points, keep: { $0.y >= minY }, cut: { a, b in ConvexPolygon.atY(minY, a, b) })
        points = ConvexPolygon.clip(points, keep: { $0.y <= maxY }, cut: { a, b in ConvexPolygon.atY(maxY, a, b) })
        return ConvexPolygon(vertices: points)
    }

    /// The point of the polygon's boundary nearest `p` (for a point outside, the nearest point of
    /// the polygon), or nil when the polygon is empty.
    func nearestBoundaryPoint(to p: CropPoint) -> CropPoint? {
        guard let first = vertices.first else { return nil }
        var best = first, bestDistance = Double.infinity
        for (i, a) in vertices.enumerated() {
            let b = vertices[(i + 1) % vertices.count]
            let q = ConvexPolygon.nearest(on: a, b, to: p)
            let d = (q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)
            if d < bestDistance { best = q; bestDistance = d }
        }
        return best
    }

    private static func nearest(on a: CropPoint, _ b: CropPoint, to p: CropPoint) -> CropPoint {
        let dx = b.x - a.x, dy = b.y - a.y
        let length2 = dx * dx + dy * dy
        guard length2 > 0 else { return a }
        let t = min(max(((p.x - a.x) * dx + (p.y - a.y) * dy) / length2, 0), 1)
        return CropPoint(x: a.x + t * dx, y: a.y + t * dy)
    }

    private static func clip(
        _ points: [CropPoint], keep: (CropPoint) -> Bool,
        cut: (CropPoint, CropPoint) -> CropPoint
    ) -> [CropPoint] {
        guard !points.isEmpty else { return [] }
        var out: [CropPoint] = []
        for (i, current) in points.enumerated() {
            let previous = points[(i + points.count - 1) % points.count]
            let inside = keep(current), wasInside = keep(previous)
            if inside != wasInside { out.append(cut(previous, current)) }
            if inside { out.append(current) }
        }
        return out
    }

    /// Where segment a–b crosses the vertical line x (the caller knows it does).
    private static func atX(_ x: Double, _ a: CropPoint, _ b: CropPoint) -> CropPoint {
        let t = (x - a.x) / (b.x - a.x)
        return CropPoint(x: x, y: a.y + t * (b.y - a.y))
    }

    /// Where segment a–b crosses the horizontal line y.
    private static func atY(_ y: Double, _ a: CropPoint, _ b: CropPoint) -> CropPoint {
        let t = (y - a.y) / (b.y - a.y)
        return CropPoint(x: a.x + t * (b.x - a.x), y: y)
    }
}
