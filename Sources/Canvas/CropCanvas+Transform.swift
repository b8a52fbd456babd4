// Turning and flipping the picture on the canvas: the view, the crop and the ratio follow as one undoable step.

import CGtk
import CropKit
import GtkSupport

extension CropCanvas {
    /// Turns or flips the picture; the crop keeps framing the same content (CropKit maps it).
    public func apply(_ change: PictureTransform) {
        guard image != nil else { return }
        stopAnimation()
        edit { $0.apply(change) }
    }
}
