// Perspective on the crop area: the mode entered, applied and cancelled, found pages and Upright committed, the mode's keys.

import CGtk
import CropKit
import GtkSupport
import Wording

extension CropCanvas {
    /// Whether perspective mode is on: the corners over the unrectified picture, no crop frame.
    public var isEditingPerspective: Bool { overlay is PerspectiveOverlay }

    /// Whether the picture shows unrectified now (perspective mode, or guided Upright's lines).
    var showsUnrectified: Bool { overlay is PerspectiveOverlay || overlay is GuidedUprightOverlay }

    /// The perspective mode's quadrilateral and chosen corner, while it is on.
    public var perspectiveEditing: PerspectiveEditing? { (overlay as? PerspectiveOverlay)?.editing }

    /// Enters perspective mode: the corners of the committed correction, or a quadrilateral set in
    /// from the picture's edges, over the picture as shown without it.
    public func beginPerspective() {
        guard image != nil, !isEditingPerspective else { return }
        stopAnimation()
        if editor.isDragging { edit { $0.cancelDrag() } }
        let editing = PerspectiveEditing(picture: shownSize, starting: editor.perspective)
        overlay = PerspectiveOverlay(canvas: self, editing: editing)
        modeChanged()
    }

    /// Applies the mode: the quadrilateral is committed as one undo step and the picture shows
    /// rectified. False (the mode stays on) when the quadrilateral cannot be rectified.
    @discardableResult
    public func applyPerspective() -> Bool {
        guard let editing = perspectiveEditing else { return false }
        guard let correction = editing.correction else {
            announce(tr("These corners cannot be straightened: the shape is too narrow"))
            return false
        }
        describingOnce {
            overlay = nil
            edit { $0.setPerspective(correction) }
            modeChanged()
            announce(tr("Perspective corrected"))
        }
        return true
    }

    /// Leaves perspective mode with nothing changed.
    public func cancelPerspective() {
        guard isEditingPerspective else { return }
        overlay = nil
        modeChanged()
    }

    /// Removes the committed correction as one undo step: the picture shows as it is again.
    public func removePerspective() {
        guard editor.perspective != nil else { return }
        stopAnimation()
        edit { $0.setPerspective(nil) }
    }

    /// The proportions the result is held to (the mode's, or the committed correction's); nil: estimated.
    public var perspectiveRatio: Double? { perspectiveEditing?.ratio ?? editor.perspective?.ratio }

    /// Locks the result's proportions (nil: the estimated ones): in the mode for when it is
    /// applied, otherwise on the committed correction as one undo step.
    public func setPerspectiveRatio(_ ratio: Double?) {
        if let mode = overlay as? PerspectiveOverlay {
            mode.setRatio(ratio)
            return
        }
        edit { $0.setPerspectiveRatio(ratio) }
    }

    /// A page found on the picture as shown (in its pixels): in the mode its corners move there,
    /// to be adjusted and applied; otherwise it is committed at once as one undo step.
    public func placeFoundDocument(_ quad: PerspectiveQuad) {
        guard image != nil else { return }
        if let mode = overlay as? PerspectiveOverlay {
            mode.place(quad)
            return
        }
        stopAnimation()
        edit { $0.setPerspective(PerspectiveCorrection(quad: quad, picture: $0.shownSize, ratio: nil)) }
    }

    /// Upright's correction on the picture as shown, committed as one undo step with the proportions it was made at.
    public func applyUpright(_ rectification: Rectification) {
        guard image != nil else { return }
        if isEditingPerspective { overlay = nil; modeChanged() }
        stopAnimation()
        let ratio = Double(rectification.size.width) / Double(rectification.size.height)
        edit { $0.setPerspective(PerspectiveCorrection(quad: rectification.quad, picture: $0.shownSize, ratio: ratio)) }
    }

    /// Guided Upright: each drag draws a line that should be plumb; the second applies the correction.
    public var guidedUprightMode: Bool {
        get { overlay is GuidedUprightOverlay }
        set {
            guard newValue != guidedUprightMode, image != nil || !newValue else { return }
            if isEditingPerspective { cancelPerspective() }
            overlay = newValue ? GuidedUprightOverlay(canvas: self) : nil
            pictureShownChanged()
        }
    }

