// Paste and drops on the window: picture bytes open as a picture without a file, files copied in Files open as if opened.

import CGtk
import Decoding
import Foundation
import GtkSupport

extension CopyPaste {
    /// The types of picture data Paste and a drop take, in the order preferred when several are
    /// offered: lossless first. The bytes go to the confined decoder, which reads them all.
    static let imageMimeTypes = [
        "image/png", "image/webp", "image/tiff", "image/jpeg", "image/gif", "image/avif", "image/heif", "image/jxl",
    ]

    /// How long a window started by `--paste` waits for the clipboard's types to arrive, in milliseconds.
    static let clipboardWait: UInt32 = 2000

    /// The types of `formats` that Paste can read as a picture, best first.
    static func imageTypes(in formats: OpaquePointer?) -> [String] {
        let offered = Set(Clipboard.mimeTypes(formats))
        return imageMimeTypes.filter(offered.contains)
    }

    /// Keeps Paste's availability and the empty page's button in step with the clipboard.
    func followClipboard() {
        let clipboard = Clipboard.of(host.window)
        _ = updateOffer(from: clipboard)
        let id = Clipboard.whenChanged(clipboard) { [weak self] in
            guard let self, self.updateOffer(from: clipboard) else { return }
            self.host.refresh(.work)
        }
        // The clipboard belongs to the display, which outlives the window.
        Signal.disconnect(UnsafeMutableRawPointer(clipboard), id, whenDestroyed: host.window)
    }

    /// Reads what `clipboard` offers now; true when the answer changed.
    private func updateOffer(from clipboard: OpaquePointer) -> Bool {
        let formats = Clipboard.formats(clipboard)
        let offers = Clipboard.offersFiles(formats) || !CopyPaste.imageTypes(in: formats).isEmpty
        emptyPageButton.isVisible = offers
        defer { clipboardOffersImage = offers }
        return offers != clipboardOffersImage
    }

    /// Ctrl+V: files copied in Files open as if opened (the first of them); picture data opens as
    /// "Pasted Image".
    func paste() {
        let clipboard = Clipboard.of(host.window)
        let formats = Clipboard.formats(clipboard)
        if Clipboard.offersFiles(formats) {
            Clipboard.readFiles(clipboard) { [weak self] paths in
                guard let self else { return }
                guard let first = paths?.first else { return self.host.showError(tr("The clipboard holds no image")) }
                self.host.open(.file(first))
            }
            return
        }
        let types = CopyPaste.imageTypes(in: formats)
        guard !types.isEmpty else { return host.showError(tr("The clipboard holds no image")) }
        Clipboard.read(clipboard, mimeTypes: types, limit: SealedBytes.standardInputLimit) { [weak self] read in
            guard let self else { return }
            guard let read else { return self.host.showError(tr("The clipboard holds no image")) }
            self.host.open(.pasted(read.bytes))
        }
    }

    /// Paste once GTK knows what the clipboard offers: just after start-up it may not have asked yet.
    func pasteWhenKnown() {
        let clipboard = Clipboard.of(host.window)
        guard Clipboard.mimeTypes(Clipboard.formats(clipboard)).isEmpty else { return paste() }
        var done = false
        let attempt: @MainActor () -> Void = { [weak self] in
            guard !done else { return }
            done = true
            self?.paste()
        }
        let id = Clipboard.whenChanged(clipboard, attempt)
        Timer.once(milliseconds: CopyPaste.clipboardWait) {
            Signal.disconnect(UnsafeMutableRawPointer(clipboard), id)
            attempt()
        }
    }

    /// Files dropped from Files open as if opened; picture data dropped from a browser (no file)
    /// opens as Paste's does.
    func acceptDrops() {
        let formats = Clipboard.formats(mimeTypes: CopyPaste.imageMimeTypes, files: true)
        DragAndDrop.acceptCopies(on: host.window, formats: formats) { [weak self] drop in
            self?.dropped(drop) ?? false
        }
    }

    /// A drop on the window: local files open (the first of them); else picture bytes open as pasted.
    /// The drop is finished once read, as taken or not.
    private func dropped(_ drop: OpaquePointer) -> Bool {
        let formats = DragAndDrop.formats(of: drop)
        let types = CopyPaste.imageTypes(in: formats)
        let readBytes = { [weak self] in
            Clipboard.read(drop: drop, mimeTypes: types, limit: SealedBytes.standardInputLimit) { read in
                DragAndDrop.finish(drop, taken: read != nil)
                if let read { self?.host.open(.pasted(read.bytes)) }
            }
        }
        if Clipboard.offersFiles(formats) {
            Clipboard.readFiles(drop: drop) { [weak self] paths in
                // A browser's list names web addresses, not files: its picture data is what to open.
                if let first = paths?.first {
                    DragAndDrop.finish(drop, taken: true)
                    self?.host.open(.file(first))
                } else if !types.isEmpty {
                    readBytes()
                } else {
                    DragAndDrop.finish(drop, taken: false)
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
