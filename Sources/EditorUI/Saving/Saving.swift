// Saving the crop: Save, Save As, the questions before replacing, Save and Next, Save All, the export off the main thread.

import CGtk
import CropKit
import Decoding
import Foundation
import GtkSupport
import ImagingCore

/// A window's saves: what Save, Save As, Ctrl+Return and closing with unsaved crops write, in the
/// order asked, with a toast for each; the last result, for the toast's Show in Files.
@MainActor
final class Saving {
    unowned let host: any WindowHost
    /// The folder's photos: a save marks its edit saved there, and Ctrl+Return goes on to the next.
    private let session: FolderSession
    /// The saves running or waiting their turn.
    let queue = SaveQueue()
    /// The file the last save wrote, for the toast's Show in Files, and the picture it was saved from (Open With).
    private(set) var lastSavedPath: String?
    private(set) var lastSavedSource: DecoderSource?
    /// The Save As dialog while it is open (its only owner).
    private var saveDialog: GObjectRef?

    init(host: any WindowHost, session: FolderSession) {
        self.host = host
        self.session = session
    }

    /// Whether a save is running or waiting.
    var isSaving: Bool { queue.isSaving }

    /// Ctrl+S: writes `NAME (cropped).EXT` beside the source, asking before replacing one; `then`
    /// runs once the save has started (Ctrl+Return goes on to the next photo), not if it was cancelled.
    func save(then: (@MainActor () -> Void)? = nil) {
        // A pasted picture has no folder to save beside: Save asks where.
        if host.photo == nil, host.picture != nil { return saveAs() }
        // Without a file (the demo) the action is insensitive; nothing to do if called anyway.
        guard let photo = host.photo else { return }
        if host.canvas.editor.frameCount > 1 { return saveFrames(of: photo.path, then: then) }
        let target = Saving.croppedName(for: photo.path, shape: host.canvas.shape)
        guard FileManager.default.fileExists(atPath: target) else {
            export(to: target, overwritingSource: false)
            then?()
            return
        }
        confirm(
            heading: String(format: tr("Replace “%@”?"), (target as NSString).lastPathComponent),
            body: tr("A file with this name already exists beside the photo. Replacing it overwrites its contents."),
            action: tr("_Replace")
        ) { [weak self] in
            self?.export(to: target, overwritingSource: false)
            then?()
        }
    }

    /// Ctrl+Return: saves the crop beside the photo and goes on to the next one (the save runs on in
    /// the background; with a result to replace, after the person agreed).
    func saveAndNext() {
        save { [weak self] in self?.session.go(to: .next) }
    }

    /// Ctrl+Shift+S: the file chooser; replacing the source itself needs its own confirmation.
    func saveAs() {
        // One chooser at a time: a second would replace the first's reference.
        guard host.picture != nil, saveDialog == nil else { return }
        let path = host.photo?.path
        let folder = path.map { ($0 as NSString).deletingLastPathComponent } ?? Saving.picturesFolder
        let name =
            path.map { (Saving.croppedName(for: $0, shape: host.canvas.shape) as NSString).lastPathComponent }
            ?? Saving.pastedName()
        saveDialog = FileChooser.present(
            title: tr("Save Cropped Image"), over: host.window, action: GTK_FILE_CHOOSER_ACTION_SAVE, accept: tr("_Save"),
            cancel: tr("_Cancel"), start: FileChooser.Start(folder: folder, name: name)
        ) { [weak self] chosen in
            guard let self else { return }
            self.saveDialog = nil
            if let chosen { self.saveChosen(chosen, source: path) }
        }
    }

    /// After Save As: the chooser already asked about replacing other files; the source gets its own question.
    func saveChosen(_ target: String, source: String?) {
        guard let source, FileIdentity.same(target, source) else { return export(to: target, overwritingSource: false) }
        confirm(
            heading: tr("Replace the original photo?"),
            body: tr("The original will be overwritten by the cropped picture. This cannot be undone."),
            action: tr("_Replace Original")
        ) { [weak self] in self?.export(to: target, overwritingSource: true) }
    }

