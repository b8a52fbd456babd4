// The canvas's snapshot vfunc: lays out the frame, hands it to FrameOutput, and redraws on focus and high-contrast changes.

import CGtk
import CropKit
import GtkSupport
import LaunchTrace

extension CropCanvas {
    func snapshot(_ snapshot: Snapshot?) {
        let (width, height) = widget.size
        guard let snapshot, width > 0, height > 0 else { return }
        askForRectifiedPicture()
        let shown = pictureOnScreen
        let plan = painter.plan(
            image: shown?.image, crop: shownCrop, width: Double(width), height: Double(height),
            scale: widget.scaleFactor, state: paintState, transform: shown?.transform ?? transform, angle: shown?.angle ?? .zero,
            quick: editor.isChangingAngle || angleKeys.isActive, zoom: viewport?.zoom ?? .fit, sharp: sharpTile)
        frames.show(plan, in: snapshot, renderer: widget.renderer, width: width, height: height, scale: widget.scaleFactor)
        if image != nil { LaunchTrace.mark("first frame of a picture painted") }
        // After a resize the visible region may need a new sharp render.
        if viewGesture == nil, !session.isDragging, !editor.isChangingAngle, !angleKeys.isActive {
            requestSharpRegionIfNeeded()
        }
    }

    var paintState: PaintState {
        var state = PaintState(
            focused: widget.hasVisibleFocus, highContrast: StyleManager.highContrast,
            guides: guideVisibility.shows(dragging: session.isDragging) ? guideStyle : .none,
            shape: shape, fixedFrame: fixedFrame, fineGrid: editor.isChangingAngle, overlay: modes.overlay?.drawing,
            noFrame: showsUnrectified)
        state.otherFrames = otherFramesDrawing
        state.joins = joinLinesDrawing
        return state
    }

    /// Focus and the high-contrast style change the picture: redraw when either changes.
    func installFocusRedraw() {
        Signal.connectInt(widget.raw, "state-flags-changed") { [weak self] _ in self?.widget.queueDraw() }
        StyleManager.onHighContrastChange(until: widget) { [weak self] in self?.widget.queueDraw() }
    }

    /// Draws `image`'s display cache for the canvas's size now, off the main thread; the window
    /// calls it for a session's next and previous photos once their pictures are decoded. If the
    /// canvas changes size first, or the photo is shown turned, the first frame builds its own.
    public func prepare(_ image: LoadedImage) {
        let (width, height) = widget.size
        guard width > 0, height > 0 else { return }
        let scale = widget.scaleFactor
        Task { @MainActor [painter] in
            await painter.prepare(image, width: Double(width), height: Double(height), scale: scale)
        }
    }
}
