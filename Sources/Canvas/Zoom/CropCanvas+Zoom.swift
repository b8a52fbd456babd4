// The view of the picture: its layout, zoom and pan from gestures, keys and the wheel, fit and 100 %, the fixed frame's view.

import CGtk
import CropKit
import Foundation
import GtkSupport

extension CropCanvas {
    /// Points one notch of a mouse wheel pans by.
    nonisolated static let wheelPanStep = 48.0
    /// Touchpad scroll deltas (in surface points) per zoom step with Ctrl held.
    nonisolated static let touchpadZoomDistance = 20.0

    /// The crop as drawn now: an animation frame, a drag in progress, a pan or zoom of the picture
    /// under the fixed frame, or the committed crop.
    var shownCrop: CropRect {
        if fixedFrame, let viewGesture, let layout = fixedLayout {
            return editor.fixedFrameCrop(layout.applying(viewGesture, to: session.committed, minimumSide: session.minimumSide))
        }
        return resetAnimation.animation?.rect(at: frameTime) ?? session.shown
    }

    /// The widget's size in points.
    var viewSize: CropSize {
        let (width, height) = widget.size
        return CropSize(width: Double(width), height: Double(height))
    }

    /// The fixed-frame mode's layout for the picture as shown.
    var fixedLayout: FixedFrame? {
        guard image != nil else { return nil }
        let size = pictureBox
        return FixedFrame(imageWidth: size.width, imageHeight: size.height, viewSize: viewSize)
    }

    /// The committed zoom in the widget's current size, kept within the rules (a resize may need it).
    var committedViewport: Viewport? {
        guard image != nil else { return nil }
        let size = pictureBox
        return Viewport(imageWidth: size.width, imageHeight: size.height, viewSize: viewSize, zoom: zoom).clamped
    }

    /// The image's layout as drawn now: CropKit's zoom with any gesture in progress, or, with the
    /// frame fixed, the layout that shows the crop in the frame.
    var viewport: Viewport? {
        if fixedFrame { return fixedLayout?.viewport(for: shownCrop) }
        guard let committed = committedViewport else { return nil }
        return viewGesture.map { $0.applied(to: committed) } ?? committed
    }

    // MARK: Transient gestures (pinch, middle drag, Space drag, the fixed frame's drag)

    func beginViewGesture(at anchor: CropPoint) {
        guard image != nil, !session.isDragging else { return }
        stopAnimation()
        viewGesture = ViewGesture(anchor: anchor)
    }

    func updateViewGesture(scale: Double? = nil, translation: CropSize) {
        guard let gesture = viewGesture else { return }
        viewGesture = ViewGesture(anchor: gesture.anchor, scale: scale ?? gesture.scale, translation: translation)
        widget.queueDraw()
    }

    /// Commits what the gesture shows: the zoom, or (frame fixed) the crop under the frame.
    func endViewGesture() {
        guard let gesture = viewGesture else { return }
        viewGesture = nil
        applyViewChange(gesture)
    }

    func cancelViewGesture() {
        guard viewGesture != nil else { return }
        viewGesture = nil
        widget.queueDraw()
    }

    /// A pan or zoom taken at once (keys, wheel notches) or at the end of a gesture.
    func applyViewChange(_ change: ViewGesture) {
        if fixedFrame {
            if let layout = fixedLayout {
                commit(editor.fixedFrameCrop(layout.applying(change, to: session.committed, minimumSide: session.minimumSide)))
            }
        } else if let committed = committedViewport {
            zoom = change.applied(to: committed).zoom
        }
        viewChanged()
    }

    /// After every committed zoom or pan: redraw, tell the window, fetch a sharp region if needed.
    func viewChanged() {
        widget.queueDraw()
        onEvent?(.zoomChanged)
        requestSharpRegionIfNeeded()
    }

    // MARK: Keys, wheel and double-click

    /// The frame's centre on screen: where keyboard zooms keep still.
    private var frameCentre: CropPoint {
        guard let viewport else { return CropPoint(x: viewSize.width / 2, y: viewSize.height / 2) }
        let frame = viewport.viewRect(crop)
        return CropPoint(x: frame.midX, y: frame.midY)
    }

    /// Zoom around the frame's centre: the window's zoom in and out (Ctrl+plus, and plus while the
    /// crop area has focus) come here.
    public func zoomFromKeyboard(by factor: Double) {
        guard image != nil, !session.isDragging else { return }
        applyViewChange(ViewGesture(anchor: frameCentre, scale: factor))
    }

    /// Ctrl+0 and a double-click outside the frame: the whole picture again (with the frame
    /// fixed, the crop grows as far as the picture allows).
    public func zoomToFit() {
        guard image != nil, !session.isDragging else { return }
        if fixedFrame {
            applyViewChange(ViewGesture(anchor: frameCentre, scale: 1e-9))
        } else {
            zoom = .fit
            viewChanged()
        }
    }

    /// Ctrl+1: one image pixel per device pixel, around the frame's centre.
    public func zoomToActualPixels() {
        guard image != nil, !session.isDragging, let viewport else { return }
        applyViewChange(ViewGesture(anchor: frameCentre, scale: 1 / deviceScale / viewport.scale))
    }

    /// The zoom as a percentage of actual pixels, for the window's indicator.
    public var zoomPercent: Double? {
        guard let viewport else { return nil }
        return viewport.zoomPercent(deviceScale: deviceScale)
    }

    func scrolled(dx: Double, dy: Double, controller: EventController) -> Bool {
        guard image != nil, !session.isDragging, viewGesture == nil else { return false }
        let wheel = controller.scrollsByWheel
        if controller.holds(GDK_CONTROL_MASK) {
            let steps = wheel ? -dy : -dy / CropCanvas.touchpadZoomDistance
            let anchor = input.position ?? frameCentre
            applyViewChange(ViewGesture(anchor: anchor, scale: pow(Viewport.zoomStep, steps)))
            return true
        }
        // Shift turns a wheel's vertical notches into horizontal ones, as everywhere in GTK.
        var delta = CropSize(width: dx, height: dy)
        if controller.holds(GDK_SHIFT_MASK), dx == 0 { delta = CropSize(width: dy, height: 0) }
        let step = wheel ? CropCanvas.wheelPanStep : 1
        // Scrolling moves the view over the picture: the picture goes the other way.
        applyViewChange(
            ViewGesture(
                anchor: frameCentre,
                translation: CropSize(
                    width: -delta.width * step,
                    height: -delta.height * step)))
        return true
    }

    func doubleClicked(at point: CropPoint) {
        guard let viewport, !session.isDragging else { return }
        let outside =
            fixedFrame
            ? !viewport.viewRect(crop).contains(point)
            : session.target(at: point, in: viewport) == .newRectangle
        if outside { zoomToFit() }
    }

    /// Entering or leaving the fixed-frame mode keeps the crop; leaving it keeps the picture
    /// where the fixed frame had put it, as far as the handle mode's rules allow.
    func fixedFrameChanged() {
        viewGesture = nil
        if input.drag == .pan { input.drag = nil }
        if !fixedFrame, let layout = fixedLayout {
            zoom = layout.viewport(for: crop).clamped.zoom
        }
        showCursor(fixedFrame ? "grab" : nil)
        viewChanged()
    }
}