    /// Exports the committed crop off the main thread; the window stays usable, a toast reports.
    func export(to target: String, overwritingSource: Bool) {
        guard let picture = host.picture else { return }
        let editor = host.canvas.editor
        // Save As with several frames writes the one edited, and says which.
        let place = editor.frameCount > 1 ? (editor.activeFrame, editor.frameCount) : nil
        write(from: picture.source, info: picture.info, editor: editor, to: target, overwritingSource: overwritingSource) {
            [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let exported):
                (self.lastSavedPath, self.lastSavedSource) = (exported.outputPath, picture.source)
                self.host.showToast(
                    Saving.savedWords(exported, frame: place),
                    button: ToastButton(label: tr("Show in Files"), action: WindowAction.showInFiles.detailed))
                // The original is now the cropped picture: show what is on disk.
                if overwritingSource, case .file(let path) = picture.source {
                    self.session.forget(path)
                    self.host.open(.file(path))
                }
            case .failure(let error):
                self.host.showError(String(format: tr("Could not save: %@"), error.message))
            }
            self.host.refresh(.work)
        }
    }

    /// "Saved “NAME”", with "(lossless)" or what the format could not carry, said where the user looks
    /// (the command line warns).
    private static func savedWords(_ exported: ExportResult, frame: (index: Int, count: Int)? = nil) -> String {
        let name = (exported.outputPath as NSString).lastPathComponent
        if let frame {
            // TRANSLATORS: Save As with several frames wrote only the one edited (%1$d) of them all (%2$d);
            // follows "Saved “NAME”".
            let only = Localization.format(tr("(frame %1$d of %2$d only; Save writes them all)"), [frame.index + 1, frame.count])
            return savedWords(exported) + " " + only
        }
        guard !exported.leftOut.isEmpty else {
            return String(format: exported.lossless ? tr("Saved “%@” (lossless)") : tr("Saved “%@”"), name)
        }
        let what = exported.leftOut.map(\.what).joined(separator: tr(" and "))
        return String(format: tr("Saved “%@” without %@"), name, what)
    }

    /// Saves each photo's crop beside it as `NAME (cropped).EXT` (each frame of one with several as
    /// `NAME-1.EXT`…, `frameNames`), one after another in the background;
    /// `done` gets a line for each failure ("NAME: reason"), none when every one was saved.
    func saveAll(_ paths: [String], done: @escaping @MainActor ([String]) -> Void) {
        session.keepCurrentEdit()
        var failures: [String] = [], left = paths.count
        func finished(_ failure: String?) {
            if let failure { failures.append(failure) }
            left -= 1
            if left == 0 { done(failures) }
        }
        guard !paths.isEmpty else { return done([]) }
        for path in paths {
            let name = (path as NSString).lastPathComponent
            guard let editor = session.editor(for: path), let info = session.info(for: path) else {
                finished("\(name): \(tr("its crop was not kept"))")
                continue
            }
            // A photo with several frames writes each, as Save does, and counts as one.
            guard editor.frameCount == 1 else {
                let targets = Saving.frameNames(for: path, editor)
                writeFrames(from: .file(path), info: info, editor: editor, to: targets) { failed in
                    finished(failed.isEmpty ? nil : "\(name): \(failed.joined(separator: ", "))")
                }
                continue
            }
            let target = Saving.croppedName(for: path, shape: editor.shape)
            write(from: .file(path), info: info, editor: editor, to: target, overwritingSource: false) { result in
                if case .failure(let error) = result { finished("\(name): \(error.message)") } else { finished(nil) }
            }
        }
    }

    /// Writes `editor`'s crop of the photo at `path` (opened with `info`) to `target` off the main
    /// thread, once the saves asked for before it are done (two saves of one target land in the
    /// order asked); a success marks that edit of the photo saved. `finished` runs before the save
    /// stops counting as running.
    func write(
        from source: DecoderSource, info: ImageInfo, editor: CropEditor, to target: String, overwritingSource: Bool,
        finished: @escaping @MainActor (Result<ExportResult, ImagingError>) -> Void
    ) {
        // Pixels of the picture as shown; the export turns, flips and straightens the result the same way.
        let options = Saving.exportOptions(editor, outputSize: host.outputSize, overwritingSource: overwritingSource)
        write(
            from: source, info: info, crop: editor.cropPixels, options: options, edit: SavedEdit(editor), to: target,
            finished: finished)
    }

    /// Writes `crop` of the picture with `options` to `target` as `write(from:info:editor:…)` does, `edit`
    /// the photo's edit a success marks saved.
    func write(
        from source: DecoderSource, info: ImageInfo, crop: PixelRect, options: ExportOptions, edit: SavedEdit, to target: String,
        finished: @escaping @MainActor (Result<ExportResult, ImagingError>) -> Void
    ) {
        // The application outlives its last window until the save is written (closing does not cut it short).
        queue.enqueue(holding: host.window.asWindow.application) { [weak self] in
            let result = await Task.detached(priority: .userInitiated) {
                Result { () throws(ImagingError) in
                    let now = try Saving.probeUnchanged(source, info)
                    return try DecoderPool.shared.export(now, from: source, crop: crop, output: target, options: options)
                }
            }.value
            if case .success = result { self?.markSaved(source, edit: edit) }
            finished(result)
        }
    }

    /// Marks `edit` of the photo `source` is saved (a file's: bytes are no photo of the folder).
    func markSaved(_ source: DecoderSource, edit: SavedEdit) {
        if case .file(let path) = source { session.photoSaved(path, edit: edit) }
    }

    /// Remembers the file a save wrote and the picture it came from (Show in Files, Open With).
    func noteSaved(_ path: String, from source: DecoderSource) { (lastSavedPath, lastSavedSource) = (path, source) }

    /// Asks before something destructive; `onConfirm` runs only for the destructive answer.
    func confirm(heading: String, body: String, action: String, onConfirm: @escaping @MainActor () -> Void) {
        MessageDialog.present(
            over: host.window, heading: heading, body: body,
            responses: [
                DialogResponse(id: "cancel", label: tr("_Cancel")),
                DialogResponse(id: "replace", label: action, appearance: ADW_RESPONSE_DESTRUCTIVE),
            ], defaultResponse: "cancel"
        ) { response in
            if response == "replace" { onConfirm() }
        }
    }
}
