// The editing model of one picture: crop session, undo history, ratio, turns, straighten angle, shape and Reset's crop.

/// Everything the user edits about one picture, as one value. The canvas is GTK glue around it:
/// it forwards input here and redraws or notifies according to the `CropEditor.Changes` returned.
/// Per-photo sessions belong here too as they arrive.
public struct CropEditor: Hashable, Sendable {
    /// What an operation changed, so the UI does only the work that follows from it.
    public struct Changes: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The committed edit (crop, ratio or turn) changed: describe it again and tell the window.
        public static let committed = Changes(rawValue: 1 << 0)
        /// Whether undo or redo is possible may have changed.
        public static let history = Changes(rawValue: 1 << 1)
        /// The picture as shown was turned, flipped or straightened: its size (`straightenedSize`) and the view follow.
        public static let picture = Changes(rawValue: 1 << 2)
        /// The crop as drawn changed (a drag moved, or anything committed): redraw.
        public static let shown = Changes(rawValue: 1 << 3)
    }

    /// The committed crop and the drag in progress over it.
    public internal(set) var session = CropSession(crop: .unit)
    /// Every committed state, for undo and redo; begun anew with each picture.
    public internal(set) var history = CropHistory(CropState())
    /// The ratio drags keep; Free by default. A chosen ratio stays chosen across pictures.
    public private(set) var aspectRatio = AspectRatio.free
    /// The user's turns and flips on top of the upright (EXIF-applied) picture.
    public private(set) var orientation = ImageOrientation.up
    /// The straighten angle, applied after `orientation`; the crop is normalized on the turned
    /// picture's bounding box (`straightened`). Change it with `setAngle(_:)` or `changeAngle(to:)`.
    public private(set) var angle = StraightenAngle.zero
    /// The committed state an angle change in progress started from (the dial being dragged), or nil.
    public internal(set) var angleChangeStart: CropState?
    /// The crop's shape: the overlay, the previews and the export follow it.
    public var shape = CropShape.rectangle
    /// The crop Reset returns to, on the picture as shown now before straightening.
    public private(set) var initialCrop = CropRect.unit
    /// The upright picture's size in pixels, or nil before a picture is loaded.
    public private(set) var uprightSize: PixelSize?
    /// The perspective correction the picture is shown with, if any (`CropEditor+Perspective`).
    public internal(set) var perspective: PerspectiveCorrection?
    /// The rectified picture of `perspective`, kept beside it since every frame measures on it.
    public internal(set) var rectification: Rectification?
    /// The active frame's output size; like `shape`, a setting that is a step of its own only among
    /// several frames (`setOutputSize(_:)`).
    public var outputSize = OutputSize.original
    /// Every frame once the picture has several (`CropEditor+Frames`), the active one's entry stale:
    /// the fields above are the active frame. Empty for the plain single frame.
    var frameList: [FrameState] = []
    /// The index of the frame the fields above are (0 for the plain single frame).
    public internal(set) var activeFrame = 0
    /// The active frame's name.
    public internal(set) var frameName: String?
    /// Bands removed from the picture as shown (`CropEditor+Cuts`), and the joined picture they leave.
    public internal(set) var cuts: [PictureCut] = []
    /// The picture `cuts` leave, which every frame measures on; nil without cuts.
    public internal(set) var joined: JoinedPicture?

    public init() {}

    /// The picture's size in pixels as shown (upright, then turned and flipped); 1×1 without one.
    public var shownSize: PixelSize {
        guard let uprightSize else { return PixelSize(width: 1, height: 1) }
        let turned = orientation.displayedSize(storedWidth: uprightSize.width, storedHeight: uprightSize.height)
        return PixelSize(width: turned.width, height: turned.height)
    }

    /// The committed crop.
    public var crop: CropRect { session.committed }
    /// What one undo step restores.
    public var state: CropState {
        CropState(
            crop: session.committed, aspectRatio: aspectRatio, orientation: orientation, angle: angle,
            perspective: perspective, frames: frameList.isEmpty ? [] : frames, activeFrame: activeFrame, cuts: cuts)
    }
    public var canUndo: Bool { history.canUndo }
    public var canRedo: Bool { history.canRedo }

    /// Starts on a new picture of W×H upright pixels with `crop` selected (Reset returns to it):
    /// unturned, with a fresh history, the chosen ratio kept and the crop fitted to it.
    @discardableResult
    public mutating func load(uprightWidth: Int, uprightHeight: Int, crop: CropRect) -> Changes {
        uprightSize = PixelSize(width: max(uprightWidth, 1), height: max(uprightHeight, 1))
        orientation = .up
        angle = .zero
        installPerspective(nil)
        installFrames([], active: 0)
        installCuts([])
        angleChangeStart = nil
        initialCrop = crop.sanitized
        session = CropSession(crop: initialCrop)
        session.lockAspectRatio(aspectRatio, imageWidth: shownSize.width, imageHeight: shownSize.height)
        history = CropHistory(state)
        return [.committed, .history, .picture, .shown]
    }

    /// Drops the picture; the ratio and shape stay chosen for the next one.
    @discardableResult
    public mutating func unload() -> Changes {
        session.cancel()
        uprightSize = nil
        return .shown
    }

    /// Replaces the committed crop (pixel entry, the fixed frame's pan and zoom), ending any drag.
    /// On a straightened picture a crop that reaches outside shrinks about its centre to fit.
    @discardableResult
    public mutating func commit(_ rect: CropRect) -> Changes {
        let wasDragging = session.isDragging
        guard session.commit(rect) else { return wasDragging ? .shown : [] }
        return recorded([.committed, .shown])
    }

    /// Applies a named adjustment (keys, accessibility actions, menus); `.reset` is `reset()`.
    @discardableResult
    public mutating func apply(_ adjustment: CropAdjustment, step: CropSize = CropAdjustment.defaultStep) -> Changes {
        if adjustment == .reset { return reset() }
        guard session.apply(adjustment, step: step, resetTo: initialCrop) else { return .shown }
        return recorded([.committed, .shown])
    }

    /// Returns to the starting crop, ending any drag; a perspective correction goes with it. Among
    /// several frames only the active one returns (the others and the cuts stay), on the joined picture with cuts.
    @discardableResult
    public mutating func reset() -> Changes {
        session.cancel()
        if perspective != nil {
            var next = state
            next.perspective = nil
            next.crop = resetCrop
            show(next)
            return recorded([.committed, .picture, .shown])
        }
        guard session.commit(resetCrop) else { return .shown }
        return recorded([.committed, .shown])
    }

    /// Turns or flips the picture: the crop keeps framing the same content, a fixed ratio turns
    /// with it, and Reset's crop follows. One undoable step.
    @discardableResult
    public mutating func apply(_ change: PictureTransform) -> Changes {
        guard uprightSize != nil else { return [] }
        session.cancel()
        let next = state.applying(change, shownSize: shownSize)
        orientation = next.orientation
        aspectRatio = next.aspectRatio
        angle = next.angle
        installPerspective(next.perspective)
        installFrames(next.frames, active: next.activeFrame)
        installCuts(next.cuts)
        session.straightened = straightened
        session.aspectRatio = lockedRatio
        initialCrop = change.mapped(initialCrop)
        session.commit(next.crop)
        return recorded([.committed, .picture, .shown])
    }

    /// Locks drags to `ratio` and refits the committed crop to the largest frame of it on the same
    /// centre; Free unlocks. A step of its own even when the crop already fits.
    @discardableResult
    public mutating func setAspectRatio(_ ratio: AspectRatio) -> Changes {
        aspectRatio = ratio
        guard uprightSize != nil else { return [] }
        let moved =
            angle.isZero
            ? session.lockAspectRatio(ratio, imageWidth: straightenedSize.width, imageHeight: straightenedSize.height)
            : lockStraightenedAspectRatio()
        return recorded(moved ? [.committed, .shown] : .shown)
    }

    /// Steps back to the previous committed state.
    @discardableResult
    public mutating func undo() -> Changes {
        guard let previous = history.undo() else { return [] }
        return restore(previous)
    }

    /// Steps forward again.
    @discardableResult
    public mutating func redo() -> Changes {
        guard let next = history.redo() else { return [] }
        return restore(next)
    }

    // MARK: Dragging

    /// The normalized ratio drags are held to: the chosen one, or with Shift held the committed
    /// crop's own (the usual "Shift keeps proportions"); nil without a picture or for a free drag.
    public func dragRatio(shiftHeld: Bool) -> Double? {
        guard uprightSize != nil else { return nil }
        if let locked = lockedRatio { return locked }
        guard shiftHeld, session.committed.height > 0 else { return nil }
        return session.committed.width / session.committed.height
    }

    public var isDragging: Bool { session.isDragging }

    /// What a press at a view point would drag (the cursor shows it before any press).
    public func dragTarget(at point: CropPoint, in viewport: Viewport) -> DragTarget {
        session.target(at: point, in: viewport)
    }

    /// Starts a drag at a view point: the handle under it, or a new rectangle outside the frame.
    @discardableResult
    public mutating func beginDrag(at point: CropPoint, in viewport: Viewport) -> DragTarget {
        session.begin(at: point, in: viewport)
    }

    /// Moves the drag: `translation` is the pointer's travel since the press, in view points.
    @discardableResult
    public mutating func updateDrag(translation: CropSize, shiftHeld: Bool) -> Changes {
        guard session.isDragging else { return [] }
        session.aspectRatio = dragRatio(shiftHeld: shiftHeld)
        session.update(translation: translation)
        return .shown
    }

    /// Ends the drag at its last travel and commits what it shows.
    @discardableResult
    public mutating func endDrag(translation: CropSize, shiftHeld: Bool) -> Changes {
        guard session.isDragging else { return [] }
        updateDrag(translation: translation, shiftHeld: shiftHeld)
        let changed = session.end()
        // Shift's lock lasts one drag; keys and later drags keep only the chosen ratio.
        session.aspectRatio = lockedRatio
        return changed ? recorded([.committed, .shown]) : .shown
    }

    /// Drops the drag: exactly the committed crop shows again.
    @discardableResult
    public mutating func cancelDrag() -> Changes {
        guard session.isDragging else { return [] }
        session.cancel()
        session.aspectRatio = lockedRatio
        return .shown
    }

    // MARK: Shared with the extensions

    /// The chosen ratio in normalized units on the picture as shown (on its straightened box),
    /// or nil for Free.
    var lockedRatio: Double? { straightenedPicture.normalizedRatio(aspectRatio) }

    /// Records the committed state as a step, adding `.history` when the step was new. An angle
    /// change in progress ends here: it is part of the step.
    mutating func recorded(_ changes: Changes) -> Changes {
        angleChangeStart = nil
        return history.record(state) ? changes.union(.history) : changes
    }

    /// Shows a state from the history without recording it again.
    private mutating func restore(_ restored: CropState) -> Changes {
        angleChangeStart = nil
        let turned =
            restored.orientation != orientation || restored.angle != angle || restored.perspective != perspective
            || restored.cuts != cuts
        show(restored)
        return turned ? [.committed, .history, .shown, .picture] : [.committed, .history, .shown]
    }

    /// Makes a state the committed one: ratio, turns, angle, crop, frames and cuts.
    mutating func show(_ restored: CropState) {
        aspectRatio = restored.aspectRatio
        orientation = restored.orientation
        angle = restored.angle
        if restored.perspective != perspective { installPerspective(restored.perspective) }
        installFrames(restored.frames, active: restored.activeFrame)
        if restored.cuts != cuts { installCuts(restored.cuts) }
        session.straightened = straightened
        session.aspectRatio = lockedRatio
        session.commit(restored.crop)
    }
}