    /// Ends perspective mode or guided Upright with nothing changed (a new picture, none).
    func leaveUnrectifiedMode() {
        let wasPerspective = isEditingPerspective
        overlay = nil
        if wasPerspective { modeChanged() } else { pictureShownChanged() }
    }

    /// The picture shown changed between rectified and not: the view fits it again.
    func pictureShownChanged() {
        zoom = .fit
        dropSharpRegion()
        widget.queueDraw()
    }

    /// The mode came or went: the view fits the picture shown now, and the window hears it.
    private func modeChanged() {
        zoom = .fit
        dropSharpRegion()
        setPerspectiveKeysEnabled(isEditingPerspective)
        updateAccessibleDescription()
        widget.queueDraw()
        onEvent?(.perspectiveModeChanged(isEditingPerspective))
    }

    // MARK: Keys

    /// The mode's keys: C and Shift+C choose the next and previous corner, Return applies; the
    /// arrows (`keyAdjust`) move the chosen corner while the mode is on, and Escape (`escape`) leaves it.
    nonisolated static func installPerspectiveActions(_ klass: UnsafeMutablePointer<GtkWidgetClass>) {
        install(.findDocument, on: klass) { canvas, _ in canvas.onEvent?(.findDocumentAsked) }
        install(.upright, on: klass) { canvas, _ in canvas.onEvent?(.uprightAsked) }
        install(.perspectiveKey, on: klass, parameterType: "(si)") { canvas, parameter in
            guard let (what, value) = parameter?.stringAndInt, let mode = canvas.overlay as? PerspectiveOverlay else { return }
            switch what {
            case "corner": mode.selectNext(backwards: value < 0)
            case "apply": canvas.applyPerspective()
            default: canvas.cancelPerspective()
            }
        }
        for key in [GDK_KEY_d, GDK_KEY_D] { klass.bindKey(key, to: CanvasAction.findDocument.detailed) }
        for key in [GDK_KEY_u, GDK_KEY_U] { klass.bindKey(key, to: CanvasAction.upright.detailed) }
        let key = CanvasAction.perspectiveKey.detailed
        klass.bindKey(GDK_KEY_c, to: key, string: "corner", int: 1)
        klass.bindKey(GDK_KEY_C, GDK_SHIFT_MASK, to: key, string: "corner", int: -1)
        for enter in [GDK_KEY_Return, GDK_KEY_KP_Enter] { klass.bindKey(enter, to: key, string: "apply", int: 0) }
    }

    /// The mode's keys answer only while it is on, so C and Return do their usual work otherwise.
    func setPerspectiveKeysEnabled(_ enabled: Bool) {
        widget.setActionEnabled(CanvasAction.perspectiveKey.detailed, enabled)
    }

    /// An arrow key in perspective mode: the chosen corner moves a step (a pixel with Ctrl).
    /// Returns false when the mode is off, so the arrow moves the crop as usual.
    func movePerspectiveCorner(_ adjustment: CropAdjustment, unit: CropAdjustment.StepUnit) -> Bool {
        guard let mode = overlay as? PerspectiveOverlay else { return false }
        let (dx, dy): (Int, Int)
        switch adjustment {
        case .moveLeft, .makeNarrower: (dx, dy) = (-1, 0)
        case .moveRight, .makeWider: (dx, dy) = (1, 0)
        case .moveUp, .makeShorter: (dx, dy) = (0, -1)
        case .moveDown, .makeTaller: (dx, dy) = (0, 1)
        case .reset: return true
        }
        mode.moveSelected(dx: dx, dy: dy, fine: unit == .pixel)
        return true
    }

    /// The Escape key: a drag in progress goes back; otherwise perspective mode or guided Upright ends
    /// with nothing changed; otherwise the owner hears of it (a search of the window's is cancelled).
    func escape() {
        if input.drag != nil || editor.isDragging {
            cancelDrag()
        } else if isEditingPerspective {
            cancelPerspective()
        } else if isCuttingOut {
            cutOutMode = false
        } else if guidedUprightMode {
            guidedUprightMode = false
            onEvent?(.perspectiveModeChanged(false))
        } else {
            onEvent?(.escapeUnused)
        }
    }
}
