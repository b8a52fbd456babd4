// Several frames of one picture in the editing model: add, remove, choose and replace them, each change one undo step.

extension CropEditor {
    /// How far a copy of the active frame lands down and right of it, as a share of the picture's box.
    public static let frameCopyOffset = 0.04

    /// Every frame in order, the active one as the editor's fields have it now; one for the plain single frame.
    public var frames: [FrameState] {
        guard !frameList.isEmpty else { return [activeFrameState] }
        var all = frameList
        all[activeFrame] = activeFrameState
        return all
    }

    public var frameCount: Int { max(frameList.count, 1) }

    /// The active frame as the editor's fields have it now (its committed crop).
    public var activeFrameState: FrameState {
        FrameState(
            crop: session.committed, aspectRatio: aspectRatio, angle: angle, shape: shape, outputSize: outputSize,
            name: frameName)
    }

    /// Adds a copy of the active frame, moved a little down and right and kept inside the picture,
    /// and makes it active: one step. Refused beyond `FrameState.maximumCount` and with a perspective
    /// correction (it rectifies the whole picture for one frame).
    @discardableResult
    public mutating func addFrame() throws(FramingRefusal) -> Changes {
        guard uprightSize != nil else { throw .noPicture }
        guard perspective == nil else { throw .perspective }
        guard frameCount < FrameState.maximumCount else { throw .tooManyFrames(frameCount + 1) }
        session.cancel()
        var copy = activeFrameState
        copy.name = nil
        let offset = Self.frameCopyOffset
        let moved = CropRect(
            x: min(max(crop.x + offset, 0), max(1 - crop.width, 0)),
            y: min(max(crop.y + offset, 0), max(1 - crop.height, 0)), width: crop.width, height: crop.height)
        copy.crop = fixedFrameCrop(moved)
        return showFrames(frames + [copy], active: frameCount)
    }

    /// Removes the frame at `index` as one step; the frame after it becomes active when it was (the
    /// one before when it was the last). The only frame is never removed.
    @discardableResult
    public mutating func removeFrame(at index: Int) throws(FramingRefusal) -> Changes {
        guard frames.indices.contains(index) else { throw .noSuchFrame(index) }
        guard frameCount > 1 else { throw .lastFrame }
        var list = frames
        list.remove(at: index)
        let active = index < activeFrame ? activeFrame - 1 : min(activeFrame, list.count - 1)
        session.cancel()
        return showFrames(list, active: active)
    }

    /// Removes the active frame (`removeFrame(at:)`).
    @discardableResult
    public mutating func removeActiveFrame() throws(FramingRefusal) -> Changes {
        try removeFrame(at: activeFrame)
    }

    /// Makes the frame at `index` the active one, as one step: the picture turns to its angle
    /// (`.picture` when that differs), the ratio, shape and output size become its own.
    @discardableResult
    public mutating func chooseFrame(_ index: Int) throws(FramingRefusal) -> Changes {
        guard frames.indices.contains(index) else { throw .noSuchFrame(index) }
        guard index != activeFrame else { return [] }
        session.cancel()
        return showFrames(frames, active: index)
    }

    /// Replaces every frame with `found` (Find Photos' prints, Formats' ratios: each search gives the
    /// whole set; the frames before are one undo away, and appending is `setFrames(frames + found)`),
    /// `active` the one to edit: one step. Each crop is made whole and, at an angle, fitted inside its
    /// turned picture. Refused when empty, beyond `FrameState.maximumCount`, several or one at an angle
    /// with a perspective correction, or a frame at an angle with cuts.
    @discardableResult
    public mutating func setFrames(_ found: [FrameState], active: Int = 0) throws(FramingRefusal) -> Changes {
        guard uprightSize != nil else { throw .noPicture }
        guard !found.isEmpty else { throw .lastFrame }
        guard found.count <= FrameState.maximumCount else { throw .tooManyFrames(found.count) }
        guard perspective == nil || found.count == 1 && found[0].angle.isZero else { throw .perspective }
        guard cuts.isEmpty || found.allSatisfy({ $0.angle.isZero }) else { throw .warped }
        guard found.indices.contains(active) else { throw .noSuchFrame(active) }
        session.cancel()
        let fitted = found.map { frame in
            var kept = frame
            kept.crop = frame.angle.isZero ? frame.crop.sanitized : frameBox(angle: frame.angle).fitted(frame.crop)
            return kept
        }
        return showFrames(fitted, active: active)
    }

    /// Renames the frame at `index` (nil or empty: named by its place) as one step.
    @discardableResult
    public mutating func setFrameName(_ name: String?, at index: Int) throws(FramingRefusal) -> Changes {
        guard frames.indices.contains(index) else { throw .noSuchFrame(index) }
        var list = frames
        list[index].name = name.flatMap { $0.isEmpty ? nil : $0 }
        return showFrames(list, active: activeFrame)
    }

    /// Sets the active frame's shape: among several frames a step (it is the frame's), with one the
    /// setting it has always been (the same as assigning `shape`).
    @discardableResult
    public mutating func setShape(_ newShape: CropShape) -> Changes {
        guard newShape != shape else { return [] }
        shape = newShape
        return recorded([.committed, .shown])
    }

    /// Sets the active frame's output size, as `setShape(_:)` sets its shape.
    @discardableResult
    public mutating func setOutputSize(_ size: OutputSize) -> Changes {
        guard size != outputSize else { return [] }
        outputSize = size
        return recorded(.committed)
    }

    /// The box a frame at `angle` is measured on: the picture as shown turned by it (the rectified or
    /// joined picture, never turned, when there is one).
    func frameBox(angle frameAngle: StraightenAngle) -> TurnedPicture {
        if let measured = rectification?.size ?? joined?.size {
            return TurnedPicture(width: measured.width, height: measured.height, angle: .zero)
        }
        return TurnedPicture(width: shownSize.width, height: shownSize.height, angle: frameAngle)
    }

    /// Shows `list` with `active` the frame edited and records it as a step.
    private mutating func showFrames(_ list: [FrameState], active: Int) -> Changes {
        var next = state
        let chosen = list[active]
        next.frames = list
        next.activeFrame = active
        next.crop = chosen.crop
        next.aspectRatio = chosen.aspectRatio
        next.angle = chosen.angle
        let turned = chosen.angle != angle
        show(next)
        return recorded(turned ? [.committed, .picture, .shown] : [.committed, .shown])
    }

    /// Keeps `list` (every frame; empty for the plain single frame) with the frame at `active` in the
    /// editor's fields: its shape, output size and name (crop, ratio and angle are the state's own).
    mutating func installFrames(_ list: [FrameState], active: Int) {
        frameList = list
        activeFrame = list.indices.contains(active) ? active : 0
        guard let chosen = list.indices.contains(activeFrame) ? list[activeFrame] : nil else {
            frameName = nil
            return
        }
        shape = chosen.shape
        outputSize = chosen.outputSize
        frameName = chosen.name
    }
}
