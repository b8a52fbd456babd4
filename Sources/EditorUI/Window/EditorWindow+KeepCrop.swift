// Keeping the crop without touching the photo (an XMP sidecar), and saying so when a kept crop is restored.

import CGtk
import Canvas
import CropKit
import Decoding
import Foundation
import GtkSupport
import ImagingCore

extension EditorWindow {
    /// Stores the committed crop in `IMAGE.xmp` off the main thread; the photo is never written.
    func keepCrop() {
        // Without a file (the demo) the action is insensitive; nothing to do if called anyway.
        guard let image = canvas.image, let path = image.path else { return }
        // Kept on the upright picture, as the command line reads it: the box turns and mirrors
        // with the picture, so the same map carries the crop, and a mirror reverses the angle.
        let transform = canvas.transform
        let crop = StoredCrop(
            rect: transform.storedRect(fromDisplayed: canvas.crop), shape: canvas.shape, outputSize: outputSize,
            angle: transform.mirrors ? canvas.editor.angle.reversed : canvas.editor.angle)
        Task { @MainActor [weak self] in
            let result = await Task.detached(priority: .userInitiated) {
                Result { () throws(ImagingError) in try DecoderPool.shared.writeSidecar(crop, for: path) }
            }.value
            guard let self else { return }
            switch result {
            case .success(let backup):
                let name = (Sidecar.path(for: path) as NSString).lastPathComponent
                var message = String(format: tr("Crop kept in “%@”"), name)
                if let backup {
                    message +=
                        " "
                        + String(format: tr("(the unreadable old one is kept as “%@”)"), (backup as NSString).lastPathComponent)
                }
                self.report?(.keptSidecar(Sidecar.path(for: path)))
                self.showToast(message)
            case .failure(let error):
                self.showError(String(format: tr("Could not keep the crop: %@"), error.message))
            }
        }
    }

    /// After opening: the window says where a restored crop came from, or why a sidecar was ignored.
    func announceStoredCrop(_ image: LoadedImage) {
        if let problem = image.sidecarProblem { showError(problem); return }
        guard let stored = image.storedCrop else { return }
        chooseShape(stored.crop.shape, suggestingSquare: false)
        switch stored.source {
        case .sidecar(let path):
            showToast(String(format: tr("Crop restored from “%@”"), (path as NSString).lastPathComponent))
        case .embedded:
            showToast(tr("Crop restored from the photo's own metadata"))
        }
        report?(.restoredCrop(stored.crop.rect))
    }
}
