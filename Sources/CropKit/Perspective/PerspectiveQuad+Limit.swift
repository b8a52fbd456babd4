// Where a dragged corner may go: the allowed positions as a convex polygon and the one nearest the pointer.

/// A half-plane `a·x + b·y ≤ c`.
struct HalfPlane {
    var a: Double
    var b: Double
    var c: Double

    func contains(_ p: CropPoint, tolerance: Double = 0) -> Bool { a * p.x + b * p.y <= c + tolerance }

    /// The points X with cross(e, X − origin) ≤ 0 (`side` −1) or ≥ 0 (`side` +1): the side of
    /// the line through `origin` along `e`, less `margin` pixels of it.
    init(origin: CropPoint, along e: CropPoint, side: Double, margin: Double = 0) {
        // cross(e, X − o) = −e.y·X.x + e.x·X.y − (−e.y·o.x + e.x·o.y)
        let length = (e.x * e.x + e.y * e.y).squareRoot()
        a = -side * -e.y
        b = -side * e.x
        c = -side * (-e.y * origin.x + e.x * origin.y) - margin * length
    }
}

extension ConvexPolygon {
    /// The part of the polygon inside `plane` (one Sutherland–Hodgman pass).
    func clipped(by plane: HalfPlane) -> ConvexPolygon {
        guard !vertices.isEmpty else { return self }
        var out: [CropPoint] = []
        for (i, current) in vertices.enumerated() {
            let previous = vertices[(i + vertices.count - 1) % vertices.count]
            let fc = plane.a * current.x + plane.b * current.y - plane.c
            let fp = plane.a * previous.x + plane.b * previous.y - plane.c
            if (fc <= 0) != (fp <= 0) {
                let t = fp / (fp - fc)
                out.append(CropPoint(x: previous.x + t * (current.x - previous.x), y: previous.y + t * (current.y - previous.y)))
            }
            if fc <= 0 { out.append(current) }
        }
        return ConvexPolygon(vertices: out)
    }

    /// The mean of the vertices (a point inside a convex polygon), or nil when it is empty.
    var vertexMean: CropPoint? {
        guard !vertices.isEmpty else { return nil }
        let n = Double(vertices.count)
        return CropPoint(x: vertices.reduce(0) { $0 + $1.x } / n, y: vertices.reduce(0) { $0 + $1.y } / n)
    }
}

extension PerspectiveQuad {
    /// How much further than the checks the limit keeps a corner from each boundary, in pixels: room
    /// for the 1/1024-pixel grid the corner is put on, so the limit's answer always passes `problem(in:)`.
    static let limitSlack = 1.0 / 256

    /// The quadrilateral with `corner` at the allowed position nearest `proposed` on a `size`
    /// picture: `proposed` itself when the shape stays valid there, else the nearest point of the
    /// region where it does, so the corner slides along the limit it meets (the picture's edge, a
    /// corner going straight or inwards, the least area). Nil when the other three corners leave
    /// the corner no valid position at all.
    ///
    /// With the other corners fixed, each check is a half-plane for the moving corner P (between its
    /// neighbours A and B, across from C): P's own bend and the least area keep it beyond the line
    /// A–B; the bends at A and at B keep the line from C to P at least the bend away from them,
    /// which holds while P's direction from C lies in a wedge (two half-planes through C); and the
    /// picture is four more. Their intersection is a convex polygon.
    public func limited(_ corner: Corner, to proposed: CropPoint, in size: PixelSize) -> PerspectiveQuad? {
        guard let region = allowedRegion(for: corner, in: size), !region.polygon.isEmpty else { return nil }
        guard proposed.x.isFinite, proposed.y.isFinite else { return problem(in: size) == nil ? self : nil }
        var target = proposed
        if !region.planes.allSatisfy({ $0.contains(proposed) }) || !region.bounds.contains(proposed) {
            target = region.polygon.nearestBoundaryPoint(to: proposed) ?? proposed
        }
        // The grid may move the point a hair outside; step towards the region's middle until it is in
        // (by a 1024th of a pixel, then twice as far each time, up to a quarter of a pixel).
        let middle = region.polygon.vertexMean ?? target
        let away = PerspectiveQuad.distance(target, middle)
        for step in 0..<10 {
            let t = step == 0 || away == 0 ? 0 : min(Double(1 << (step - 1)) / 1024 / away, 1)
            let candidate = moving(
                corner, to: CropPoint(x: target.x + t * (middle.x - target.x), y: target.y + t * (middle.y - target.y)))
            if candidate.problem(in: size) == nil { return candidate }
        }
        return nil
    }

