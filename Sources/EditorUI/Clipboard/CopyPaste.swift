// Copy and Copy and Close: the result as Save writes it, encoded as PNG by the decoder, put on the clipboard.

import CGtk
import CropKit
import Decoding
import Foundation
import GtkSupport
import ImagingCore

/// The clipboard in a window: Copy, Copy and Close, Paste, drops on the window and the drag out of the
/// large preview. It keeps the copy being made and the last result encoded (a drag of the same crop
/// reuses it), and whether the clipboard offers a picture to paste.
@MainActor
final class CopyPaste {
    /// What an encoded result was made from: the same picture, crop and options give the same bytes.
    struct Request: Equatable, Sendable {
        let source: DecoderSource
        let crop: PixelRect
        let options: ExportOptions
    }

    /// An encoded result: the PNG's bytes and the picture's size.
    struct Encoded: Sendable {
        let bytes: Data
        let width: Int
        let height: Int
    }

    unowned let host: any WindowHost
    /// Copy and Close marks the photo's edit saved in the folder's session: its result left by the clipboard.
    let session: FolderSession
    /// The empty page's Paste Image button: shown only while there is something to paste.
    let emptyPageButton: UnsafeMutablePointer<GtkWidget>
    /// A copy is being encoded: another Ctrl+C meanwhile is dropped.
    private(set) var isCopying = false
    /// The last result the decoder encoded, and what it was asked.
    var lastEncoded: (request: Request, result: Encoded)?
    /// Whether the clipboard now offers a picture (as bytes of `imageMimeTypes`, or as files).
    var clipboardOffersImage = false

    init(host: any WindowHost, session: FolderSession, emptyPageButton: UnsafeMutablePointer<GtkWidget>) {
        self.host = host
        self.session = session
        self.emptyPageButton = emptyPageButton
    }

    /// What Copy asks the decoder for, for the crop shown: nil without a file or pasted bytes (the demo).
    var request: Request? {
        guard let picture = host.picture else { return nil }
        let editor = host.canvas.editor
        return Request(
            source: picture.source, crop: editor.cropPixels, options: Saving.exportOptions(editor, outputSize: host.outputSize))
    }

    /// The last result when it answers `request`.
    func reusable(for request: Request) -> Encoded? {
        guard let lastEncoded, lastEncoded.request == request else { return nil }
        return lastEncoded.result
    }

    /// The result of `request` encoded as PNG (with alpha for a circle) now, on this thread: for a drag,
    /// which needs its content at once.
    nonisolated static func encode(_ request: Request, info: ImageInfo) throws(ImagingError) -> Encoded {
        let now = try Saving.probeUnchanged(request.source, info)
        let (result, bytes) = try DecoderPool.shared.encodedExport(
            now, from: request.source, crop: request.crop, format: .png, options: request.options)
        return Encoded(bytes: bytes.withUnsafeBytes { Data($0) }, width: result.width, height: result.height)
    }

    /// The result encoded off the main thread, or the last one when nothing changed since; `done`
    /// runs on the main thread.
    private func encodeResult(_ done: @escaping @MainActor (Result<Encoded, ImagingError>) -> Void) {
        guard let info = host.picture?.info, let request else { return }
        if let result = reusable(for: request) { return done(.success(result)) }
        Task { @MainActor [weak self] in
            let result = await Task.detached(priority: .userInitiated) {
                Result { () throws(ImagingError) in try CopyPaste.encode(request, info: info) }
            }.value
            if case .success(let encoded) = result { self?.lastEncoded = (request, encoded) }
            done(result)
        }
    }

    /// Ctrl+C: the result goes on the clipboard as `image/png`; a toast and the crop area's
    /// description (which Orca speaks) say "Copied, 812 × 440 pixels". `closing`: Ctrl+Shift+C,
    /// the window closes once the copy is on the clipboard, which outlives it (`ClipboardKeeper`).
    func copy(closing: Bool = false) {
        guard !isCopying, host.picture != nil else { return }
        isCopying = true
        // The display's clipboard and the application outlive the window while the copy is made.
        let clipboard = Clipboard.of(host.window)
        let application = host.window.asWindow.application
        application?.hold()
        let edit = SavedEdit(host.canvas.editor)
        encodeResult { [weak self] result in
            defer { application?.release() }
            self?.isCopying = false
            switch result {
            case .success(let encoded):
                let provider = GObjectRef(adopting: Clipboard.provider(bytes: encoded.bytes, mimeType: "image/png").raw)
                withExtendedLifetime(provider) { Clipboard.set(clipboard, provider.as(GdkContentProvider.self)) }
                if let application { ClipboardKeeper.shared.keep(clipboard, for: application) }
                self?.copied(encoded, closing: closing, edit: edit)
            case .failure(let error):
                self?.host.showError(String(format: tr("Could not copy: %@"), error.message))
            }
        }
    }

    /// "Copied, 812 × 440 pixels" in a toast and, once, in the crop area's description; with `closing`,
    /// the window closes, and closing does not ask about this crop: its result left through the clipboard.
    private func copied(_ encoded: Encoded, closing: Bool, edit: SavedEdit) {
        let words = Localization.format(
            // TRANSLATORS: after Copy: the copied picture's width and height in pixels.
            tr("Copied, %1$d × %2$d pixels"), [encoded.width, encoded.height])
        host.canvas.announce(words)
        host.showToast(words)
        guard closing else { return }
        if case .file(let path) = host.picture?.source { session.photoSaved(path, edit: edit) }
        host.window.asWindow.close()
    }
}
