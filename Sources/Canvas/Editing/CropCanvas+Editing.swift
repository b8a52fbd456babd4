// Editing on the canvas: every operation goes through CropKit's editing model; the drawing, description and window follow.

import CropKit
import GtkSupport

extension CropCanvas {
    /// Runs an operation of the editing model and does what its changes call for: a redraw, the
    /// accessible description and the window (size label, previews, undo buttons).
    @discardableResult
    func edit(_ operation: (inout CropEditor) -> CropEditor.Changes) -> CropEditor.Changes {
        guard isAlive else { return [] }
        let angle = editor.angle
        let changes = operation(&editor)
        if changes.contains(.shown) { widget.queueDraw() }
        if editor.angle != angle { onEvent?(.angleChanged) }
        if changes.contains(.committed) { updateAccessibleDescription() }
        if !changes.isDisjoint(with: [.committed, .history]) { onEvent?(.edited(changes)) }
        return changes
    }

    /// The committed crop.
    public var crop: CropRect { session.committed }
    /// The committed crop and the drag over it.
    var session: CropSession { editor.session }
    /// The ratio drags keep; Free by default.
    public var aspectRatio: AspectRatio { editor.aspectRatio }
    /// The user's turn and flip of the picture, on top of its upright (EXIF-applied) view.
    public var transform: ImageOrientation { editor.orientation }
    /// The crop Reset returns to.
    var initialCrop: CropRect { editor.initialCrop }
    /// Every committed state, for undo and redo.
    var history: CropHistory<CropState> { editor.history }
    /// What one undo step restores: the crop, the ratio in force and the turns.
    var currentState: CropState { editor.state }
    /// The picture's size in pixels as shown: upright, then turned and flipped by `transform`.
    public var shownSize: PixelSize { editor.shownSize }
    /// The box the crop, the view and pixel entry are measured on: the straightened picture's
    /// bounding box (`shownSize` at no angle).
    public var straightenedSize: PixelSize { editor.straightenedSize }

    /// Shows a new image with `crop` selected, straightened by `angle` (a kept crop restored, the
    /// crop then on the turned picture's box); Reset will return to `crop` (at an angle, to the
    /// largest frame inside). Given `editor` (a photo shown before), exactly as it left it: its crop,
    /// angle, shape and undo history. Kept `cuts` (on the upright picture, `crop` then on the joined one)
    /// are made at once, nothing to undo.
    public func setImage(
        _ image: LoadedImage, crop: CropRect, angle: StraightenAngle = .zero, perspective: PerspectiveCorrection? = nil,
        cuts: [PictureCut] = [], editor kept: CropEditor? = nil
    ) {
        guard isAlive else { return }
        // A mode drawn over the old picture (its corners, its lines) means nothing on the new one.
        if showsUnrectified { leaveUnrectifiedMode() }
        self.image = image
        rectified.drop()
        // Cut Out mode stays on, at the new picture's last cut.
        cutOutPictureChanged()
        stopAnimation()
        // A new picture starts whole; its predecessor's zoom and sharp region mean nothing for it.
        zoom = .fit
        viewGesture = nil
        dropSharpRegion()
        // A chosen ratio stays chosen across pictures: the new one's crop is fitted to it.
        if let kept {
            edit {
                $0 = kept
                return [.committed, .history, .picture, .shown]
            }
        } else if !cuts.isEmpty, perspective == nil {
            edit { editor in
                let frame = FrameState(
                    crop: crop, aspectRatio: editor.aspectRatio, angle: angle, shape: editor.shape, outputSize: editor.outputSize)
                return editor.load(uprightWidth: image.pixelWidth, uprightHeight: image.pixelHeight, frames: [frame], cuts: cuts)
            }
        } else {
            edit {
                $0.load(
                    uprightWidth: image.pixelWidth, uprightHeight: image.pixelHeight, crop: crop, angle: angle,
                    perspective: perspective)
            }
        }
    }

    /// Drops the picture (the window shows its empty state instead).
    public func clearImage() {
        stopAnimation()
        if showsUnrectified { leaveUnrectifiedMode() }
        // Nothing to cut without a picture.
        cutOutMode = false
        editor.unload()
        image = nil
        rectified.drop()
        modes.joinedDisplay.drop()
        dropSharpRegion()
        painter.dropCache()
        widget.queueDraw()
    }

    /// Replaces the committed crop (ending any drag) and tells the window.
    public func commit(_ rect: CropRect) {
        edit { $0.commit(rect) }
        widget.queueDraw()
    }

    /// Applies a named adjustment (keys, actions, menus all come here).
    public func apply(_ adjustment: CropAdjustment, step: CropSize = CropAdjustment.defaultStep) {
        if adjustment == .reset { reset(); return }
        stopAnimation()
        edit { $0.apply(adjustment, step: step) }
    }

    /// Turns or flips the picture; the crop keeps framing the same content (CropKit maps it).
    public func apply(_ change: PictureTransform) {
        guard image != nil else { return }
        stopAnimation()
        edit { $0.apply(change) }
    }

    /// Locks drags to `ratio` and refits the committed crop to the largest frame of it on the same
    /// centre; Free unlocks. One commit (undoable as one step later).
    public func setAspectRatio(_ ratio: AspectRatio) {
        if image != nil { stopAnimation() }
        edit { $0.setAspectRatio(ratio) }
    }

    /// Steps back; returns whether there was a step.
    @discardableResult
    public func undo() -> Bool {
        guard editor.canUndo else { return false }
        stopAnimation()
        edit { $0.undo() }
        return true
    }

    /// Steps forward again; returns whether there was a step.
    @discardableResult
    public func redo() -> Bool {
        guard editor.canRedo else { return false }
        stopAnimation()
        edit { $0.redo() }
        return true
    }
}
