// Dragging a handle with the ratio locked: corners keep it about the opposite corner, edges about the centre.

extension CropHandle {
    /// The crop after dragging this handle by `delta` (normalized units) with the frame locked to
    /// `ratio`, a width ÷ height in NORMALIZED units (`AspectRatio.normalizedRatio`).
    ///
    /// - `ratio` nil (or not a positive finite number): exactly `adjusting(_:by:minimumSide:)`.
    /// - The body: unaffected by the ratio; it moves as without one.
    /// - A corner: the opposite corner stays put; the dragged corner goes to the point of the
    ///   ratio's diagonal nearest the pointer as seen on screen (`imageAspect` is the picture's
    ///   pixel width ÷ height; 1 measures in normalized units), then the frame is clamped to the
    ///   room between the anchor and the borders and to the minimum side, both sides together.
    /// - An edge: the opposite edge stays put and the other axis grows or shrinks with it,
    ///   centred on the frame's centre and pushed off a border it would cross; the drag stops
    ///   where the other axis would exceed the whole picture.
    ///
    /// Both sides are at least `minimumSide` whenever the ratio allows it (`minimumSide ≤ ratio ≤
    /// 1 / minimumSide`); otherwise the frame cannot shrink below the largest of that ratio.
    /// The minimum wins over the anchor: from a frame that was under it (e.g. a free crop just
    /// locked without `AspectRatio.fitted`) the frame may shift to meet it. The result always lies
    /// inside the unit square. Edges and corners snap a frame not yet of the ratio to it.
    public func adjusting(
        _ rect: CropRect, by delta: CropSize,
        minimumSide: Double = CropHandle.defaultMinimumSide,
        ratio: Double?, imageAspect: Double = 1
    ) -> CropRect {
        guard self != .body, let lock = RatioLock(ratio: ratio, minimumSide: minimumSide) else {
            return adjusting(rect, by: delta, minimumSide: minimumSide)
        }
        let r = rect.sanitized
        let dx = delta.width.isFinite ? delta.width : 0
        let dy = delta.height.isFinite ? delta.height : 0
        if isCorner {
            return cornerAdjusting(r, dx: dx, dy: dy, lock: lock, imageAspect: imageAspect)
        }
        return edgeAdjusting(r, dx: dx, dy: dy, lock: lock)
    }

    private func cornerAdjusting(
        _ r: CropRect, dx: Double, dy: Double, lock: RatioLock,
        imageAspect: Double
    ) -> CropRect {
        // The anchor is the opposite corner; "towards high" is the way the frame extends from it.
        let right = movesRight, down = movesBottom
        let anchorX = right ? r.minX : r.maxX, anchorY = down ? r.minY : r.maxY
        let pointerX = (right ? r.maxX : r.minX) + dx, pointerY = (down ? r.maxY : r.minY) + dy
        let wanted = lock.projectedHeight(
            width: right ? pointerX - anchorX : anchorX - pointerX,
            height: down ? pointerY - anchorY : anchorY - pointerY,
            imageAspect: imageAspect)
        let room = min(down ? 1 - anchorY : anchorY, (right ? 1 - anchorX : anchorX) / lock.ratio)
        let height = lock.height(wanted, room: room)
        let (left, rightEdge) = RatioLock.place(from: anchorX, length: lock.width(forHeight: height), towardsHigh: right)
        let (top, bottom) = RatioLock.place(from: anchorY, length: height, towardsHigh: down)
        return CropRect(left: left, top: top, right: rightEdge, bottom: bottom)
    }

    private func edgeAdjusting(_ r: CropRect, dx: Double, dy: Double, lock: RatioLock) -> CropRect {
        if movesLeft || movesRight {
            let anchor = movesRight ? r.minX : r.maxX
            let wantedWidth = movesRight ? r.maxX + dx - anchor : anchor - (r.minX + dx)
            let height = lock.height(wantedWidth / lock.ratio, room: (movesRight ? 1 - anchor : anchor) / lock.ratio)
            let (left, right) = RatioLock.place(from: anchor, length: lock.width(forHeight: height), towardsHigh: movesRight)
            let (top, bottom) = RatioLock.centred(on: r.midY, length: height)
            return CropRect(left: left, top: top, right: right, bottom: bottom)
        }
        let anchor = movesBottom ? r.minY : r.maxY
        let wantedHeight = movesBottom ? r.maxY + dy - anchor : anchor - (r.minY + dy)
        let height = lock.height(wantedHeight, room: movesBottom ? 1 - anchor : anchor)
        let (top, bottom) = RatioLock.place(from: anchor, length: height, towardsHigh: movesBottom)
        let (left, right) = RatioLock.centred(on: r.midX, length: lock.width(forHeight: height))
        return CropRect(left: left, top: top, right: right, bottom: bottom)
    }
}
