// The end of a window: closing with unsaved crops asks first (Save All, Discard, Cancel); once destroyed, it is closed.

import CGtk
import CropKit
import Foundation
import GtkSupport
import ImagingCore

/// Whether the window may close, the question asked before it does with unsaved crops, and whether
/// it has closed (work that finishes later then shows nothing).
@MainActor
final class Closing {
    private unowned let host: any WindowHost
    /// The folder's photos, whose unsaved crops are asked about.
    private let session: FolderSession
    /// Save All writes each unsaved crop beside its photo.
    private let saving: Saving
    /// The question about unsaved crops while it is open (tests answer it).
    private(set) var dialog: UnsafeMutablePointer<GtkWidget>?
    /// Set once the person chose to close with unsaved crops (discarded or all saved).
    private var confirmed = false
    /// True once GTK destroyed the window.
    private(set) var isClosed = false

    init(host: any WindowHost, session: FolderSession, saving: Saving) {
        self.host = host
        self.session = session
        self.saving = saving
    }

    /// GTK destroyed the window.
    func markClosed() { isClosed = true }

    /// The window's close-request: true keeps the window open while the person is asked about the
    /// photos whose crops are unsaved; false lets it close.
    func askBeforeClosing() -> Bool {
        guard !confirmed else { return false }
        let unsaved = session.unsavedPaths
        guard !unsaved.isEmpty else { return false }
        let names = unsaved.prefix(5).map { "“\(($0 as NSString).lastPathComponent)”" }.joined(separator: ", ")
        let more = unsaved.count > 5 ? Localization.format(tr(", and %d more"), [unsaved.count - 5]) : ""
        let dialog = MessageDialog.present(
            over: host.window,
            heading: Localization.format(
                trn("Save the crop of %d photo?", "Save the crops of %d photos?", unsaved.count), [unsaved.count]),
            body: Localization.format(
                tr(
                    "%1$s%2$s. Each is saved beside its photo as “NAME (cropped)”, or each of its frames as “NAME-1”, “NAME-2”…, replacing an earlier result."
                ),
                [names, more]),
            responses: [
                DialogResponse(id: "cancel", label: tr("_Cancel")),
                DialogResponse(id: "discard", label: tr("_Discard"), appearance: ADW_RESPONSE_DESTRUCTIVE),
                DialogResponse(id: "save", label: tr("_Save All"), appearance: ADW_RESPONSE_SUGGESTED),
            ], defaultResponse: "save"
        ) { [weak self] response in self?.answered(response, unsaved: unsaved) }
        self.dialog = dialog
        Signal.connect(dialog.raw, "destroy") { [weak self] in self?.dialog = nil }
        return true
    }

    private func answered(_ response: String, unsaved: [String]) {
        switch response {
        case "discard": closeNow()
        case "save":
            saving.saveAll(unsaved) { [weak self] failures in
                guard let self else { return }
                if failures.isEmpty {
                    self.closeNow()
                } else {
                    self.host.showError(Localization.format(tr("Could not save: %s"), [failures.joined(separator: "; ")]))
                }
            }
        default: break
        }
    }

    /// Closes once the dialog that asked has finished answering (it is the window's transient child).
    private func closeNow() {
        confirmed = true
        Timer.once(milliseconds: 0) { [weak self] in
            guard let self, !self.isClosed else { return }
            self.host.window.asWindow.close()
        }
    }
}
