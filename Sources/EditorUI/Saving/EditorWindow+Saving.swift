// Saving the crop: Save beside the source, Save As, confirmations before replacing, export off the main thread, a toast.

import CGtk
import CropKit
import Decoding
import Foundation
import GtkSupport
import ImagingCore

extension EditorWindow {
    /// The file being edited, or nil for the demo (which has no file to crop).
    var source: (path: String, info: ImageInfo)? {
        guard let image = canvas.image, let path = image.path, let info = image.info else { return nil }
        return (path, info)
    }

    /// The picture being edited as the decoder reads it, a file or pasted bytes; nil for the demo.
    var picture: (source: DecoderSource, info: ImageInfo)? {
        guard let image = canvas.image, let source = image.decoderSource, let info = image.info else { return nil }
        return (source, info)
    }

    /// A pasted picture's name in Save's dialog: "Pasted Image 2026-12-02 14-03-11.png" (the time it is saved).
    nonisolated static func pastedName(at date: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH-mm-ss"
        return "\(tr("Pasted Image")) \(formatter.string(from: date)).png"
    }

    /// Where Save's dialog starts for a pasted picture: the Pictures folder (home without one).
    nonisolated static var picturesFolder: String {
        if let folder = g_get_user_special_dir(G_USER_DIRECTORY_PICTURES) { return String(cString: folder) }
        return String(cString: g_get_home_dir())
    }

    /// `NAME (cropped).EXT` beside the source; formats we cannot write (GIF, HEIF) become PNG, and
    /// so does a circle crop of a format without transparency (JPEG, TIFF).
    nonisolated static func croppedName(for path: String, shape: CropShape = .rectangle) -> String {
        let url = URL(fileURLWithPath: path)
        let base = url.deletingPathExtension().lastPathComponent
        let format = OutputFormat(path: path)
        let keepsExtension = shape == .circle ? format?.holdsCircle == true : format != nil
        let ext = keepsExtension ? url.pathExtension : "png"
        return url.deletingLastPathComponent().appendingPathComponent("\(base) (cropped).\(ext)").path
    }

    /// Ctrl+S: writes `NAME (cropped).EXT` beside the source, asking before replacing one; `then`
    /// runs once the save has started (Ctrl+Return goes on to the next photo), not if it was cancelled.
    func save(then: (@MainActor () -> Void)? = nil) {
        // A pasted picture has no folder to save beside: Save asks where.
        if source == nil, picture != nil { return saveAs() }
        // Without a file (the demo) the action is insensitive; nothing to do if called anyway.
        guard let source else { return }
        let target = EditorWindow.croppedName(for: source.path, shape: canvas.shape)
        if FileManager.default.fileExists(atPath: target) {
            confirm(
                heading: String(format: tr("Replace “%@”?"), (target as NSString).lastPathComponent),
                body: tr("A file with this name already exists beside the photo. Replacing it overwrites its contents."),
                action: tr("_Replace")
            ) { [weak self] in
                self?.export(to: target, overwritingSource: false)
                then?()
            }
        } else {
            export(to: target, overwritingSource: false)
            then?()
        }
    }

    /// Ctrl+Shift+S: the file chooser; replacing the source itself needs its own confirmation.
    func saveAs() {
        guard picture != nil else { return }
        let path = source?.path
        let folder = path.map { ($0 as NSString).deletingLastPathComponent } ?? EditorWindow.picturesFolder
        let name =
            path.map { (EditorWindow.croppedName(for: $0, shape: canvas.shape) as NSString).lastPathComponent }
            ?? EditorWindow.pastedName()
        // One chooser at a time: a second would replace the first's reference.
        guard saving.saveDialog == nil else { return }
        saving.saveDialog = FileChooser.present(
            title: tr("Save Cropped Image"), over: window, action: GTK_FILE_CHOOSER_ACTION_SAVE,
            accept: tr("_Save"),
            configure: { chooser in
                let start = GObjectRef(adopting: g_file_new_for_path(folder).raw)
                gtk_file_chooser_set_current_folder(chooser, start.opaque, nil)
                gtk_file_chooser_set_current_name(chooser, name)
            },
            answered: { [weak self] chosen in
                guard let self else { return }
                self.saving.saveDialog = nil
                guard let chosen else { return }
                self.saveChosen(chosen, source: path)
            })
    }

    /// After Save As: the chooser already asked about replacing other files; the source gets its own question.
    func saveChosen(_ target: String, source: String?) {
        if let source, FileIdentity.same(target, source) {
            confirm(
                heading: tr("Replace the original photo?"),
                body: tr("The original will be overwritten by the cropped picture. This cannot be undone."),
                action: tr("_Replace Original")
            ) { [weak self] in self?.export(to: target, overwritingSource: true) }
        } else {
            export(to: target, overwritingSource: false)
        }
    }

