// The named adjustments (the crop area's screen-reader actions) as one model operation for keys, actions and menus.

/// A named change to the crop; the UI, key bindings and accessibility actions all call this.
public enum CropAdjustment: String, CaseIterable, Hashable, Sendable {
    case moveLeft, moveRight, moveUp, moveDown
    case makeWider, makeNarrower, makeTaller, makeShorter
    case reset

    /// How far an action moves or resizes the frame, as a fraction of the image (5 %: twenty steps cross it).
    public static let defaultStep = CropSize(width: 0.05, height: 0.05)

    /// The unit of a keyboard step: a percent of the image, or one image pixel (with Ctrl).
    public enum StepUnit: Int, Sendable, CaseIterable {
        case percent = 0, pixel = 1
    }

    /// The step for a key press: 1 % of the image, or one pixel of a W×H image on each axis.
    public static func keyStep(_ unit: StepUnit, imageWidth: Int, imageHeight: Int) -> CropSize {
        switch unit {
        case .percent: return CropSize(width: 0.01, height: 0.01)
        case .pixel: return CropSize(width: 1 / Double(max(imageWidth, 1)), height: 1 / Double(max(imageHeight, 1)))
        }
    }

    /// The adjustment with this action name (`move-left`, …), if any.
    public init?(actionName: String) {
        guard let match = CropAdjustment.allCases.first(where: { $0.actionName == actionName }) else { return nil }
        self = match
    }

    /// The action name without its group, e.g. `move-left` (the widget exports `crop.move-left`).
    public var actionName: String {
        rawValue.reduce(into: "") { name, c in
            if c.isUppercase { name += "-" + c.lowercased() } else { name.append(c) }
        }
    }

    /// The handle the adjustment drags and the direction (in steps) it drags it, or nil for reset.
    public var drag: (handle: CropHandle, dx: Double, dy: Double)? {
        switch self {
        case .moveLeft: return (.body, -1, 0)
        case .moveRight: return (.body, 1, 0)
        case .moveUp: return (.body, 0, -1)
        case .moveDown: return (.body, 0, 1)
        case .makeWider: return (.right, 1, 0)
        case .makeNarrower: return (.right, -1, 0)
        case .makeTaller: return (.bottom, 0, 1)
        case .makeShorter: return (.bottom, 0, -1)
        case .reset: return nil
        }
    }

    /// The crop after this adjustment: moves drag the body, wider/narrower the right edge,
    /// taller/shorter the bottom edge, by `step`; reset returns `initial` (never refitted to a ratio).
    /// With a `ratio` (normalized width ÷ height) the resizes keep it, as a dragged edge does.
    public func applied(
        to rect: CropRect, step: CropSize = CropAdjustment.defaultStep,
        minimumSide: Double = CropHandle.defaultMinimumSide, ratio: Double? = nil,
        resetTo initial: CropRect
    ) -> CropRect {
        guard let drag else { return initial.sanitized }
        return drag.handle.adjusting(
            rect.sanitized,
            by: CropSize(width: drag.dx * step.width, height: drag.dy * step.height),
            minimumSide: minimumSide, ratio: ratio)
    }
}
