// Dragging the result out of the large preview: a PNG image and a file in the user's cache folder, removed at the end.

import CGtk
import Decoding
import Foundation
import GtkSupport
import ImagingCore

/// The drag source on the large preview and the files it leaves for the drop's receiver.
@MainActor
enum DragOut {
    /// Where dragged results are written: `$XDG_CACHE_HOME/crop-editor/drag-PID/`, this process's
    /// own (two running editors never share one), removed whole when the application ends.
    static let folder: String = (Files.cacheFolder as NSString).appendingPathComponent("crop-editor/drag-\(getpid())")

    /// Lets the person drag the result out of `widget` (the large preview) into another
    /// application: chat applications and browsers take the PNG, Files takes the file.
    static func install(on widget: UnsafeMutablePointer<GtkWidget>, for copyPaste: CopyPaste) {
        DragAndDrop.offerCopy(from: widget) { [weak copyPaste] in copyPaste.flatMap(content) }
    }

    /// The result as a save would write it, as PNG bytes and a file; nil (no drag) without a file
    /// to crop or when the decoder fails. Made now, while the drag starts, unless Copy made it
    /// already: a drag needs its content at once.
    private static func content(for copyPaste: CopyPaste) -> UnsafeMutablePointer<GdkContentProvider>? {
        guard let request = copyPaste.request, let info = copyPaste.host.picture?.info else { return nil }
        let encoded: CopyPaste.Encoded
        if let reused = copyPaste.reusable(for: request) {
            encoded = reused
        } else {
            do {
                encoded = try CopyPaste.encode(request, info: info)
            } catch {
                copyPaste.host.showError(String(format: tr("Could not copy: %@"), error.message))
                return nil
            }
            copyPaste.lastEncoded = (request, encoded)
        }
        let name = URL(fileURLWithPath: request.source.path).deletingPathExtension().lastPathComponent + " (cropped).png"
        guard let file = write(encoded.bytes, named: name) else {
            return Clipboard.provider(bytes: encoded.bytes, mimeType: "image/png")
        }
        return Clipboard.provider(bytes: encoded.bytes, mimeType: "image/png", file: file)
    }

    /// Writes `bytes` as `name` in `folder` (replacing an earlier drag's file of that name); its path, or nil.
    private static func write(_ bytes: Data, named name: String) -> String? {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let file = try AtomicFile(target: (folder as NSString).appendingPathComponent(name))
            try file.create { descriptor in bytes.withUnsafeBytes { AtomicFile.writeAll($0, to: descriptor) } }
            try file.commit()
            return file.target
        } catch {
            return nil
        }
    }

    /// At the application's end: the dragged files go (the receivers copied them when they took the drop).
    static func removeFiles() {
        try? FileManager.default.removeItem(atPath: folder)
    }
}
