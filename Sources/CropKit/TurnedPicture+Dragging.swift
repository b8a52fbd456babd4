// Keeping a drag or a key's step inside the straightened picture: a moved frame slides along its edges, a resized one stops.

/// Why these rules: the unit square's rules clamp each side on its own, so a frame pushed against
/// an edge slides along it; a turned picture's edges are slanted, and clamping "towards the last
/// good frame" would make a frame stick to an edge the moment it touched one. So a frame that
/// keeps its size (the body, the move keys) and a free corner (two sides at once) go to the place
/// nearest the pointer that fits and slide; everything with one degree of freedom (an edge, a
/// ratio-locked corner, the resize keys) pulls its moved sides back only as far as it must,
/// keeping the fixed sides, the ratio and the minimum side between the frame before and the frame
/// wanted. Shrinking about the centre (what an angle change does) would instead move sides the
/// user is not touching.
extension TurnedPicture {
    /// What a drag of `handle` (or a key's step by it) shows: `wanted`, the frame the unit square's
    /// rules give, if it lies inside the turned picture; otherwise the frame kept inside as above,
    /// starting from `committed` (which lies inside). `free` is false while a ratio is locked.
    func keptInside(
        _ wanted: CropRect, from committed: CropRect, handle: CropHandle,
        free: Bool, minimumSide: Double
    ) -> CropRect {
        if contains(wanted) { return wanted }
        if handle == .body, let slid = slidBody(wanted) { return slid }
        if handle.isCorner, free, let slid = slidCorner(wanted, handle: handle, minimumSide: minimumSide) { return slid }
        return pulledBack(wanted, from: committed)
    }

    /// What dragging out a new frame from `anchor` (normalized on the box) shows: `wanted` if it
    /// lies inside; otherwise, from the anchor moved to the nearest point of the picture, the far
    /// corner slides to the nearest point that fits (free) or the frame shrinks towards the anchor
    /// (locked). A frame that cannot meet the minimum side there shows `committed`, as a click does.
    func keptInside(
        newRectangle wanted: CropRect, anchor: CropPoint, committed: CropRect,
        free: Bool, minimumSide: Double
    ) -> CropRect {
        if contains(wanted) { return wanted }
        let w = pixels(wanted)
        let pressed = pixels(CropRect(x: anchor.x, y: anchor.y, width: 0, height: 0)).origin
        var (u, v) = frame(pressed)
        u = min(max(u, -halfWidth), halfWidth)
        v = min(max(v, -halfHeight), halfHeight)
        let start = box(u: u, v: v)
        let right = wanted.midX >= anchor.x, down = wanted.midY >= anchor.y
        let side = CropHandle.clampedMinimumSide(minimumSide)
        if free {
            let corner = CropPoint(x: right ? w.maxX : w.minX, y: down ? w.maxY : w.minY)
            return slid(corner: corner, anchor: start, right: right, down: down, side: side).map(normalized) ?? committed
        }
        // Locked: the frame grows from the anchor along the ratio's diagonal, as far as it fits.
        let dx = right ? w.width : -w.width, dy = down ? w.height : -w.height
        var t = 1.0
        for offset in [CropSize(width: dx, height: 0), CropSize(width: 0, height: dy), CropSize(width: dx, height: dy)] {
            t = min(t, span(from: start, along: offset)?.high ?? 0)
        }
        let width = w.width * t, height = w.height * t
        let minimumWidth = min(w.width, side * Double(boundingSize.width))
        let minimumHeight = min(w.height, side * Double(boundingSize.height))
        guard t > 0, width >= minimumWidth * (1 - 1e-9), height >= minimumHeight * (1 - 1e-9) else { return committed }
        return normalized(
            CropRect(
                x: right ? start.x : start.x - width, y: down ? start.y : start.y - height,
                width: width, height: height))
    }

    /// The parameters t for which `p + t·d` (box pixels) lies inside the turned picture, or nil when none do.
    func span(from p: CropPoint, along d: CropSize) -> (low: Double, high: Double)? {
        let (u0, v0) = frame(p)
        let du = d.width * cos + d.height * sin, dv = d.height * cos - d.width * sin
        var low = -Double.infinity, high = Double.infinity
        for (start, step, half) in [(u0, du, halfWidth), (v0, dv, halfHeight)] {
            guard step != 0 else {
                if abs(start) > half { return nil }
                continue
            }
            let a = (-half - start) / step, b = (half - start) / step
            low = max(low, min(a, b))
            high = min(high, max(a, b))
        }
        return low <= high ? (low, high) : nil
    }

