// Save with several frames: every frame written beside the photo as NAME-1.EXT, NAME-2.EXT…, one question, one toast.

import CropKit
import Decoding
import Foundation
import GtkSupport
import ImagingCore
import Wording

extension Saving {
    /// The files the frames of `editor` are saved as beside the photo at `path`: `NAME-LABEL.EXT`, labels
    /// from `FrameNaming`, each frame's format as Save chooses it for its shape.
    nonisolated static func frameNames(for path: String, _ editor: CropEditor) -> [String] {
        let url = URL(fileURLWithPath: path)
        let stem = url.deletingPathExtension().lastPathComponent
        let folder = url.deletingLastPathComponent()
        return zip(editor.frames, editor.frameOutputs).map { frame, output in
            let ext = (croppedName(for: path, shape: frame.shape) as NSString).pathExtension
            return folder.appendingPathComponent(FrameNaming.fileName(stem: stem, label: output.label, extension: ext)).path
        }
    }

    /// Ctrl+S with several frames: every frame written, asking once before replacing any file;
    /// `then` runs once the saves have started.
    func saveFrames(of path: String, then: (@MainActor () -> Void)?) {
        let targets = Saving.frameNames(for: path, host.canvas.editor)
        let existing = targets.filter { FileManager.default.fileExists(atPath: $0) }
        guard !existing.isEmpty else {
            exportFrames(to: targets)
            then?()
            return
        }
        let heading =
            existing.count == 1
            ? String(format: tr("Replace “%@”?"), (existing[0] as NSString).lastPathComponent)
            // TRANSLATORS: Asked before Save writes a picture's frames over files of the same names.
            : Localization.format(trn("Replace %d file?", "Replace %d files?", existing.count), [existing.count])
        confirm(
            heading: heading,
            body: tr("A file with this name already exists beside the photo. Replacing it overwrites its contents."),
            action: tr("_Replace")
        ) { [weak self] in
            self?.exportFrames(to: targets)
            then?()
        }
    }

    /// Save All (Ctrl+Shift+L): every frame of the photo beside it as Save writes them (one frame: the
    /// crop as `NAME (cropped)`), asking once before replacing any file.
    func saveAllFrames() { save() }

    /// Exports every frame to its target, in order, off the main thread; one toast says they were
    /// saved, or one error names each that failed, as saving several photos does.
    private func exportFrames(to targets: [String]) {
        guard let picture = host.picture else { return }
        writeFrames(from: picture.source, info: picture.info, editor: host.canvas.editor, to: targets) { [weak self] failures in
            self?.framesSaved(targets, failures: failures, source: picture.source)
        }
    }

    /// Writes each frame of `editor` to its target of `targets` off the main thread, in order, all in
    /// one decoder job (`DecoderPool.export(_:from:frames:temporaryName:)`: a scan's prints from one
    /// decode of it); one that fails leaves the others to be written. `done` gets a line for each
    /// failure ("NAME: reason"). Queued as one save, after the saves asked for before it.
    func writeFrames(
        from source: DecoderSource, info: ImageInfo, editor: CropEditor, to targets: [String],
        done: @escaping @MainActor ([String]) -> Void
    ) {
        let base = Saving.exportOptions(editor, outputSize: host.outputSize)
        let frames = zip(editor.frameOutputs, targets).map { output, target in
            DecoderPool.FrameExport(crop: output.crop, output: target, options: base.making(output))
        }
        let edit = SavedEdit(editor)
        // The application outlives its last window until the saves are written (closing does not cut them short).
        queue.enqueue(holding: host.window.asWindow.application) { [weak self] in
            let results = await Task.detached(priority: .userInitiated) { () -> [Result<ExportResult, ImagingError>] in
                do throws(ImagingError) {
                    let now = try Saving.probeUnchanged(source, info)
                    return DecoderPool.shared.export(now, from: source, frames: frames)
                } catch {
                    return frames.map { _ in .failure(error) }
                }
            }.value
            var failures: [String] = []
            for (target, result) in zip(targets, results) {
                switch result {
                case .success: self?.markSaved(source, edit: edit)
                case .failure(let error): failures.append("\((target as NSString).lastPathComponent): \(error.message)")
                }
            }
            done(failures)
        }
    }

    private func framesSaved(_ targets: [String], failures: [String], source: DecoderSource) {
        if failures.isEmpty {
            noteSaved(targets[0], from: source)
            // TRANSLATORS: The toast after Save wrote every frame of a picture (%d of them) beside it.
            host.showToast(
                Localization.format(trn("Saved %d frame", "Saved %d frames", targets.count), [targets.count]),
                button: ToastButton(label: tr("Show in Files"), action: WindowAction.showInFiles.detailed))
        } else {
            host.showError(Localization.format(tr("Could not save: %s"), [failures.joined(separator: "; ")]))
        }
        host.refresh(.work)
    }
}
