// Which picture the crop area shows: as it is, turned by the angle, unrectified for perspective mode, or rectified.

import CropKit
import GtkSupport

/// The picture a frame draws and how: the surface, its turn and flip, its straighten angle.
struct PictureOnScreen {
    let image: LoadedImage
    let transform: ImageOrientation
    let angle: StraightenAngle
}

extension CropCanvas {
    /// The picture drawn now. Perspective mode and guided Upright show it unrectified and level; with
    /// cuts it shows joined (`JoinedDisplay`); a
    /// committed correction shows the decoder's rectified picture (`askForRectifiedPicture`), and until
    /// it arrives the picture stretched over the rectified box.
    var pictureOnScreen: PictureOnScreen? {
        guard let image else { return nil }
        if showsUnrectified { return PictureOnScreen(image: image, transform: transform, angle: .zero) }
        if let picture = joinedImage { return PictureOnScreen(image: picture, transform: .up, angle: .zero) }
        guard let rectification = editor.rectification else {
            return PictureOnScreen(image: image, transform: transform, angle: editor.angle)
        }
        if let ready = rectifiedImage { return PictureOnScreen(image: ready, transform: .up, angle: .zero) }
        let size = rectification.size
        let stored = transform.swapsAxes ? (size.height, size.width) : (size.width, size.height)
        let stretched = LoadedImage(
            title: image.title, path: nil, surface: image.surface, pixelWidth: stored.0, pixelHeight: stored.1)
        return PictureOnScreen(image: stretched, transform: transform, angle: .zero)
    }

    /// Has the decoder render the committed correction's picture when a frame would show it and it
    /// is neither here nor on its way.
    func askForRectifiedPicture() {
        guard !showsUnrectified, let image, let key = rectifiedKey, rectified.picture(for: key) == nil else { return }
        rectified.want(key, of: image, limit: ImageSource.windowLimit(widget.size))
    }

    /// What the committed correction's rendered picture is of, or nil without one.
    private var rectifiedKey: RectifiedDisplay.Key? {
        guard let image, let rectification = editor.rectification else { return nil }
        return RectifiedDisplay.Key(source: image.surface, transform: transform, rectification: rectification)
    }

    /// The box the view lays the picture out on: the picture as shown in perspective mode, else the
    /// one the crop is measured on (straightened or rectified).
    var pictureBox: PixelSize { showsUnrectified ? shownSize : editor.straightenedSize }

    /// With cuts, the joined picture at display size, upright as shown (`JoinedDisplay`): what the crop
    /// area and the previews draw from; nil without cuts.
    public var joinedImage: LoadedImage? {
        guard let image, let joined = editor.joined, editor.rectification == nil else { return nil }
        return modes.joinedDisplay.picture(of: image, transform: transform, joined: joined)
    }

    /// The committed correction's rectified picture at display size, once rendered: what the previews draw from.
    public var rectifiedImage: LoadedImage? { rectifiedKey.flatMap(rectified.picture(for:)) }
}
