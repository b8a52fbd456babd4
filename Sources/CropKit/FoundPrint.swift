// A print found on a scan (Find Photos): its turned rectangle, and the straighten angle and crop that cut it out.

/// One print on a scan: a rectangle turned by its own tilt, in the picture's pixels (y down).
public struct FoundPrint: Hashable, Sendable, Codable {
    /// The rectangle's centre.
    public var centre: CropPoint
    /// Its sides: `width` along its own x axis, `height` along its y axis.
    public var width: Double
    public var height: Double
    /// How far the print is turned, in degrees within ±45: positive turned clockwise on screen, so
    /// the print's x axis points along (cos, sin) with y down. Straightening turns it back.
    public var tilt: Double

    public init(centre: CropPoint, width: Double, height: Double, tilt: Double) {
        self.centre = centre
        self.width = width
        self.height = height
        self.tilt = tilt
    }

    /// The rectangle with corners `corners` in order round it (either way); its tilt is the first
    /// side's direction brought within ±45°, the sides swapping names with each quarter turn.
    public init(corners: [CropPoint]) {
        precondition(corners.count == 4)
        let (a, b, c) = (corners[0], corners[1], corners[2])
        var side = (x: b.x - a.x, y: b.y - a.y)
        var across = (x: c.x - b.x, y: c.y - b.y)
        // The first side is the one nearer the horizontal: the tilt is then within ±45°.
        if abs(side.y) > abs(side.x) { swap(&side, &across) }
        if side.x < 0 { side = (-side.x, -side.y) }
        let centre = CropPoint(
            x: corners.map(\.x).reduce(0, +) / 4, y: corners.map(\.y).reduce(0, +) / 4)
        self.init(
            centre: centre, width: (side.x * side.x + side.y * side.y).squareRoot(),
            height: (across.x * across.x + across.y * across.y).squareRoot(),
            tilt: Trigonometry.arctangent2(side.y, side.x) * 180 / Trigonometry.pi)
    }

    /// Its corners from the one that becomes the top left once straightened, clockwise on screen.
    public var corners: [CropPoint] {
        let (s, c) = Trigonometry.sineCosine(degrees: tilt)
        return [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map { (u, v) in
            let x = u * width / 2, y = v * height / 2
            return CropPoint(x: centre.x + x * c - y * s, y: centre.y + x * s + y * c)
        }
    }

    /// The straighten angle that levels it: its tilt turned back, in whole hundredths.
    public var straighten: StraightenAngle { StraightenAngle(degrees: -tilt) }

    /// The print as `orientation` shows a `size` picture (a turn or a flip of it).
    public func mapped(by orientation: ImageOrientation, pictureSize size: PixelSize) -> FoundPrint {
        let w = Double(size.width), h = Double(size.height)
        return FoundPrint(corners: corners.map { PerspectiveQuad.point($0, through: orientation, width: w, height: h) })
    }

    /// The crop that cuts it out of a `width × height` picture straightened by `straighten`: whole
    /// pixels of the turned picture's box, inside the turned picture (rounded inwards, so no
    /// background shows at its edges), or nil when not even one pixel of it fits.
    public func cut(pictureWidth: Int, pictureHeight: Int) -> PixelRect? {
        let turned = TurnedPicture(width: pictureWidth, height: pictureHeight, angle: straighten)
        // Measured with the angle as stored, so the rectangle is the one the export turns.
        let residual = tilt + straighten.degrees
        let (s, c) = Trigonometry.sineCosine(degrees: residual)
        let halfWidth = (abs(width * c) + abs(height * s)) / 2, halfHeight = (abs(width * s) + abs(height * c)) / 2
        let middle = turned.boxPoint(fromPicture: centre)
        let left = Int((middle.x - halfWidth - 1e-6).rounded(.up)), top = Int((middle.y - halfHeight - 1e-6).rounded(.up))
        let right = Int((middle.x + halfWidth + 1e-6).rounded(.down))
        let bottom = Int((middle.y + halfHeight + 1e-6).rounded(.down))
        var rect = PixelRect(x: left, y: top, width: right - left, height: bottom - top)
        // A print reaching the scan's edge may overhang the turned picture by a hair: give up a pixel a side.
        while rect.width > 0, rect.height > 0, !turned.contains(rect) {
            rect = PixelRect(x: rect.x + 1, y: rect.y + 1, width: rect.width - 2, height: rect.height - 2)
        }
        return rect.width > 0 && rect.height > 0 ? rect : nil
    }
}

/// The smallest rectangle, turned any way, around a set of points: rotating calipers on their convex hull.
enum RotatedRectangle {
    /// The convex hull of `points`, counter-clockwise in a y-up sense (Andrew's monotone chain).
    static func hull(_ points: [CropPoint]) -> [CropPoint] {
        let sorted = points.sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
        guard sorted.count > 2 else { return sorted }
        func cross(_ o: CropPoint, _ a: CropPoint, _ b: CropPoint) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        var lower: [CropPoint] = [], upper: [CropPoint] = []
        for p in sorted {
            while lower.count >= 2, cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2, cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }

    /// The area of a polygon given by its vertices in order (the shoelace formula).
    static func area(_ polygon: [CropPoint]) -> Double {
        var twice = 0.0
        for (i, a) in polygon.enumerated() {
            let b = polygon[(i + 1) % polygon.count]
            twice += a.x * b.y - b.x * a.y
        }
        return abs(twice) / 2
    }

    /// The least-area rectangle around `points` as its four corners in order, or nil for fewer than
    /// three points not all on a line. One side of it lies along a side of the hull, so each hull
    /// side is tried in turn.
    static func smallest(around points: [CropPoint]) -> [CropPoint]? {
        let hull = hull(points)
        guard hull.count >= 3 else { return nil }
        var best: (area: Double, corners: [CropPoint])?
        for (i, a) in hull.enumerated() {
            let b = hull[(i + 1) % hull.count]
            let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            guard length > 0 else { continue }
            let ux = (b.x - a.x) / length, uy = (b.y - a.y) / length
            var minU = Double.infinity, maxU = -Double.infinity, minV = Double.infinity, maxV = -Double.infinity
            for p in hull {
                let u = p.x * ux + p.y * uy, v = -p.x * uy + p.y * ux
                minU = min(minU, u)
                maxU = max(maxU, u)
                minV = min(minV, v)
                maxV = max(maxV, v)
            }
            let area = (maxU - minU) * (maxV - minV)
            guard area < best?.area ?? .infinity else { continue }
            let corners = [(minU, minV), (maxU, minV), (maxU, maxV), (minU, maxV)].map { (u, v) in
                CropPoint(x: u * ux - v * uy, y: u * uy + v * ux)
            }
            best = (area, corners)
        }
        return best?.corners
    }
}