    /// The frame of `wanted`'s size whose centre is the nearest to `wanted`'s that fits: nearest in
    /// pixels, as the screen shows them, so it slides along a slanted edge. Nil when that size fits nowhere.
    private func slidBody(_ wanted: CropRect) -> CropRect? {
        let p = pixels(wanted)
        let a = p.width / 2, b = p.height / 2
        let roomU = halfWidth - (a * abs(cos) + b * abs(sin)), roomV = halfHeight - (a * abs(sin) + b * abs(cos))
        guard roomU >= 0, roomV >= 0 else { return nil }
        // The centres that fit form a rectangle on the picture's own axes: clamping there is the
        // nearest point, since turning keeps distances.
        var (u, v) = frame(CropPoint(x: p.midX, y: p.midY))
        u = min(max(u, -roomU), roomU)
        v = min(max(v, -roomV), roomV)
        let centre = box(u: u, v: v)
        return CropRect(
            x: (centre.x - a) / Double(boundingSize.width), y: (centre.y - b) / Double(boundingSize.height),
            width: wanted.width, height: wanted.height)
    }

    /// A free corner drag: the opposite corner stays exactly where it is, the dragged one slides.
    private func slidCorner(_ wanted: CropRect, handle: CropHandle, minimumSide: Double) -> CropRect? {
        let p = pixels(wanted)
        let right = handle.movesRight, down = handle.movesBottom
        let anchor = CropPoint(x: right ? p.minX : p.maxX, y: down ? p.minY : p.maxY)
        let corner = CropPoint(x: right ? p.maxX : p.minX, y: down ? p.maxY : p.minY)
        guard
            let q = slid(
                corner: corner, anchor: anchor, right: right, down: down,
                side: CropHandle.clampedMinimumSide(minimumSide)
            ).map(normalized)
        else { return nil }
        // The anchor's sides are copied, not recomputed, so they do not move by a rounding error.
        return CropRect(
            left: right ? wanted.minX : q.minX, top: down ? wanted.minY : q.minY,
            right: right ? q.maxX : wanted.maxX, bottom: down ? q.maxY : wanted.maxY)
    }

    /// The frame from `anchor` to the point nearest `corner` at which all four corners lie inside
    /// and both sides are at least `side` (normalized), in box pixels; nil when no such point exists.
    private func slid(corner: CropPoint, anchor: CropPoint, right: Bool, down: Bool, side: Double) -> CropRect? {
        // The far corner's row and column through the anchor must stay inside: chords of the picture.
        guard let across = span(from: anchor, along: CropSize(width: 1, height: 0)),
            let along = span(from: anchor, along: CropSize(width: 0, height: 1))
        else { return nil }
        let sideX = side * Double(boundingSize.width), sideY = side * Double(boundingSize.height)
        let minX = right ? anchor.x + sideX : anchor.x + across.low, maxX = right ? anchor.x + across.high : anchor.x - sideX
        let minY = down ? anchor.y + sideY : anchor.y + along.low, maxY = down ? anchor.y + along.high : anchor.y - sideY
        let region = ConvexPolygon(vertices: corners).clipped(minX: minX, maxX: maxX, minY: minY, maxY: maxY)
        guard !region.isEmpty else { return nil }
        let fits = contains(corner, tolerance: 0) && (minX...maxX).contains(corner.x) && (minY...maxY).contains(corner.y)
        guard let q = fits ? corner : region.nearestBoundaryPoint(to: corner) else { return nil }
        return CropRect(left: min(anchor.x, q.x), top: min(anchor.y, q.y), right: max(anchor.x, q.x), bottom: max(anchor.y, q.y))
    }

    /// The frame part of the way from `committed` to `wanted`, as far as it stays inside: every
    /// side moves in proportion, so sides that do not change stay exactly, and a ratio and a
    /// minimum side both frames have are kept.
    private func pulledBack(_ wanted: CropRect, from committed: CropRect) -> CropRect {
        guard contains(committed) else { return fitted(wanted) }
        let c = pixels(committed), d = pixels(wanted)
        var t = 1.0
        for (x, wantedX) in [(c.minX, d.minX), (c.maxX, d.maxX)] {
            for (y, wantedY) in [(c.minY, d.minY), (c.maxY, d.maxY)] {
                let move = CropSize(width: wantedX - x, height: wantedY - y)
                guard move != .zero else { continue }
                t = min(t, span(from: CropPoint(x: x, y: y), along: move)?.high ?? 0)
            }
        }
        t = max(t, 0)
        func lerp(_ a: Double, _ b: Double) -> Double { a == b ? a : a + t * (b - a) }
        return CropRect(
            left: lerp(committed.minX, wanted.minX), top: lerp(committed.minY, wanted.minY),
            right: lerp(committed.maxX, wanted.maxX), bottom: lerp(committed.maxY, wanted.maxY))
    }
}
