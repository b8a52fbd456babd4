// Perspective mode's model: the quadrilateral being placed over the picture, the corner the keys move, a corner's drag.

/// The quadrilateral being placed in perspective mode, over the picture as shown (unrectified, in
/// its pixels). Only this value changes while a corner is dragged or moved by keys; the editor's
/// committed state changes once, when the mode is applied (`correction`). Every move stops at the
/// limit a valid quadrilateral allows (`PerspectiveQuad.limited`), as the crop frame stops at the
/// picture's edge.
public struct PerspectiveEditing: Hashable, Sendable {
    /// A corner's drag: which corner, and where it was when the drag began.
    public struct CornerDrag: Hashable, Sendable {
        public let corner: PerspectiveQuad.Corner
        public let start: CropPoint
        /// The quadrilateral before the drag, which Escape returns to.
        let before: PerspectiveQuad
    }

    /// The picture's size as shown: the quadrilateral's space.
    public let picture: PixelSize
    public private(set) var quad: PerspectiveQuad
    /// The locked proportions of the result, or nil for the estimated ones.
    public var ratio: Double?
    /// The corner the keys move (the one last dragged).
    public private(set) var selected = PerspectiveQuad.Corner.topLeft
    public private(set) var drag: CornerDrag?

    /// How far in from the picture's edges a new quadrilateral starts, as a fraction of each side:
    /// its grips then sit on the picture, clear of the window's edge.
    public static let startInset = 0.1
    /// A key's step as a fraction of the picture's side; Ctrl moves one pixel instead.
    public static let keyStep = 0.01

    /// Perspective mode on a `picture` of that size, starting from `correction` (the one applied
    /// before, drawn on the same picture) or a quadrilateral set in from the picture's edges.
    public init(picture: PixelSize, starting correction: PerspectiveCorrection? = nil) {
        self.picture = picture
        if let correction, correction.picture == picture {
            quad = correction.quad
            ratio = correction.ratio
        } else {
            quad = PerspectiveEditing.startingQuad(on: picture)
        }
    }

    /// The quadrilateral a new mode starts with: the picture's rectangle set in by `startInset`.
    public static func startingQuad(on picture: PixelSize) -> PerspectiveQuad {
        let w = Double(picture.width), h = Double(picture.height), dx = w * startInset, dy = h * startInset
        return PerspectiveQuad(
            topLeft: CropPoint(x: dx, y: dy), topRight: CropPoint(x: w - dx, y: dy),
            bottomRight: CropPoint(x: w - dx, y: h - dy), bottomLeft: CropPoint(x: dx, y: h - dy))
    }

    /// What applying the mode commits; nil when the quadrilateral cannot be rectified.
    public var correction: PerspectiveCorrection? {
        let made = PerspectiveCorrection(quad: quad, picture: picture, ratio: ratio)
        return made.rectification() == nil ? nil : made
    }

    /// Moves every corner to `found` (Find Document's page), when it can be rectified on this picture.
    @discardableResult
    public mutating func place(_ found: PerspectiveQuad) -> Bool {
        guard found.problem(in: picture) == nil else { return false }
        drag = nil
        quad = found
        return true
    }

    // MARK: The pointer

    /// A corner's view point through `viewport` (which measures the picture as shown).
    public func viewPoint(of corner: PerspectiveQuad.Corner, in viewport: Viewport) -> CropPoint {
        viewport.viewPoint(normalized(quad[corner]))
    }

    /// The corner whose grip (`CropHandle.gripSize` across, centred on it) holds a view point, the
    /// nearest when grips overlap; nil elsewhere.
    public func corner(at point: CropPoint, in viewport: Viewport, grip: Double = CropHandle.gripSize) -> PerspectiveQuad.Corner?
    {
        let half = grip / 2
        let hits = PerspectiveQuad.Corner.allCases.compactMap { corner -> (PerspectiveQuad.Corner, Double)? in
            let c = viewPoint(of: corner, in: viewport)
            let dx = abs(c.x - point.x), dy = abs(c.y - point.y)
            return dx <= half && dy <= half ? (corner, dx * dx + dy * dy) : nil
        }
        return hits.min { $0.1 < $1.1 }?.0
    }

    /// Starts dragging the corner under a view point; false (nothing changes) when none is there.
    @discardableResult
    public mutating func beginDrag(at point: CropPoint, in viewport: Viewport) -> Bool {
        guard let corner = corner(at: point, in: viewport) else { return false }
        drag = CornerDrag(corner: corner, start: quad[corner], before: quad)
        selected = corner
        return true
    }

    /// Moves the dragged corner by the pointer's travel since the press (view points), up to the limit.
    public mutating func updateDrag(translation: CropSize, in viewport: Viewport) {
        guard let drag else { return }
        let delta = viewport.normalizedDelta(translation)
        let proposed = CropPoint(
            x: drag.start.x + delta.width * Double(picture.width), y: drag.start.y + delta.height * Double(picture.height))
        if let moved = drag.before.limited(drag.corner, to: proposed, in: picture) { quad = moved }
    }

    /// Ends the drag where it is; returns whether the quadrilateral changed.
    @discardableResult
    public mutating func endDrag() -> Bool {
        guard let drag else { return false }
        self.drag = nil
        return quad != drag.before
    }

    /// Drops the drag: the quadrilateral is as it was before it.
    public mutating func cancelDrag() {
        guard let drag else { return }
        quad = drag.before
        self.drag = nil
    }

    // MARK: The keys

    /// Chooses the next corner clockwise (or anticlockwise with `backwards`).
    public mutating func selectNext(backwards: Bool = false) { selected = backwards ? selected.previous : selected.next }

    /// Chooses `corner` for the keys.
    public mutating func select(_ corner: PerspectiveQuad.Corner) { selected = corner }

    /// Moves the chosen corner `dx`, `dy` steps (each −1, 0 or 1): a step is `keyStep` of the
    /// picture's side, or one pixel when `fine`; it stops at the limit. Returns whether it moved.
    @discardableResult
    public mutating func moveSelected(dx: Int, dy: Int, fine: Bool) -> Bool {
        let stepX = fine ? 1 : Double(picture.width) * PerspectiveEditing.keyStep
        let stepY = fine ? 1 : Double(picture.height) * PerspectiveEditing.keyStep
        let from = quad[selected]
        let proposed = CropPoint(x: from.x + Double(dx) * stepX, y: from.y + Double(dy) * stepY)
        guard let moved = quad.limited(selected, to: proposed, in: picture), moved != quad else { return false }
        drag = nil
        quad = moved
        return true
    }

    /// Where a corner stands, in whole percent of the picture from its left and top edges: what a
    /// screen reader says of it.
    public func percent(of corner: PerspectiveQuad.Corner) -> (fromLeft: Int, fromTop: Int) {
        let p = normalized(quad[corner])
        return (Int((p.x * 100).rounded()), Int((p.y * 100).rounded()))
    }

    /// A picture point as a fraction of the picture.
    func normalized(_ p: CropPoint) -> CropPoint {
        CropPoint(x: p.x / Double(max(picture.width, 1)), y: p.y / Double(max(picture.height, 1)))
    }
}