    /// The convex region where `corner` may lie with the other three where they are, the half-planes
    /// that make it and the picture's box; nil when the fixed corners already break a check.
    func allowedRegion(
        for corner: Corner, in size: PixelSize
    ) -> (polygon: ConvexPolygon, planes: [HalfPlane], bounds: PictureBox)? {
        let w = Double(max(size.width, 0)), h = Double(max(size.height, 0))
        let least = PerspectiveQuad.minimumBend(in: size) + PerspectiveQuad.limitSlack
        let a = self[corner.previous], b = self[corner.next], c = self[corner.opposite]
        guard bend(at: corner.opposite) >= PerspectiveQuad.minimumBend(in: size) else { return nil }
        let ab = PerspectiveQuad.distance(a, b), bc = PerspectiveQuad.distance(b, c), ac = PerspectiveQuad.distance(a, c)
        guard ab > 0, least < bc, least < ac else { return nil }
        // The triangle B, C, A is the rest of the area; P adds |AB| × its bend / 2.
        let rest = (b.x * c.y - c.x * b.y + c.x * a.y - a.x * c.y + a.x * b.y - b.x * a.y) / 2
        let areaBend = 2 * (PerspectiveQuad.minimumArea - rest) / ab + PerspectiveQuad.limitSlack
        var planes = [
            HalfPlane(
                origin: a, along: CropPoint(x: b.x - a.x, y: b.y - a.y), side: -1, margin: max(least, areaBend))
        ]
        planes += PerspectiveQuad.wedge(at: c, towards: CropPoint(x: b.x - c.x, y: b.y - c.y), bend: least, clockwise: true)
        planes += PerspectiveQuad.wedge(at: c, towards: CropPoint(x: a.x - c.x, y: a.y - c.y), bend: least, clockwise: false)
        var polygon = ConvexPolygon(vertices: [
            CropPoint(x: 0, y: 0), CropPoint(x: w, y: 0), CropPoint(x: w, y: h), CropPoint(x: 0, y: h),
        ])
        for plane in planes { polygon = polygon.clipped(by: plane) }
        return (polygon, planes, PictureBox(width: w, height: h))
    }

    /// The directions u from C for which the neighbour at C + `v` stands at least `bend` off the
    /// line from C along u: sin(angle between u and v) ≥ bend / |v|, a wedge of π − 2·asin(bend / |v|)
    /// whose two sides are `v` turned by that arcsine and by π less it (clockwise on screen from v
    /// when the neighbour is the moving corner's next, anticlockwise when it is its previous).
    static func wedge(at c: CropPoint, towards v: CropPoint, bend: Double, clockwise: Bool) -> [HalfPlane] {
        let length = (v.x * v.x + v.y * v.y).squareRoot()
        let sine = min(bend / length, 1), cosine = (1 - sine * sine).squareRoot()
        // v turned by +θ is (vx cos θ − vy sin θ, vx sin θ + vy cos θ); the sides are at ±α and ±(π − α).
        let turn = clockwise ? -1.0 : 1.0
        func turned(_ cosine: Double, _ sine: Double) -> CropPoint {
            CropPoint(x: v.x * cosine - v.y * sine * turn, y: v.x * sine * turn + v.y * cosine)
        }
        let first = turned(cosine, sine), second = turned(-cosine, sine)
        // Going from `first` to `second` the wedge lies on the turning side of each.
        return [
            HalfPlane(origin: c, along: first, side: clockwise ? -1 : 1),
            HalfPlane(origin: c, along: second, side: clockwise ? 1 : -1),
        ]
    }

    /// The picture's box, `0…width × 0…height`, edges included.
    struct PictureBox {
        var width: Double
        var height: Double
        func contains(_ p: CropPoint) -> Bool { p.x >= 0 && p.y >= 0 && p.x <= width && p.y <= height }
    }
}
