// Zoomed past the display thumbnail's resolution, the canvas asks its SharpRegionLoader for the visible region.

import CGtk
import CropKit
import GtkSupport

extension CropCanvas {
    /// How much the thumbnail may be magnified before a sharp render is worth it.
    public static let sharpThreshold = 1.05

    /// The sharp region shown over the thumbnail, once rendered.
    var sharpTile: SharpTile? {
        guard let tile = sharp.tile else { return nil }
        // With cuts the render is of the picture under the view; the frame draws it joined.
        guard let joined = editor.joined, editor.rectification == nil else { return tile }
        return modes.joinedDisplay.sharpTile(tile, transform: transform, joined: joined)
    }

    /// The region the view shows and the size it needs, when the thumbnail is too coarse for it.
    var neededSharpRequest: SharpRequest? {
        guard let image, image.info != nil, let shownPicture = pictureOnScreen, let viewport else { return nil }
        let surface = shownPicture.image
        // Thumbnail pixels per picture pixel against screen pixels per picture pixel.
        let thumbnailDensity = Double(surface.surface.width) / Double(surface.pixelWidth)
        guard viewport.scale * deviceScale > thumbnailDensity * CropCanvas.sharpThreshold,
            let visible = viewport.visibleFrame
        else { return nil }
        guard visible.width * deviceScale >= 1, visible.height * deviceScale >= 1 else { return nil }
        let boxRegion = viewport.normalizedRect(visible)
        // With cuts, the picture under the joined view: `sharpTile` joins it.
        if let joined = editor.joined, editor.rectification == nil {
            return sharpRegion(underJoined: boxRegion, joined: joined).map {
                SharpRequest(region: $0, scale: viewport.scale * deviceScale)
            }
        }
        // A rectified picture's region is rendered by the export's warp, on the rectified picture.
        if !showsUnrectified, let rectification = editor.rectification {
            guard rectifiedImage != nil else { return nil }
            return SharpRequest(
                region: boxRegion, scale: viewport.scale * deviceScale, rectified: (transform, rectification))
        }
        // At an angle the view shows a turned part of the picture: render what holds all of it.
        guard let shown = shownPicture.angle.isZero ? boxRegion : editor.straightenedPicture.pictureRegion(coveringBox: boxRegion)
        else { return nil }
        return SharpRequest(
            region: shownPicture.transform.storedRect(fromDisplayed: shown),
            scale: viewport.scale * deviceScale)
    }

    /// Asks for a sharp render of what the view shows; drops the sharp region when the thumbnail
    /// suffices again.
    func requestSharpRegionIfNeeded() {
        guard viewGesture == nil, !session.isDragging else { return }
        guard let image, let shown = pictureOnScreen?.image, let request = neededSharpRequest else {
            if sharp.drop() { widget.queueDraw() }
            return
        }
        sharp.want(request, of: shown, decodedFrom: image)
    }

    /// Lets the sharp region go, and any render still on its way. The region is kept across turns
    /// and flips: it is measured on the upright picture.
    func dropSharpRegion() { sharp.drop() }
}
