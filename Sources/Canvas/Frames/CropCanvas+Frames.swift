// Several frames on the crop area: add, remove and choose them by key, action or click, and the other frames' outlines.

import CGtk
import CropKit
import GtkSupport
import Wording

extension CropCanvas {
    /// Adds a copy of the active frame, a little down and right, and makes it active: one undo step.
    public func addFrame() { changeFrames { (e) throws(FramingRefusal) in try e.addFrame() } }

    /// Removes the active frame (the only one stays): one undo step.
    public func removeFrame() { changeFrames { (e) throws(FramingRefusal) in try e.removeActiveFrame() } }

    /// Makes the frame `offset` places on (−1: the one before) active, going round: one undo step.
    public func chooseNextFrame(_ offset: Int = 1) {
        let count = editor.frameCount
        guard count > 1 else { return announce(FramingRefusal.noSuchFrame(1).message) }
        let index = ((editor.activeFrame + offset) % count + count) % count
        chooseFrame(index)
    }

    /// Makes the frame at `index` active: one undo step.
    public func chooseFrame(_ index: Int) { changeFrames { (e) throws(FramingRefusal) in try e.chooseFrame(index) } }

    /// Replaces every frame with `found` (Find Photos' prints), `active` the one edited: one undo step.
    public func setFrames(_ found: [FrameState], active: Int = 0) throws(FramingRefusal) {
        if let refusal = framesChanged({ (e) throws(FramingRefusal) in try e.setFrames(found, active: active) }) {
            throw refusal
        }
    }

    /// Starts the picture shown at kept frames and cuts (a sidecar's, on the upright picture), the
    /// frame at `active` edited: no step to undo, as a kept crop is restored.
    public func restoreFrames(_ kept: [FrameState], active: Int, cuts: [PictureCut]) {
        guard let image else { return }
        stopAnimation()
        edit {
            $0.load(uprightWidth: image.pixelWidth, uprightHeight: image.pixelHeight, frames: kept, active: active, cuts: cuts)
                .union([.committed, .history, .picture, .shown])
        }
    }

    /// Runs a frame change; a refusal is said in the description (Orca speaks it) and changes nothing.
    private func changeFrames(_ change: (inout CropEditor) throws(FramingRefusal) -> CropEditor.Changes) {
        if let refusal = framesChanged(change) { announce(refusal.message) }
    }

    /// Runs a frame change as one step, any drag or animation ended first; the refusal, if it was refused.
    private func framesChanged(_ change: (inout CropEditor) throws(FramingRefusal) -> CropEditor.Changes) -> FramingRefusal? {
        guard image != nil else { return .noPicture }
        stopAnimation()
        if editor.isDragging { edit { $0.cancelDrag() } }
        var refusal: FramingRefusal?
        edit { editor in
            do throws(FramingRefusal) { return try change(&editor) } catch {
                refusal = error
                return []
            }
        }
        return refusal
    }

    /// The other frame whose outline holds `point` (view points), the last drawn first; nil outside them all.
    func otherFrame(at point: CropPoint) -> Int? {
        otherFrameOutlines().last { $0.contains(point) }.map { $0.number - 1 }
    }

    /// The frames other than the active one, in view points, numbered from 1. One at another angle is
    /// measured on the picture turned that way: its corners are carried through the picture onto the
    /// picture as shown now, so it shows turned against the active one.
    func otherFrameOutlines() -> [OtherFramesDrawing.Outline] {
        guard editor.frameCount > 1, !showsUnrectified, let viewport else { return [] }
        let shown = editor.shownSize, angle = editor.angle
        let here = TurnedPicture(width: shown.width, height: shown.height, angle: angle)
        let box = here.boundingSize
        return editor.frames.enumerated().compactMap { index, frame in
            guard index != editor.activeFrame else { return nil }
            guard frame.angle != angle else {
                return OtherFramesDrawing.Outline(number: index + 1, rect: viewport.viewRect(frame.crop))
            }
            let there = TurnedPicture(width: shown.width, height: shown.height, angle: frame.angle)
            let size = there.boundingSize, c = frame.crop
            let corners = [(c.minX, c.minY), (c.maxX, c.minY), (c.maxX, c.maxY), (c.minX, c.maxY)].map { x, y in
                let onPicture = there.picturePoint(fromBox: CropPoint(x: x * Double(size.width), y: y * Double(size.height)))
                let p = here.boxPoint(fromPicture: onPicture)
                return viewport.viewPoint(CropPoint(x: p.x / Double(box.width), y: p.y / Double(box.height)))
            }
            return OtherFramesDrawing.Outline(number: index + 1, corners: corners)
        }
    }

    /// What the other frames draw this frame, nil with one frame.
    var otherFramesDrawing: OtherFramesDrawing? {
        let outlines = otherFrameOutlines()
        return outlines.isEmpty ? nil : OtherFramesDrawing(frames: outlines)
    }

    nonisolated static func installFrameActions(_ klass: UnsafeMutablePointer<GtkWidgetClass>) {
        // Find Photos: the window does the work (it knows the file to search).
        install(.findPhotos, on: klass) { canvas, _ in canvas.onEvent?(.findPhotosAsked) }
        for key in [GDK_KEY_p, GDK_KEY_P] { klass.bindKey(key, to: CanvasAction.findPhotos.detailed) }
        install(.addFrame, on: klass) { canvas, _ in canvas.addFrame() }
        install(.removeFrame, on: klass) { canvas, _ in canvas.removeFrame() }
        install(.nextFrame, on: klass) { canvas, _ in canvas.chooseNextFrame(1) }
        install(.previousFrame, on: klass) { canvas, _ in canvas.chooseNextFrame(-1) }
        for key in [GDK_KEY_n, GDK_KEY_N] { klass.bindKey(key, to: CanvasAction.addFrame.detailed) }
        klass.bindKey(GDK_KEY_f, to: CanvasAction.nextFrame.detailed)
        klass.bindKey(GDK_KEY_F, GDK_SHIFT_MASK, to: CanvasAction.previousFrame.detailed)
        for key in [GDK_KEY_Delete, GDK_KEY_KP_Delete] {
            klass.bindKey(key, GDK_CONTROL_MASK, to: CanvasAction.removeFrame.detailed)
        }
    }
}
