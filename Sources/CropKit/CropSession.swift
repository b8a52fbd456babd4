// The committed crop plus the transient drag over it: what is shown, what a release commits, what Escape restores.

/// What a press turned into.
public enum DragTarget: Hashable, Sendable {
    /// One of the nine handles of the frame.
    case handle(CropHandle)
    /// A press outside every grip: dragging spans a new rectangle.
    case newRectangle
}

/// A drag in progress: its target, where it started and how far it has gone, in view points.
public struct CropDrag: Hashable, Sendable {
    public var target: DragTarget
    /// The press point in view points.
    public var start: CropPoint
    /// The pointer's travel since the press, in view points.
    public var translation: CropSize
    /// The viewport when the drag began: one drag is normalized by one on-screen image size.
    public var viewport: Viewport
}

/// The editing state of one crop: the committed crop and an optional transient drag.
/// During a drag only the transient part changes; `end` commits it, `cancel` drops it.
public struct CropSession: Hashable, Sendable {
    public private(set) var committed: CropRect
    public private(set) var drag: CropDrag?
    public var minimumSide: Double
    /// The ratio drags keep, as width ÷ height in normalized units (`AspectRatio.normalizedRatio`),
    /// or nil for a free crop. Changing it does not refit the committed crop (`lockAspectRatio` does).
    public var aspectRatio: Double?
    /// The straightened picture the crop is normalized on and must stay inside, or nil when the
    /// picture is not straightened (then the unit square is the only bound).
    /// Setting it refits the committed crop inside; the editor then commits the crop it carries over.
    public var straightened: TurnedPicture? {
        didSet { if let straightened { committed = straightened.fitted(committed) } }
    }

    public init(crop: CropRect, minimumSide: Double = CropHandle.defaultMinimumSide, aspectRatio: Double? = nil) {
        committed = crop.sanitized
        self.minimumSide = minimumSide
        self.aspectRatio = aspectRatio
    }

    public var isDragging: Bool { drag != nil }

    /// The crop to draw now: the committed crop adjusted by the transient drag.
    public var shown: CropRect {
        guard let drag else { return committed }
        switch drag.target {
        case .handle(let handle):
            let wanted = handle.adjusting(
                committed, by: drag.viewport.normalizedDelta(drag.translation),
                minimumSide: minimumSide, ratio: aspectRatio,
                imageAspect: Double(drag.viewport.imageWidth) / Double(drag.viewport.imageHeight))
            return straightened?.keptInside(
                wanted, from: committed, handle: handle, free: isFree,
                minimumSide: minimumSide) ?? wanted
        case .newRectangle:
            let rect = newRectangle(for: drag)
            guard rect.isLargeEnough(onScreen: drag.viewport.imageFrame.size) else { return committed }
            let wanted = rect.crop(
                minimumSide: minimumSide, ratio: aspectRatio,
                imageAspect: Double(drag.viewport.imageWidth) / Double(drag.viewport.imageHeight))
            return straightened?.keptInside(
                newRectangle: wanted, anchor: rect.anchor, committed: committed,
                free: isFree, minimumSide: minimumSide) ?? wanted
        }
    }

    /// What a press at a view point would drag: the handle under it, or a new rectangle outside
    /// the frame (also what the pointer's cursor shows before any press).
    public func target(at point: CropPoint, in viewport: Viewport) -> DragTarget {
        CropHandle.hitTest(point, frame: viewport.viewRect(committed)).map { .handle($0) } ?? .newRectangle
    }

    /// Starts a drag at a view point: the handle under it, or a new rectangle outside the frame.
    @discardableResult
    public mutating func begin(at point: CropPoint, in viewport: Viewport) -> DragTarget {
        let target = target(at: point, in: viewport)
        drag = CropDrag(target: target, start: point, translation: .zero, viewport: viewport)
        return target
    }

    /// Moves the pointer: `translation` is the travel since the press, in view points.
    public mutating func update(translation: CropSize) {
        guard drag != nil else { return }
        drag?.translation = CropSize(
            width: translation.width.isFinite ? translation.width : 0,
            height: translation.height.isFinite ? translation.height : 0)
    }

    /// Ends the drag and commits what is shown. Returns whether the committed crop changed.
    @discardableResult
    public mutating func end() -> Bool {
        guard drag != nil else { return false }
        let result = shown
        drag = nil
        return commit(result)
    }

    /// Drops the drag; the committed crop is exactly what it was before the press.
    public mutating func cancel() { drag = nil }

    /// Replaces the committed crop (sanitized, and fitted inside the straightened picture by
    /// shrinking about its centre), ending any drag. Returns whether it changed.
    @discardableResult
    public mutating func commit(_ rect: CropRect) -> Bool {
        drag = nil
        let new = straightened?.fitted(rect) ?? rect.sanitized
        guard new != committed else { return false }
        committed = new
        return true
    }

    /// Applies a named adjustment to the committed crop, keeping `aspectRatio`. Returns whether it changed.
    @discardableResult
    public mutating func apply(
        _ adjustment: CropAdjustment, step: CropSize = CropAdjustment.defaultStep,
        resetTo initial: CropRect
    ) -> Bool {
        let wanted = adjustment.applied(
            to: committed, step: step, minimumSide: minimumSide, ratio: aspectRatio,
            resetTo: initial)
        guard let straightened, let handle = adjustment.drag?.handle else { return commit(wanted) }
        return commit(
            straightened.keptInside(
                wanted, from: committed, handle: handle, free: isFree,
                minimumSide: minimumSide))
    }

    /// Whether drags ignore the ratio (none set, or one that is not a positive finite number).
    private var isFree: Bool { RatioLock(ratio: aspectRatio, minimumSide: minimumSide) == nil }

    private func newRectangle(for drag: CropDrag) -> NewRectangle {
        let anchor = drag.viewport.normalizedPoint(drag.start)
        let end = drag.viewport.normalizedPoint(
            CropPoint(
                x: drag.start.x + drag.translation.width,
                y: drag.start.y + drag.translation.height))
        return NewRectangle(anchor: anchor, current: end)
    }
}
