// Straightening in the editing model: the turned picture the crop lives on, angles that keep the crop inside, Reset's crop.

extension CropEditor {
    /// The picture as shown turned by `angle` inside its bounding box; at no angle its box is
    /// `shownSize`, with a perspective correction it is the rectified picture and with cuts the
    /// joined picture (neither ever turned).
    public var straightenedPicture: TurnedPicture {
        if let measured = rectification?.size ?? joined?.size {
            return TurnedPicture(width: measured.width, height: measured.height, angle: .zero)
        }
        return TurnedPicture(width: shownSize.width, height: shownSize.height, angle: angle)
    }

    /// The straightened picture's bounding box in pixels: the size the crop is normalized on, and
    /// the picture size for the viewport, ratios, pixel entry and the export's crop. `shownSize` at no angle.
    public var straightenedSize: PixelSize {
        rectification?.size ?? joined?.size ?? (angle.isZero ? shownSize : straightenedPicture.boundingSize)
    }

    /// The crop in whole pixels as the export cuts it: of the picture as shown (turned and flipped),
    /// or at an angle of the straightened box and inside the turned picture, as the command line
    /// measures `--crop` with `--straighten`.
    public var cropPixels: PixelRect {
        angle.isZero
            ? crop.pixelRect(imageWidth: straightenedSize.width, imageHeight: straightenedSize.height)
            : straightenedPicture.pixelRect(for: crop)
    }

    /// The straightened picture for the session's bound, or nil at no angle (the unit square then).
    var straightened: TurnedPicture? { angle.isZero ? nil : straightenedPicture }

    /// The crop Reset returns to: the starting crop, carried onto the straightened picture as an
    /// angle change carries a crop (a whole-picture start gives the largest frame of the picture's
    /// proportions centred inside).
    var resetCrop: CropRect {
        guard !angle.isZero else { return initialCrop }
        let level = TurnedPicture(width: shownSize.width, height: shownSize.height, angle: .zero)
        return level.carried(initialCrop, to: straightenedPicture)
    }

    /// Starts on a new picture as `load` does, straightened by `angle` with `crop` on the turned
    /// picture's box (a kept crop restored): one state, no step to undo. The crop is fitted inside
    /// the turned picture; Reset then returns to the largest frame of the picture's proportions
    /// centred inside, since the kept crop was never measured on the level picture.
    @discardableResult
    public mutating func load(uprightWidth: Int, uprightHeight: Int, crop: CropRect, angle: StraightenAngle) -> Changes {
        guard !angle.isZero else { return load(uprightWidth: uprightWidth, uprightHeight: uprightHeight, crop: crop) }
        let changes = load(uprightWidth: uprightWidth, uprightHeight: uprightHeight, crop: .unit)
        var next = state
        next.angle = angle
        next.crop = crop
        show(next)
        history = CropHistory(state)
        return changes
    }

    /// Whether an angle change (the dial or ruler being dragged) is in progress.
    public var isChangingAngle: Bool { angleChangeStart != nil }

    /// Sets the straighten angle as one undoable step: the picture turns about the crop's centre
    /// (the content under it stays under it), the crop keeps its size in pixels and shrinks about
    /// its centre, keeping its proportions, only as much as it must to lie inside the turned
    /// picture. Ends any drag and any angle change in progress.
    @discardableResult
    public mutating func setAngle(_ newAngle: StraightenAngle) -> Changes {
        changeAngle(to: newAngle).union(endAngleChange())
    }

    /// Turns the picture further by `step` (negative turns counterclockwise), within ±45°: the keys and actions.
    @discardableResult
    public mutating func turnAngle(by step: StraightenAngle) -> Changes {
        setAngle(angle + step)
    }

    /// Shows the picture at `newAngle` while the user is still choosing it (a dial drag), without
    /// recording a step. Every call starts again from the state the change began with, so
    /// turning there and back returns the crop exactly, however far it had to shrink on the way.
    /// `endAngleChange` records the step, `cancelAngleChange` drops it; anything else that records
    /// a step (a drag, a key, a turn) includes it.
    @discardableResult
    public mutating func changeAngle(to newAngle: StraightenAngle) -> Changes {
        // A rectified picture is straightened by its quadrilateral: the angle stays zero with one;
        // a joined picture is not turned either (as on the command line).
        guard uprightSize != nil, perspective == nil, cuts.isEmpty else { return [] }
        let wasDragging = session.isDragging
        session.cancel()
        let start = angleChangeStart ?? state
        angleChangeStart = start
        guard newAngle != angle else { return wasDragging ? .shown : [] }
        let from = TurnedPicture(width: shownSize.width, height: shownSize.height, angle: start.angle)
        var next = start
        next.angle = newAngle
        if newAngle != start.angle {
            next.crop = from.carried(
                start.crop,
                to: TurnedPicture(
                    width: shownSize.width, height: shownSize.height,
                    angle: newAngle))
        }
        show(next)
        return [.committed, .picture, .shown]
    }

    /// Ends an angle change in progress, recording it as one step (none when it came back to where it began).
    @discardableResult
    public mutating func endAngleChange() -> Changes {
        guard angleChangeStart != nil else { return [] }
        return recorded([])
    }

    /// Drops an angle change in progress: exactly the state it began with shows again.
    @discardableResult
    public mutating func cancelAngleChange() -> Changes {
        guard let start = angleChangeStart else { return [] }
        angleChangeStart = nil
        guard start != state else { return [] }
        show(start)
        return [.committed, .picture, .shown]
    }

    /// Locks the chosen ratio on a straightened picture: the largest frame of it centred on the
    /// crop's centre inside the turned picture (the centre lies inside, so there is one). Free
    /// keeps the crop. Returns whether the committed crop changed.
    mutating func lockStraightenedAspectRatio() -> Bool {
        session.aspectRatio = lockedRatio
        let picture = straightenedPicture
        guard let ratio = aspectRatio.pixelRatio(imageWidth: shownSize.width, imageHeight: shownSize.height),
            let fitted = picture.largestCrop(aspect: ratio, centredAt: CropPoint(x: crop.midX, y: crop.midY))
        else { return false }
        return session.commit(fitted)
    }
}

extension CropEditor {
    /// The crop a pan or zoom of the picture under the fixed frame shows and commits: `wanted`, or
    /// on a straightened picture, when it would reach outside, the frame of its size slid back to
    /// the nearest place inside, as a dragged frame slides (the picture stops at its edge instead
    /// of the crop shrinking, which a plain commit would do); shrunk only when no place fits.
    public func fixedFrameCrop(_ wanted: CropRect) -> CropRect {
        guard let straightened, !straightened.contains(wanted) else { return wanted }
        return straightened.keptInside(
            wanted, from: crop, handle: .body, free: true, minimumSide: session.minimumSide)
    }
}
