// Trim Borders in the window: the crop moved to the picture inside its plain or transparent border, measured by the decoder off the main thread.

import CGtk
import CropKit
import Decoding
import Foundation
import ImagingCore
import Wording

/// Trim Borders' state (one measure at a time) and its work: the decoder finds the content's box on
/// the picture as shown, CropKit's `BorderTrim` places the crop (of the locked ratio, when there is one),
/// and the crop area commits it as one undo step and takes the focus, so a screen reader speaks it.
@MainActor
final class TrimController {
    /// A measure is running: Trim Borders waits for it.
    private(set) var isTrimming = false

    /// Whether Trim Borders can be asked for on `window` now: a picture from a file (the demo is
    /// drawn, it has no bytes to measure), none running, and no angle (the border is found on the
    /// upright picture, as `--crop=trim` finds it).
    func isAvailable(in window: EditorWindow) -> Bool {
        window.canvas.image?.decoderSource != nil && window.canvas.image?.info != nil && !isTrimming
            && window.canvas.editor.angle.isZero
    }

    /// Trims `window`'s crop; "Nothing to trim" in a toast when the picture has no border.
    func trim(_ window: EditorWindow) {
        guard isAvailable(in: window), let image = window.canvas.image, let source = image.decoderSource, let info = image.info
        else {
            return
        }
        let editor = window.canvas.editor
        let shown = editor.shownSize
        let ratio = editor.aspectRatio.pixelRatio(imageWidth: shown.width, imageHeight: shown.height)
        let transform = editor.orientation
        isTrimming = true
        window.refresh(.work)
        Task { @MainActor [weak self, weak window] in
            let result = await Task.detached(priority: .userInitiated) {
                Result { () throws(ImagingError) in
                    try DecoderPool.shared.trimBorders(info, from: source, transform: transform, ratio: ratio)
                }
            }.value
            guard let self else { return }
            self.isTrimming = false
            guard let window, !window.isClosed else { return }
            window.refresh(.work)
            // The photo, its turn or its angle changed meanwhile: the measure was of another picture.
            guard window.canvas.image?.decoderSource == source, window.canvas.editor.orientation == transform,
                window.canvas.editor.angle.isZero
            else { return }
            switch result {
            case .success(.crop(let rect)):
                window.canvas.commit(CropRect(pixelRect: rect, imageWidth: shown.width, imageHeight: shown.height))
                window.canvas.widget.grabFocus()
            case .success(.nothingToTrim):
                window.showToast(tr("Nothing to trim"))
            case .failure(let error):
                window.showError(String(format: tr("Could not trim the borders: %@"), error.message))
            }
        }
    }
}
