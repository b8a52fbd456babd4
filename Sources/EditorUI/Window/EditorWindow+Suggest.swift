// Suggest: the crop moved to libvips' most interesting spot of the photo, for the ratio in force (with Free, the crop's size).

import CGtk
import CropKit
import Decoding
import Foundation
import GtkSupport
import ImagingCore

extension EditorWindow {
    /// Moves the crop to the smart suggestion (computed off the main thread on a thumbnail of the
    /// file): the largest rectangle of the locked ratio, or with Free a rectangle of the crop's
    /// size. The crop area takes the focus, so a screen reader speaks the new crop.
    func suggest() {
        guard isEnabled(.suggestion), let path = canvas.image?.path else { return }
        let editor = canvas.editor
        let shown = editor.shownSize
        let target: SmartCropTarget
        if let ratio = editor.aspectRatio.pixelRatio(imageWidth: shown.width, imageHeight: shown.height) {
            target = .ratio(ratio)
        } else {
            let pixels = editor.crop.pixelRect(imageWidth: shown.width, imageHeight: shown.height)
            target = .size(PixelSize(width: pixels.width, height: pixels.height))
        }
        let transform = editor.orientation
        finders.isSuggesting = true
        refresh(.work)
        Task { @MainActor [weak self] in
            let result = await Task.detached(priority: .userInitiated) {
                Result { () throws(ImagingError) in
                    try DecoderPool.shared.smartCrop(path: path, transform: transform, target: target)
                }
            }.value
            guard let self, !self.isClosed else { return }
            self.finders.isSuggesting = false
            self.refresh(.work)
            // The photo or its turn changed meanwhile: the suggestion measured another picture.
            guard self.canvas.image?.path == path, self.canvas.editor.orientation == transform else { return }
            switch result {
            case .success(let rect):
                self.canvas.commit(CropRect(pixelRect: rect, imageWidth: shown.width, imageHeight: shown.height))
                self.canvas.widget.grabFocus()
            case .failure(let error):
                self.showError(String(format: tr("Could not suggest a crop: %@"), error.message))
            }
        }
    }
}
