// Move to Trash (Delete, and the main menu): the photo to the trash, the folder's next one shown, Undo from the trash.

import CGtk
import Canvas
import Foundation
import GtkSupport

/// Move to Trash: the shown photo goes to the desktop's trash (never a pasted picture, which has no
/// file), asking first when its crop is unsaved; the folder's next photo shows and the counter
/// follows. It keeps the last photo it moved, for the toast's Undo, which puts it back in its place.
@MainActor
final class Trashing {
    private unowned let host: any WindowHost
    /// The folder's photos: the trashed one leaves it, the next one shows.
    private let session: FolderSession
    /// The photo last moved to the trash from this window, for Undo.
    private(set) var lastTrashed: TrashedFile?
    /// A photo is on its way to the trash or back: another Delete meanwhile is dropped.
    private(set) var isMoving = false

    init(host: any WindowHost, session: FolderSession) {
        self.host = host
        self.session = session
    }

    /// Delete: moves the shown photo to the trash, once the person agreed when its crop is unsaved.
    func trash() {
        guard !isMoving, let path = host.photo?.path else { return }
        guard session.unsavedPaths.contains(path) else { return move(path) }
        let name = (path as NSString).lastPathComponent
        MessageDialog.present(
            over: host.window, heading: String(format: tr("Move “%@” to the trash?"), name),
            body: tr("Its crop is not saved. The photo can be restored from the trash, but not the crop."),
            responses: [
                DialogResponse(id: "cancel", label: tr("_Cancel")),
                DialogResponse(id: "trash", label: tr("_Move to Trash"), appearance: ADW_RESPONSE_DESTRUCTIVE),
            ], defaultResponse: "cancel"
        ) { [weak self] response in
            if response == "trash" { self?.move(path) }
        }
    }

    /// Moves `path` to the trash off the main thread, then shows the next photo.
    private func move(_ path: String) {
        offMainThread({ () throws(TrashFailure) in try Trash.move(path) }) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let trashed): self.moved(trashed)
            case .failure(let failure):
                self.host.showError(
                    String(
                        format: tr("Could not move “%1$@” to the trash: %2$@"), (path as NSString).lastPathComponent,
                        failure.reason))
            }
        }
    }

    /// The photo is in the trash: the session goes on at the next photo (which speaks these words
    /// before its name and place), or the window empties with the folder.
    private func moved(_ trashed: TrashedFile) {
        lastTrashed = trashed
        guard !host.isClosed else { return }
        let words = String(format: tr("“%@” moved to the trash"), (trashed.originalPath as NSString).lastPathComponent)
        if let next = session.remove(trashed.originalPath) {
            host.canvas.announcement = words
            host.open(.folderPhoto(next))
        } else {
            host.closeImage()
        }
        host.showToast(words, button: ToastButton(label: tr("Undo"), action: WindowAction.undoTrash.detailed))
        host.refresh(.session)
    }

    /// The toast's Undo: the photo back in its place from the trash, and shown again.
    func undo() {
        guard !isMoving, let trashed = lastTrashed else { return }
        lastTrashed = nil
        offMainThread({ () throws(TrashFailure) in try Trash.restore(trashed) }) { [weak self] result in
            guard let self else { return }
            let name = (trashed.originalPath as NSString).lastPathComponent
            switch result {
            case .success:
                guard !self.host.isClosed else { return }
                let words = String(format: tr("“%@” restored from the trash"), name)
                // Spoken with the crop once the photo shows.
                self.host.canvas.announcement = words
                self.host.open(.file(trashed.originalPath))
                self.host.showToast(words)
            case .failure(let failure):
                self.lastTrashed = trashed
                self.host.showError(String(format: tr("Could not restore “%1$@”: %2$@"), name, failure.reason))
            }
        }
    }

    /// Runs `work` (a move to or from the trash, which may copy a whole file across devices) off the main
    /// thread, `isMoving` set until it ends, then `then` on the main thread with its result, unless this
    /// feature is gone by then (`then` holds it weakly too: its host is unowned).
    private func offMainThread<Value: Sendable>(
        _ work: @escaping @Sendable () throws(TrashFailure) -> Value,
        then: @escaping @MainActor (Result<Value, TrashFailure>) -> Void
    ) {
        isMoving = true
        Task { @MainActor [weak self] in
            let result = await Task.detached(priority: .userInitiated) { Result { () throws(TrashFailure) in try work() } }.value
            guard let self else { return }
            self.isMoving = false
            then(result)
        }
    }
}
