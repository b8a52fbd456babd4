// Paste (Ctrl+V, the empty page's Paste Image): an image on the clipboard opens as a picture without a file, its bytes sealed for the decoder; image files copied in Files open as if opened.

import CGtk
import Canvas
import CropKit
import Decoding
import Foundation
import GtkSupport
import ImagingCore

extension EditorWindow {
    /// Keeps Paste's availability and the empty page's button in step with the clipboard.
    func followClipboard() {
        let clipboard = Clipboard.of(window)
        _ = loading.paste.update(from: clipboard)
        let id = Clipboard.whenChanged(clipboard) { [weak self] in
            guard let self, self.loading.paste.update(from: clipboard) else { return }
            self.updateActions()
        }
        // The clipboard belongs to the display, which outlives the window.
        Signal.connect(window.raw, "destroy") { g_signal_handler_disconnect(UnsafeMutableRawPointer(clipboard), gulong(id)) }
    }

    /// Ctrl+V: files copied in Files open as if opened (the first of them); picture data opens as
    /// "Pasted Image".
    func paste() {
        let clipboard = Clipboard.of(window)
        let formats = Clipboard.formats(clipboard)
        if Clipboard.offersFiles(formats) {
            Clipboard.readFiles(clipboard) { [weak self] paths in
                guard let self else { return }
                guard let first = paths?.first else { return self.showError(tr("The clipboard holds no image")) }
                self.open(path: first)
            }
            return
        }
        let types = PasteController.imageTypes(in: formats)
        guard !types.isEmpty else { return showError(tr("The clipboard holds no image")) }
        Clipboard.read(clipboard, mimeTypes: types, limit: SealedBytes.standardInputLimit) { [weak self] read in
            guard let self else { return }
            guard let read else { return self.showError(tr("The clipboard holds no image")) }
            self.openPasted(read.bytes)
        }
    }

    /// Opens picture bytes (pasted, or dropped from a browser) as a picture without a file: sealed
    /// in a memfd for the decoder, never written to a file; titled "Pasted Image".
    func openPasted(_ bytes: Data) {
        guard !isClosed else { return }
        let name = tr("Pasted Image")
        let sealed: SealedBytes
        do {
            sealed = try SealedBytes([UInt8](bytes), name: name)
        } catch {
            return showError(String(format: tr("Could not open %@"), error.message))
        }
        let generation = loading.supersede()
        loading.isLoading = true
        pages.show("editor")
        loading.show(name)
        let limit = ImageSource.screenLimit()
        Task { @MainActor [weak self] in
            let result = await ImageSource.load(sealed, maxWidth: limit.width, maxHeight: limit.height)
            guard let self, generation == self.loading.generation, !self.isClosed else { return }
            self.loading.isLoading = false
            switch result {
            case .success(let image):
                self.keepCurrentEdit()
                self.show(image, crop: .unit)
                self.header.title.setWindowSubtitle(nil)
                self.endLoading()
                self.refresh(.work)
            case .failure(let error):
                self.endLoading()
                self.showError(String(format: tr("Could not open %@"), error.message))
            }
        }
    }
}

extension EditorWindow {
    /// How long a window started by `--paste` waits for the clipboard's types to arrive, in milliseconds.
    static let clipboardWait: UInt32 = 2000

    /// Paste once GTK knows what the clipboard offers: just after start-up it may not have asked yet.
    func pasteWhenKnown() {
        let clipboard = Clipboard.of(window)
        guard Clipboard.mimeTypes(Clipboard.formats(clipboard)).isEmpty else { return paste() }
        var done = false
        let attempt: @MainActor () -> Void = { [weak self] in
            guard !done else { return }
            done = true
            self?.paste()
        }
        let id = Clipboard.whenChanged(clipboard, attempt)
        Timer.once(milliseconds: EditorWindow.clipboardWait) {
            g_signal_handler_disconnect(UnsafeMutableRawPointer(clipboard), gulong(id))
            attempt()
        }
    }
}

extension EditorWindow {
    /// A drop on the window: local files open (the first of them); else picture bytes open as pasted.
    /// The drop is finished once read, as taken or not.
    func dropped(_ drop: OpaquePointer) -> Bool {
        let formats = gdk_drop_get_formats(drop)
        let types = PasteController.imageTypes(in: formats)
        let finish = { (taken: Bool) in gdk_drop_finish(drop, taken ? GDK_ACTION_COPY : GdkDragAction(0)) }
        let readBytes = { [weak self] in
            Clipboard.read(drop: drop, mimeTypes: types, limit: SealedBytes.standardInputLimit) { read in
                finish(read != nil)
                if let read { self?.openPasted(read.bytes) }
            }
        }
        if Clipboard.offersFiles(formats) {
            Clipboard.readFiles(drop: drop) { [weak self] paths in
                // A browser's list names web addresses, not files: its picture data is what to open.
                if let first = paths?.first {
                    finish(true)
                    self?.open(path: first)
                } else if !types.isEmpty {
                    readBytes()
                } else {
                    finish(false)
                }
            }
        } else if !types.isEmpty {
            readBytes()
        } else {
            return false
        }
        return true
    }
}
