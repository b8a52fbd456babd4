// Keeping the crop without touching the photo (an XMP sidecar), and saying so when a kept crop is restored.

import CGtk
import Canvas
import CropKit
import Decoding
import Foundation
import GtkSupport
import ImagingCore

/// Keep Crop (Ctrl+K) writes the crop beside the photo for later, and opening a photo says where a
/// restored crop came from. It holds nothing of its own.
@MainActor
struct KeepCrop {
    unowned let host: any WindowHost

    /// Stores the committed crop in `IMAGE.xmp` off the main thread; the photo is never written.
    func keep() {
        let canvas = host.canvas
        // Without a file (the demo) the action is insensitive; nothing to do if called anyway.
        guard let path = canvas.image?.path else { return }
        // Kept on the upright picture, as the command line reads it: the box turns and mirrors
        // with the picture, so the same map carries the crop, and a mirror reverses the angle.
        // A perspective correction is kept the same way: its corners on the upright picture, its
        // proportions turned back by a quarter turn, and the crop on the rectified picture turns with it.
        let transform = canvas.transform
        var crop = StoredCrop(
            rect: transform.storedRect(fromDisplayed: canvas.crop), shape: canvas.shape, outputSize: host.outputSize,
            angle: transform.mirrors ? canvas.editor.angle.reversed : canvas.editor.angle,
            perspectiveCorners: canvas.editor.uprightPerspectiveCorners,
            perspectiveRatio: canvas.editor.perspective?.ratio.map { transform.swapsAxes ? 1 / $0 : $0 })
        crop.addFrames(of: canvas.editor)
        let kept = crop
        let host = self.host
        Task { @MainActor [weak host] in
            let result = await Task.detached(priority: .userInitiated) {
                Result { () throws(ImagingError) in try DecoderPool.shared.writeSidecar(kept, for: path) }
            }.value
            guard let host else { return }
            switch result {
            case .success(let backup):
                let name = (Sidecar.path(for: path) as NSString).lastPathComponent
                var message = String(format: tr("Crop kept in “%@”"), name)
                if let backup {
                    message +=
                        " "
                        + String(format: tr("(the unreadable old one is kept as “%@”)"), (backup as NSString).lastPathComponent)
                }
                host.report(.keptSidecar(Sidecar.path(for: path)))
                host.showToast(message)
            case .failure(let error):
                host.showError(String(format: tr("Could not keep the crop: %@"), error.message))
            }
        }
    }

    /// Puts back the frames kept with `image`'s crop, and its cuts with them, if it kept several: no step
    /// to undo. Cuts kept with one frame were made as the picture was set (`EditorWindow.show`).
    private func restoreFrames(_ image: LoadedImage) {
        guard let kept = image.storedCrop?.crop, kept.frames != nil else { return }
        host.canvas.restoreFrames(kept.frameStates, active: kept.activeFrame, cuts: kept.cuts)
    }

    /// The perspective correction kept with `image`'s crop, on the upright picture it opens as; nil
    /// without one, or for corners that make none on this picture.
    static func restoredPerspective(_ image: LoadedImage) -> PerspectiveCorrection? {
        guard let kept = image.storedCrop?.crop, let corners = kept.perspectiveCorners else { return nil }
        return PerspectiveCorrection(
            uprightCorners: corners, picture: PixelSize(width: image.pixelWidth, height: image.pixelHeight),
            ratio: kept.perspectiveRatio)
    }

    /// After opening: the window says where a restored crop came from (and shows its shape), or why a
    /// sidecar was ignored.
    func announceRestored(_ image: LoadedImage) {
        if let problem = image.sidecarProblem { return host.showError(problem) }
        guard let stored = image.storedCrop else { return }
        host.canvas.shape = stored.crop.shape
        restoreFrames(image)
        host.refresh(.frame)
        switch stored.source {
        case .sidecar(let path):
            host.showToast(String(format: tr("Crop restored from “%@”"), (path as NSString).lastPathComponent))
        case .embedded:
            host.showToast(tr("Crop restored from the photo's own metadata"))
        }
        host.report(.restoredCrop(stored.crop.rect))
    }
}
