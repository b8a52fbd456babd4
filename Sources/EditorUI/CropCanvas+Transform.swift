// Turning and flipping the picture on the canvas: the view, the crop and the ratio follow as one undoable step.

import CGtk
import CropKit
import GtkSupport

extension CropCanvas {
    /// Turns or flips the picture; the crop keeps framing the same content (CropKit maps it).
    func apply(_ change: PictureTransform) {
        guard image != nil else { return }
        stopAnimation()
        session.cancel()
        let next = currentState.applying(change)
        transform = next.orientation
        aspectRatio = next.aspectRatio
        session.aspectRatio = aspectRatio.normalizedRatio(imageWidth: shownSize.width, imageHeight: shownSize.height)
        // Reset returns to the starting crop on the picture as it is shown now.
        initialCrop = change.mapped(initialCrop)
        if !session.commit(next.crop) { recordHistory() }
        didCommit()
        gtk_widget_queue_draw(widget)
    }
}
