// Dragging out a new crop while locked to an aspect ratio: the frame keeps the ratio, anchored at the press point.

extension NewRectangle {
    /// The crop this drag would commit with the frame locked to `ratio` (width ÷ height in
    /// NORMALIZED units; nil, or not a positive finite number, gives `crop(minimumSide:)`).
    ///
    /// The frame runs from the anchor towards the pointer, its far corner the point of the
    /// ratio's diagonal nearest the pointer as seen on screen (`imageAspect` is the picture's pixel
    /// width ÷ height), limited by the borders and grown to the minimum side (both sides, when the
    /// ratio allows it). Like the free crop, a frame grown to the minimum near a border is
    /// shifted back inside, so only then may the anchor end up inside the frame rather than on a corner.
    public func crop(
        minimumSide: Double = CropHandle.defaultMinimumSide,
        ratio: Double?, imageAspect: Double = 1
    ) -> CropRect {
        guard let lock = RatioLock(ratio: ratio, minimumSide: minimumSide) else { return crop(minimumSide: minimumSide) }
        let right = current.x >= anchor.x, down = current.y >= anchor.y
        let wanted = lock.projectedHeight(
            width: abs(current.x - anchor.x), height: abs(current.y - anchor.y),
            imageAspect: imageAspect)
        let room = min(down ? 1 - anchor.y : anchor.y, (right ? 1 - anchor.x : anchor.x) / lock.ratio)
        let height = lock.height(wanted, room: room)
        let (left, rightEdge) = RatioLock.place(from: anchor.x, length: lock.width(forHeight: height), towardsHigh: right)
        let (top, bottom) = RatioLock.place(from: anchor.y, length: height, towardsHigh: down)
        return CropRect(left: left, top: top, right: rightEdge, bottom: bottom)
    }
}
