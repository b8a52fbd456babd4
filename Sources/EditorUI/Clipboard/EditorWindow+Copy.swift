// Copy (Ctrl+C) and Copy and Close (Ctrl+Shift+C): the result exactly as Save would write it, encoded as PNG by the confined decoder, put on the clipboard.

import CGtk
import CropKit
import Decoding
import Foundation
import GtkSupport
import ImagingCore

extension EditorWindow {
    /// What Copy asks the decoder for, for the crop shown: nil without a file or pasted bytes (the demo).
    var copyRequest: CopyController.Request? {
        guard let picture else { return nil }
        return CopyController.Request(
            source: picture.source, crop: canvas.editor.cropPixels,
            options: EditorWindow.exportOptions(canvas.editor, outputSize: outputSize))
    }

    /// The result encoded as PNG (with alpha for a circle) off the main thread, or the last one when
    /// nothing changed since; `done` runs on the main thread.
    func encodeResult(_ done: @escaping @MainActor (Result<CopyController.Encoded, ImagingError>) -> Void) {
        guard let picture, let request = copyRequest else { return }
        if let result = saving.copy.reusable(for: request) { return done(.success(result)) }
        let info = picture.info
        Task { @MainActor [weak self] in
            let result = await Task.detached(priority: .userInitiated) {
                Result { () throws(ImagingError) in
                    let now = try EditorWindow.probeUnchanged(request.source, info)
                    let (result, bytes) = try DecoderPool.shared.encodedExport(
                        now, from: request.source, crop: request.crop, format: .png, options: request.options)
                    return CopyController.Encoded(
                        bytes: bytes.withUnsafeBytes { Data($0) }, width: result.width, height: result.height)
                }
            }.value
            if case .success(let encoded) = result { self?.saving.copy.last = (request, encoded) }
            done(result)
        }
    }

    /// Ctrl+C: the result goes on the clipboard as `image/png`; a toast and the crop area's
    /// description (which Orca speaks) say "Copied, 812 × 440 pixels". `closing`: Ctrl+Shift+C,
    /// the window closes once the copy is on the clipboard, which outlives it (`ClipboardKeeper`).
    func copyResult(closing: Bool = false) {
        guard !saving.copy.isCopying, picture != nil else { return }
        saving.copy.isCopying = true
        // The display's clipboard and the application outlive the window while the copy is made.
        let clipboard = Clipboard.of(window)
        let application = gtk_window_get_application(window.asWindow).flatMap { cgtk_gapplication($0.raw) }
        if let application { g_application_hold(application) }
        let edit = SavedEdit(canvas.editor)
        encodeResult { [weak self] result in
            defer { if let application { g_application_release(application) } }
            self?.saving.copy.isCopying = false
            switch result {
            case .success(let encoded):
                let provider = Clipboard.provider(bytes: encoded.bytes, mimeType: "image/png")
                Clipboard.set(clipboard, provider)
                g_object_unref(UnsafeMutableRawPointer(provider))
                if let application { ClipboardKeeper.shared.keep(clipboard, for: application) }
                guard let self else { return }
                self.announceCopy(encoded)
                if closing {
                    // Its result left through the clipboard: closing does not ask about this crop.
                    if case .file(let path) = self.picture?.source { self.photoSaved(path, edit: edit) }
                    self.window.asWindow.close()
                }
            case .failure(let error):
                self?.showError(String(format: tr("Could not copy: %@"), error.message))
            }
        }
    }

    /// "Copied, 812 × 440 pixels" in a toast and, once, in the crop area's description.
    private func announceCopy(_ encoded: CopyController.Encoded) {
        let words = Localization.format(
            // TRANSLATORS: after Copy: the copied picture's width and height in pixels.
            tr("Copied, %1$d × %2$d pixels"), [encoded.width, encoded.height])
        canvas.announce(words)
        showToast(words)
    }
}
