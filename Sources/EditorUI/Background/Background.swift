// Set as Background (Ctrl+F8): the result at the screen's size, written to the backgrounds folder, made the desktop's.

import CGtk
import CropKit
import Decoding
import Foundation
import GtkSupport
import ImagingCore

/// Set as Background makes Output Size "This Screen" (the frame locks to the monitor's ratio), writes
/// the result at the monitor's size to `$XDG_DATA_HOME/backgrounds/`, and makes it the desktop's
/// background; it keeps the background it replaced for the toast's Undo.
@MainActor
final class Background {
    private unowned let host: any WindowHost
    /// Output Size: the screen's size is chosen there.
    private let outputSizing: OutputSizing
    /// The background the last one replaced and the file written for it: what Undo puts back and removes.
    private var undoable: (saved: DesktopBackground.Saved, written: String)?
    /// A background is being made: another Ctrl+F8 meanwhile is dropped.
    private(set) var isSetting = false

    init(host: any WindowHost, outputSizing: OutputSizing) {
        self.host = host
        self.outputSizing = outputSizing
    }

    /// The folder GNOME's Settings lists the user's own backgrounds from.
    static var folder: String { Files.dataFolder + "/backgrounds" }

    /// Ctrl+F8: the result at the screen's size, made the background; a toast says so, with Undo.
    func set() {
        guard !isSetting, host.picture != nil else { return }
        guard let screen = outputSizing.screenSize() else {
            return host.showError(tr("Could not set the background: the screen’s size is not known"))
        }
        let size = OutputSize.pixels(screen)
        if outputSizing.size != size { outputSizing.choose(size) }
        guard let picture = host.picture else { return }
        do {
            try FileManager.default.createDirectory(atPath: Background.folder, withIntermediateDirectories: true)
        } catch {
            return host.showError(String(format: tr("Could not set the background: %@"), error.localizedDescription))
        }
        let editor = host.canvas.editor
        let crop = editor.cropPixels
        let options = Saving.exportOptions(editor, outputSize: size)
        let target = Background.fileName(for: host.photo?.path, shape: editor.shape, in: Background.folder)
        isSetting = true
        // The application outlives its last window until the background is set.
        let application = host.window.asWindow.application
        application?.hold()
        Task { @MainActor [weak self] in
            let written = await Task.detached(priority: .userInitiated) {
                Result { () throws(ImagingError) in
                    let now = try Saving.probeUnchanged(picture.source, picture.info)
                    return try DecoderPool.shared.export(now, from: picture.source, crop: crop, output: target, options: options)
                }
            }.value
            guard let self else {
                application?.release()
                return
            }
            switch written {
            case .success(let exported): self.apply(exported.outputPath) { application?.release() }
            case .failure(let error):
                self.isSetting = false
                application?.release()
                self.host.showError(String(format: tr("Could not set the background: %@"), error.message))
            }
        }
    }

    /// Makes `file` the background, keeping the one it replaces for Undo.
    private func apply(_ file: String, then finished: @escaping @MainActor () -> Void) {
        let saved = DesktopBackground.current()
        DesktopBackground.set(file) { [weak self] outcome in
            defer { finished() }
            guard let self else { return }
            self.isSetting = false
            guard outcome == .done else {
                try? FileManager.default.removeItem(atPath: file)
                if case .failed(let words) = outcome {
                    self.host.showError(String(format: tr("Could not set the background: %@"), words))
                }
                return
            }
            self.undoable = saved.map { ($0, file) }
            let undo = saved == nil ? nil : ToastButton(label: tr("Undo"), action: WindowAction.undoBackground.detailed)
            self.host.tell(tr("Background set"), button: undo)
        }
    }

    /// The toast's Undo: the background before, and the file made for it removed.
    func undo() {
        guard let undoable else { return }
        self.undoable = nil
        DesktopBackground.restore(undoable.saved)
        try? FileManager.default.removeItem(atPath: undoable.written)
        host.tell(tr("Background restored"))
    }

    /// A new file in `folder` for the background made from the photo at `path` (nil: a pasted
    /// picture): `NAME (background).EXT`, numbered when taken, so an earlier background's file, which
    /// Undo may bring back, is never written over. The format is Save's.
    nonisolated static func fileName(for path: String?, shape: CropShape, in folder: String) -> String {
        let saved = path.map { Saving.croppedName(for: $0, shape: shape) } ?? Saving.pastedName()
        let ext = (saved as NSString).pathExtension
        let base = path.map { ((($0 as NSString).lastPathComponent) as NSString).deletingPathExtension } ?? tr("Pasted Image")
        var number = 1
        while true {
            let name = number == 1 ? "\(base) (background).\(ext)" : "\(base) (background \(number)).\(ext)"
            let candidate = (folder as NSString).appendingPathComponent(name)
            if !FileManager.default.fileExists(atPath: candidate) { return candidate }
            number += 1
        }
    }
}