    /// Exports the committed crop off the main thread; the window stays usable, a toast reports.
    func export(to target: String, overwritingSource: Bool) {
        guard let picture else { return }
        write(from: picture.source, info: picture.info, editor: canvas.editor, to: target, overwritingSource: overwritingSource) {
            [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let exported):
                self.saving.lastSavedPath = exported.outputPath
                let name = (exported.outputPath as NSString).lastPathComponent
                let message: String
                if exported.leftOut.isEmpty {
                    message = String(format: exported.lossless ? tr("Saved “%@” (lossless)") : tr("Saved “%@”"), name)
                } else {
                    // What the format could not carry, said where the user looks (the command line warns).
                    let what = exported.leftOut.map(\.what).joined(separator: tr(" and "))
                    message = String(format: tr("Saved “%@” without %@"), name, what)
                }
                self.showToast(message, button: (label: tr("Open"), action: WindowAction.openResult.detailed))
                // The original is now the cropped picture: show what is on disk.
                if overwritingSource, case .file(let path) = picture.source { self.reopenReplaced(path) }
            case .failure(let error):
                self.showError(String(format: tr("Could not save: %@"), error.message))
            }
            self.refresh(.work)
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
        let crop = editor.cropPixels
        let options = EditorWindow.exportOptions(editor, outputSize: outputSize, overwritingSource: overwritingSource)
        let edit = SavedEdit(editor)
        // The application outlives its last window until the save is written (closing does not cut it short).
        let application = gtk_window_get_application(window.asWindow).flatMap { cgtk_gapplication($0.raw) }
        saving.enqueue(holding: application) { [weak self] in
            let result = await Task.detached(priority: .userInitiated) {
                Result { () throws(ImagingError) in
                    let now = try EditorWindow.probeUnchanged(source, info)
                    return try DecoderPool.shared.export(now, from: source, crop: crop, output: target, options: options)
                }
            }.value
            if case .success = result, case .file(let path) = source { self?.photoSaved(path, edit: edit) }
            finished(result)
        }
    }

    /// The file's header now, when it still has the size and orientation it was opened with: the crop
    /// was measured on the picture as opened; if the file changed on disk since (another program, or
    /// replacing the original), the same pixel rect would cut something else. Off the main thread.
    /// Pasted bytes cannot change: their header is the one they were opened with.
    nonisolated static func probeUnchanged(_ source: DecoderSource, _ info: ImageInfo) throws(ImagingError) -> ImageInfo {
        guard case .file(let path) = source else { return info }
        let now = try DecoderPool.shared.probe(path: path)
        guard now.width == info.width, now.height == info.height, now.orientation == info.orientation else {
            throw .changedOnDisk
        }
        return now
    }

    /// What a save of `editor`'s crop asks the export for (Copy asks the same, for a PNG).
    nonisolated static func exportOptions(
        _ editor: CropEditor, outputSize: OutputSize, overwritingSource: Bool = false
    ) -> ExportOptions {
        ExportOptions(
            preferLossless: true, allowOverwritingSource: overwritingSource,
            transform: editor.orientation, shape: editor.shape, outputSize: outputSize, straighten: editor.angle)
    }

    func openLastResult() {
        guard let path = saving.lastSavedPath else { return }
        let file = g_file_new_for_path(path)
        defer { g_object_unref(file?.raw) }
        guard let uri = g_file_get_uri(file) else { return }
        defer { g_free(uri) }
        var error: UnsafeMutablePointer<GError>?
        if g_app_info_launch_default_for_uri(uri, nil, &error) == 0 {
            showError(
                String(
                    format: tr("Could not open the result: %@"),
                    error.map { String(cString: $0.pointee.message) } ?? tr("no application")))
            if let error { g_error_free(error) }
        }
    }

    /// Asks before something destructive; `onConfirm` runs only for the destructive answer.
    func confirm(heading: String, body: String, action: String, onConfirm: @escaping @MainActor () -> Void) {
        let dialog = adw_message_dialog_new(window.asWindow, heading, body)!
        let message = dialog.raw.assumingMemoryBound(to: AdwMessageDialog.self)
        adw_message_dialog_add_response(message, "cancel", tr("_Cancel"))
        adw_message_dialog_add_response(message, "replace", action)
        adw_message_dialog_set_response_appearance(message, "replace", ADW_RESPONSE_DESTRUCTIVE)
        adw_message_dialog_set_default_response(message, "cancel")
        adw_message_dialog_set_close_response(message, "cancel")
        Signal.connectPointer(dialog.raw, "response") { response in
            guard let response, String(cString: response.assumingMemoryBound(to: CChar.self)) == "replace" else { return }
            onConfirm()
        }
        dialog.asWindow.present()
    }
}
