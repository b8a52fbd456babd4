// Zoomed past the display thumbnail's resolution, the canvas asks its SharpRegionLoader for the visible region.

import CGtk
import CropKit
import GtkSupport

extension CropCanvas {
    /// How much the thumbnail may be magnified before a sharp render is worth it.
    public static let sharpThreshold = 1.05

    /// The sharp region shown over the thumbnail, once rendered.
    var sharpTile: SharpTile? { sharp.tile }

    /// The region the view shows and the size it needs, when the thumbnail is too coarse for it.
    var neededSharpRequest: SharpRequest? {
        guard let shownPicture = pictureOnScreen, shownPicture.image.info != nil, let viewport else { return nil }
        let image = shownPicture.image
        // Thumbnail pixels per picture pixel against screen pixels per picture pixel.
        let thumbnailDensity = Double(image.surface.width) / Double(image.pixelWidth)
        guard viewport.scale * deviceScale > thumbnailDensity * CropCanvas.sharpThreshold,
            let visible = viewport.visibleFrame
        else { return nil }
        guard visible.width * deviceScale >= 1, visible.height * deviceScale >= 1 else { return nil }
        // At an angle the view shows a turned part of the picture: render what holds all of it.
        let boxRegion = viewport.normalizedRect(visible)
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
        guard let image = pictureOnScreen?.image, let request = neededSharpRequest else {
            if sharp.drop() { widget.queueDraw() }
            return
        }
        sharp.want(request, of: image)
    }

    /// Lets the sharp region go, and any render still on its way. The region is kept across turns
    /// and flips: it is measured on the upright picture.
    func dropSharpRegion() { sharp.drop() }
}
