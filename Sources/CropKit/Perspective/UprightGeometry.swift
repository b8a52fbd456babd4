// Upright's geometry: the camera turned so the verticals meet at infinity, and the largest crop of the picture's ratio inside.

enum UprightGeometry {
    /// The most the camera may be turned, in degrees: beyond it the lines taken for verticals are not.
    static let maximumTurn = 35.0

    /// The map of a `width × height` picture's pixels that turns a pinhole camera of focal length
    /// `focal` (pixels, principal point at the centre) so that the direction the homogeneous point
    /// `v` (from the centre, in diagonals) looks along becomes plumb; nil past `maximumTurn` or when
    /// a corner of the picture would end up behind the camera.
    ///
    /// With K = diag(f, f, 1), the point's direction in space is d = K⁻¹·v; the least rotation R
    /// taking d to the camera's down axis (or up, whichever is nearer) turns about an axis in the
    /// x–z plane: a tilt and a roll, no pan. Seen in the picture that is the homography K·R·K⁻¹,
    /// under which every line through v becomes vertical, whatever f (f sets only how much the far
    /// parts are widened); and the horizon, square to the verticals in space, comes out level.
    static func turning(_ v: Vector3, focal: Double, width: Double, height: Double) -> Homography? {
        let diagonal = (width * width + height * height).squareRoot()
        let f = focal / diagonal
        var d = Vector3(v.x / f, v.y / f, v.z)
        guard d.length > 0, f > 0, f.isFinite else { return nil }
        d = d * (1 / d.length)
        if d.y < 0 { d = d * -1 }
        let axis = d.cross(Vector3(0, 1, 0)), sine = axis.length, cosine = d.y
        let (limitSine, _) = Trigonometry.sineCosine(degrees: maximumTurn)
        guard sine <= limitSine else { return nil }
        // Rodrigues: R = I + [a]× + [a]×² · (1 − cos) / sin², with a = d × down (|a| = sin).
        var r: [Double] = [1, 0, 0, 0, 1, 0, 0, 0, 1]
        if sine > 1e-15 {
            let k = (1 - cosine) / (sine * sine)
            let cross: [Double] = [0, -axis.z, axis.y, axis.z, 0, -axis.x, -axis.y, axis.x, 0]
            for i in 0..<3 {
                for j in 0..<3 {
                    var square = 0.0
                    for l in 0..<3 { square += cross[i * 3 + l] * cross[l * 3 + j] }
                    r[i * 3 + j] += cross[i * 3 + j] + k * square
                }
            }
        }
        // Picture pixels → from the centre in diagonals → K R K⁻¹ → back to pixels.
        let cx = width / 2, cy = height / 2
        guard let toCentre = Homography(entries: [1 / diagonal, 0, -cx / diagonal, 0, 1 / diagonal, -cy / diagonal, 0, 0, 1]),
            let fromCentre = toCentre.inverse,
            let turn = Homography(entries: [r[0], r[1], r[2] * f, r[3], r[4], r[5] * f, r[6] / f, r[7] / f, r[8]])
        else { return nil }
        // Every corner's ray must stay in front of the turned camera (w > 0).
        for (x, y) in [(-cx, -cy), (cx, -cy), (cx, cy), (-cx, cy)] {
            let ray = Vector3(x / diagonal / f, y / diagonal / f, 1)
            guard r[6] * ray.x + r[7] * ray.y + r[8] * ray.z > 0 else { return nil }
        }
        return toCentre.followed(by: turn).followed(by: fromCentre)
    }

    /// The turn of a `width × height` picture about its centre by `degrees`, clockwise on screen.
    static func levelling(degrees: Double, width: Double, height: Double) -> Homography {
        let (s, c) = Trigonometry.sineCosine(degrees: degrees)
        let cx = width / 2, cy = height / 2
        return Homography(unchecked: [c, -s, cx - c * cx + s * cy, s, c, cy - s * cx - c * cy, 0, 0, 1])
    }

    /// The largest rectangle of width ÷ height `ratio` inside the convex quadrilateral `q`
    /// (corners clockwise on screen), centred in the room left at that size; nil when there is none.
    ///
    /// A rectangle of half-sides (hw, hh) centred at c lies inside the side from a along e when
    /// cross(e, c − a) ≥ |e.x|·hh + |e.y|·hw (its worst corner): for one size, four half-planes for
    /// the centre. The size is found by halving the interval between sizes that fit and sizes that
    /// do not, 60 times (to the last bit).
    static func largestRectangle(ratio: Double, inside q: [CropPoint]) -> CropRect? {
        guard q.count == 4, ratio > 0, ratio.isFinite else { return nil }
        let xs = q.map(\.x), ys = q.map(\.y)
        let box = ConvexPolygon(vertices: [
            CropPoint(x: xs.min()!, y: ys.min()!), CropPoint(x: xs.max()!, y: ys.min()!),
            CropPoint(x: xs.max()!, y: ys.max()!), CropPoint(x: xs.min()!, y: ys.max()!),
        ])
        func centres(height: Double) -> ConvexPolygon {
            let hh = height / 2, hw = height * ratio / 2
            var room = box
            for k in 0..<4 {
                let a = q[k], b = q[(k + 1) % 4], e = CropPoint(x: b.x - a.x, y: b.y - a.y)
                let length = (e.x * e.x + e.y * e.y).squareRoot()
                guard length > 0 else { continue }
                room = room.clipped(
                    by: HalfPlane(origin: a, along: e, side: 1, margin: (abs(e.x) * hh + abs(e.y) * hw) / length))
            }
            return room
        }
        var low = 0.0, high = min(ys.max()! - ys.min()!, (xs.max()! - xs.min()!) / ratio)
        guard high > 0, high.isFinite, !centres(height: 0).isEmpty else { return nil }
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if centres(height: middle).isEmpty { high = middle } else { low = middle }
        }
        guard low > 0, let centre = centres(height: low).vertexMean else { return nil }
        return CropRect(x: centre.x - low * ratio / 2, y: centre.y - low / 2, width: low * ratio, height: low)
    }
}
