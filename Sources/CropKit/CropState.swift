// One committed editing state (crop, ratio, the user's turns and flips): what undo restores and a turn changes.

/// Everything the user has committed for one picture, as undo and redo restore it.
public struct CropState: Hashable, Sendable {
    /// The crop, normalized on the picture as shown (after `orientation`).
    public var crop: CropRect
    /// The ratio the crop is locked to.
    public var aspectRatio: AspectRatio
    /// The user's turns and flips on top of the upright (EXIF-applied) picture.
    public var orientation: ImageOrientation

    public init(crop: CropRect = .unit, aspectRatio: AspectRatio = .free, orientation: ImageOrientation = .up) {
        self.crop = crop; self.aspectRatio = aspectRatio; self.orientation = orientation
    }

    /// The state after turning or flipping the picture: the frame follows the content, a locked
    /// fixed ratio turns with it, and the transform is composed onto `orientation`.
    public func applying(_ transform: PictureTransform) -> CropState {
        CropState(crop: transform.mapped(crop), aspectRatio: transform.mapped(aspectRatio),
                  orientation: orientation.applying(transform))
    }

    /// The crop on the upright picture, before the user's turns and flips (what a cut of the
    /// upright picture takes, before turning the result by `orientation`).
    public var uprightCrop: CropRect { orientation.storedRect(fromDisplayed: crop) }

    /// The size of the picture as shown for an upright W×H picture.
    public func shownSize(uprightWidth: Int, uprightHeight: Int) -> (width: Int, height: Int) {
        orientation.displayedSize(storedWidth: uprightWidth, storedHeight: uprightHeight)
    }
}
