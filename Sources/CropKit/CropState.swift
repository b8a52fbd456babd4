// One committed editing state (crop, ratio, turns and flips, straighten angle): what undo restores and a turn changes.

/// Everything the user has committed for one picture, as undo and redo restore it.
public struct CropState: Hashable, Sendable {
    /// The crop, normalized on the picture as shown (after `orientation`), or with an `angle` on
    /// the straightened picture's bounding box (`TurnedPicture`).
    public var crop: CropRect
    /// The ratio the crop is locked to.
    public var aspectRatio: AspectRatio
    /// The user's turns and flips on top of the upright (EXIF-applied) picture.
    public var orientation: ImageOrientation
    /// The straighten angle, applied after `orientation`.
    public var angle: StraightenAngle
    /// The perspective correction, on the picture as shown; with one, `crop` is normalized on the
    /// rectified picture and `angle` is zero.
    public var perspective: PerspectiveCorrection?
    /// Every frame of a picture that has (or had) several, in order; empty for the plain single frame,
    /// which is `crop`, `aspectRatio` and `angle` alone. When not empty, `frames[activeFrame]` is the
    /// frame those three describe, with its shape, output size and name.
    public var frames: [FrameState]
    /// The index in `frames` of the frame being edited (0 for the plain single frame).
    public var activeFrame: Int
    /// Bands removed from the picture as shown, in order (`JoinedPicture`); with any, every frame's
    /// crop is normalized on the joined picture, and no angle or perspective goes with them.
    public var cuts: [PictureCut]

    public init(
        crop: CropRect = .unit, aspectRatio: AspectRatio = .free, orientation: ImageOrientation = .up,
        angle: StraightenAngle = .zero, perspective: PerspectiveCorrection? = nil, frames: [FrameState] = [],
        activeFrame: Int = 0, cuts: [PictureCut] = []
    ) {
        self.crop = crop; self.aspectRatio = aspectRatio; self.orientation = orientation; self.angle = angle
        self.perspective = perspective
        self.frames = frames; self.activeFrame = activeFrame; self.cuts = cuts
    }

    /// The state after turning or flipping the picture: the frame follows the content, a locked
    /// fixed ratio turns with it, the transform is composed onto `orientation`, and a flip
    /// reverses the straighten angle (a mirrored clockwise turn is a counterclockwise one). The
    /// straightened picture's box turns or flips exactly as the picture does, so the crop maps as ever.
    /// A perspective's quadrilateral goes with the picture, its corners renamed so the rectified
    /// picture turns and flips as the picture does, and so the crop on it maps as ever too.
    /// Every frame follows as the crop does. The cuts are measured in pixels, so they need the
    /// picture's size: `shownSize`, the picture as shown before the transform (nil leaves them as they are).
    public func applying(_ transform: PictureTransform, shownSize: PixelSize? = nil) -> CropState {
        CropState(
            crop: transform.mapped(crop), aspectRatio: transform.mapped(aspectRatio),
            orientation: orientation.applying(transform), angle: transform.mapped(angle),
            perspective: perspective?.mapped(by: transform), frames: frames.map { $0.applying(transform) },
            activeFrame: activeFrame, cuts: shownSize.map { PictureCut.mapped(cuts, by: transform, on: $0) } ?? cuts)
    }

    /// The crop on the upright picture, before the user's turns and flips (what a cut of the
    /// upright picture takes, before turning the result by `orientation`). Meaningful only with
    /// no `angle`: a straightened crop is on the turned picture's box, not on the picture.
    public var uprightCrop: CropRect { orientation.storedRect(fromDisplayed: crop) }

    /// The size of the picture as shown for an upright W×H picture.
    public func shownSize(uprightWidth: Int, uprightHeight: Int) -> (width: Int, height: Int) {
        orientation.displayedSize(storedWidth: uprightWidth, storedHeight: uprightHeight)
    }
}
