// Perspective in the editing model: a correction set, locked or removed as one undo step, and one restored from a sidecar.

extension CropEditor {
    /// Shows the picture rectified by `correction` (nil: as it is) as one undoable step. The
    /// straighten angle goes to zero (the quadrilateral straightens the picture instead) and the
    /// crop becomes `crop` of the new picture, refitted to a locked ratio. A correction drawn on
    /// another picture than the one shown, or one that cannot be rectified, changes nothing, as does
    /// one set among several frames or with cuts (`FramingRefusal.perspective`, `.warped`).
    @discardableResult
    public mutating func setPerspective(_ correction: PerspectiveCorrection?, crop: CropRect = .unit) -> Changes {
        guard uprightSize != nil else { return [] }
        if let correction {
            guard correction.picture == shownSize, correction.rectification() != nil else { return [] }
            guard frameCount == 1, cuts.isEmpty else { return [] }
        }
        let wasDragging = session.isDragging
        session.cancel()
        guard correction != perspective || crop != session.committed else { return wasDragging ? .shown : [] }
        var next = state
        next.perspective = correction
        next.angle = .zero
        next.crop = crop.sanitized
        show(next)
        if lockedRatio != nil {
            _ = session.lockAspectRatio(aspectRatio, imageWidth: straightenedSize.width, imageHeight: straightenedSize.height)
        }
        return recorded([.committed, .picture, .shown])
    }

    /// Locks the rectified picture's proportions to `ratio` (width ÷ height; nil: the estimated
    /// ones) as one step, the crop keeping its place on it. Nothing without a correction.
    @discardableResult
    public mutating func setPerspectiveRatio(_ ratio: Double?) -> Changes {
        guard var correction = perspective else { return [] }
        correction.ratio = ratio
        return setPerspective(correction, crop: crop)
    }

    /// Starts on a new picture as `load` does, rectified by `perspective` with `crop` on the
    /// rectified picture (a kept crop restored): one state, no step to undo. A correction drawn on
    /// another size than the upright picture's is left out.
    @discardableResult
    public mutating func load(
        uprightWidth: Int, uprightHeight: Int, crop: CropRect, angle: StraightenAngle, perspective: PerspectiveCorrection?
    ) -> Changes {
        let changes = load(uprightWidth: uprightWidth, uprightHeight: uprightHeight, crop: .unit)
        guard let perspective, perspective.picture == shownSize, perspective.rectification() != nil else {
            return load(uprightWidth: uprightWidth, uprightHeight: uprightHeight, crop: crop, angle: angle)
        }
        var next = state
        next.perspective = perspective
        next.crop = crop.sanitized
        show(next)
        history = CropHistory(state)
        return changes
    }

    /// The correction as a sidecar keeps it: its corners as fractions of the upright picture.
    public var uprightPerspectiveCorners: [CropPoint]? { perspective?.uprightCorners(orientation: orientation) }

    /// Keeps `correction` and its rectified picture together; one that cannot be rectified is none.
    mutating func installPerspective(_ correction: PerspectiveCorrection?) {
        let rectified = correction?.rectification()
        perspective = rectified == nil ? nil : correction
        rectification = rectified
    }
}
