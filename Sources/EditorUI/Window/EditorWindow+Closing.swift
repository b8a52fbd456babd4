// Closing a window with unsaved crops asks first: Save All (each beside its photo, in the background), Discard or Cancel.

import CGtk
import CropKit
import Foundation
import GtkSupport
import ImagingCore

extension EditorWindow {
    /// The window's close-request: true keeps the window open while the person is asked about the
    /// photos whose crops are unsaved; false lets it close.
    func askBeforeClosing() -> Bool {
        guard !saving.closeConfirmed else { return false }
        keepCurrentEdit()
        let unsaved = browsing.session?.unsavedPaths ?? []
        guard !unsaved.isEmpty else { return false }
        let names = unsaved.prefix(5).map { "“\(($0 as NSString).lastPathComponent)”" }.joined(separator: ", ")
        let more = unsaved.count > 5 ? Localization.format(tr(", and %d more"), [unsaved.count - 5]) : ""
        let dialog = MessageDialog.present(
            over: window,
            heading: Localization.format(
                trn("Save the crop of %d photo?", "Save the crops of %d photos?", unsaved.count), [unsaved.count]),
            body: Localization.format(
                tr("%1$s%2$s. Each is saved beside its photo as “NAME (cropped)”, replacing an earlier result."),
                [names, more]),
            responses: [
                DialogResponse(id: "cancel", label: tr("_Cancel")),
                DialogResponse(id: "discard", label: tr("_Discard"), appearance: ADW_RESPONSE_DESTRUCTIVE),
                DialogResponse(id: "save", label: tr("_Save All"), appearance: ADW_RESPONSE_SUGGESTED),
            ], defaultResponse: "save"
        ) { [weak self] response in
            guard let self else { return }
            switch response {
            case "discard": self.closeNow()
            case "save":
                self.saveAll(unsaved) { [weak self] failures in
                    guard let self else { return }
                    if failures.isEmpty {
                        self.closeNow()
                    } else {
                        self.showError(Localization.format(tr("Could not save: %s"), [failures.joined(separator: "; ")]))
                    }
                }
            default: break
            }
        }
        saving.closeDialog = dialog
        Signal.connect(dialog.raw, "destroy") { [weak self] in self?.saving.closeDialog = nil }
        return true
    }

    /// Closes once the dialog that asked has finished answering (it is the window's transient child).
    private func closeNow() {
        saving.closeConfirmed = true
        Timer.once(milliseconds: 0) { [weak self] in
            guard let self, !self.isClosed else { return }
            self.window.asWindow.close()
        }
    }

    /// Saves each photo's crop beside it as `NAME (cropped).EXT`, one after another in the background;
    /// `done` gets a line for each failure ("NAME: reason"), none when every one was saved.
    func saveAll(_ paths: [String], done: @escaping @MainActor ([String]) -> Void) {
        keepCurrentEdit()
        var failures: [String] = [], left = paths.count
        func finished(_ failure: String?) {
            if let failure { failures.append(failure) }
            left -= 1
            if left == 0 { done(failures) }
        }
        guard !paths.isEmpty else { return done([]) }
        for path in paths {
            let name = (path as NSString).lastPathComponent
            guard let editor = browsing.session?.editor(for: path), let info = browsing.infos[path] else {
                finished("\(name): \(tr("its crop was not kept"))")
                continue
            }
            let target = EditorWindow.croppedName(for: path, shape: editor.shape)
            write(from: .file(path), info: info, editor: editor, to: target, overwritingSource: false) { result in
                if case .failure(let error) = result { finished("\(name): \(error.message)") } else { finished(nil) }
            }
        }
    }
}
