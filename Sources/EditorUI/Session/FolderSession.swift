// The opened photo's folder: Page Down / Page Up, each photo's edit kept, neighbours decoded ahead, the counter in the title.

import CGtk
import Canvas
import CropKit
import Foundation
import GtkSupport
import ImagingCore
import LaunchTrace

/// What a window keeps of the folder it browses, and the browsing: the session (the photos in order,
/// the one shown, each shown photo's edit and whether it is saved), each photo's header facts, and
/// the pictures decoded ahead.
@MainActor
final class FolderSession {
    enum Neighbour {
        case next, previous
    }

    private unowned let host: any WindowHost
    /// The title (the photo's name over the folder's counter) and the previous and next buttons.
    private let title: UnsafeMutablePointer<GtkWidget>
    private let arrows: [UnsafeMutablePointer<GtkWidget>]
    /// Nil until a file is opened (the demo has no folder).
    private(set) var session: PhotoSession?
    /// The header facts of every photo shown, which saving a photo not shown any more needs.
    private var infos: [String: ImageInfo] = [:]
    /// The pictures of the shown photo and its neighbours, decoded or decoding.
    let prefetcher = PhotoPrefetcher(limit: { ImageSource.screenLimit() })

    init(host: any WindowHost, title: UnsafeMutablePointer<GtkWidget>, arrows: [UnsafeMutablePointer<GtkWidget>]) {
        self.host = host
        self.title = title
        self.arrows = arrows
        // A neighbour decoded ahead is drawn for the canvas too: Page Down's first frame then only copies.
        prefetcher.onPrepared = { [weak self] path, image in
            guard let self, self.session?.current != path else { return }
            self.host.canvas.prepare(image)
        }
    }

    /// The folder a path lies in, as sessions compare them.
    nonisolated static func folder(of path: String) -> String { (path as NSString).deletingLastPathComponent }

    /// Page Down / Page Up and the header's arrows: the next or previous photo of the folder.
    func go(to neighbour: Neighbour) {
        guard let session, let path = neighbour == .next ? session.nextPath : session.previousPath else { return }
        LaunchTrace.mark("photo asked by Page Down or Up")
        host.open(.folderPhoto(path))
    }

    /// Whether the folder has a photo after / before the one shown.
    func hasPhoto(_ neighbour: Neighbour) -> Bool {
        (neighbour == .next ? session?.nextPath : session?.previousPath) != nil
    }

    /// A file opened by hand: its folder becomes the session, at first with the photo alone and then,
    /// once listed in the background, with every photo the Open dialog would offer. Photos of the same
    /// folder shown before keep their edits.
    func start(at path: String) {
        let folder = FolderSession.folder(of: path)
        if let session, FolderSession.folder(of: session.current) == folder {
            keepCurrentEdit()
            self.session = session.relisted(session.paths, showing: path)
        } else {
            session = PhotoSession(paths: [path], current: path)
            infos = [:]
        }
        let mimeTypes = PhotoFolder.mimeTypes
        Task { @MainActor [weak self] in
            let paths = await Task.detached(priority: .userInitiated) { PhotoFolder.photos(in: folder, mimeTypes: mimeTypes) }
                .value
            guard let self, !self.host.isClosed, let session = self.session, FolderSession.folder(of: session.current) == folder
            else { return }
            self.session = session.relisted(paths, showing: session.current)
            self.host.refresh(.session)
            self.prepareNeighbours()
        }
    }

    /// A photo of the session is about to be shown: the one shown before keeps its edit, and the
    /// crop area will announce the new one's place when it was reached by browsing. Returns the
    /// photo's edit as it was left, if it was shown before.
    func arrive(at path: String, showing image: LoadedImage, announcing: Bool) -> CropEditor? {
        keepCurrentEdit()
        session?.move(to: path)
        if let info = image.info { infos[path] = info }
        if announcing, let session {
            let place = Localization.format(
                // TRANSLATORS: spoken when Page Down or Up shows another photo: its name, its place and how many.
                tr("%1$s, %2$d of %3$d"), [image.title, session.position, session.count])
            // Words waiting to be spoken (the photo before went to the trash) come first.
            host.canvas.announcement = [host.canvas.announcement, place].compactMap { $0 }.joined(separator: ". ")
        }
        return session?.editor(for: path)
    }

    /// The photo is shown: its edit now is the one it starts from (it is unsaved once it differs), and
    /// its neighbours are decoded once it has been painted.
    func settle(at path: String) {
        session?.keep(host.canvas.editor, for: path)
        host.refresh(.session)
        // Their decodes would take the cores the photo's first frame needs.
        host.canvas.widget.afterNextPaint { [weak self] in self?.prepareNeighbours() }
    }

    /// A photo reached by browsing could not be opened: it still becomes the shown one (the window
    /// shows an empty page under its name), so Page Down can pass it.
    func passFailed(_ path: String) {
        keepCurrentEdit()
        session?.move(to: path)
    }

    /// Keeps the shown photo's picture and its neighbours' (as the session is now), decoding those not ready.
    private func prepareNeighbours() {
        guard let session else { return }
        prefetcher.keep([session.current] + session.neighbours)
    }

    /// The shown photo's editor, as the session keeps it for when the photo is shown again.
    func keepCurrentEdit() {
        guard let path = host.canvas.image?.path, let session, session.current == path, session.editor(for: path) != nil
        else { return }
        self.session?.keep(host.canvas.editor, for: path)
    }

    /// The edit of `path` kept for it, if it was shown.
    func editor(for path: String) -> CropEditor? { session?.editor(for: path) }

    /// The header facts of `path`, if it was shown.
    func info(for path: String) -> ImageInfo? { infos[path] }

    /// The photos whose crops are unsaved, the shown one's edit kept first.
    var unsavedPaths: [String] {
        keepCurrentEdit()
        return session?.unsavedPaths ?? []
    }

    /// The folder's photos in order (empty before a file is opened).
    var paths: [String] { session?.paths ?? [] }

    /// A save of `path`'s `edit` finished.
    func photoSaved(_ path: String, edit: SavedEdit) {
        session?.markSaved(path, edit: edit)
        host.refresh(.session)
    }

    /// `path` left the folder (it went to the trash): the session goes on without it and drops its
    /// picture decoded ahead. Returns the photo to show now (the next, or the last), nil when none is left.
    func remove(_ path: String) -> String? {
        prefetcher.drop(path)
        infos[path] = nil
        session = session?.removing(path)
        return session?.current
    }

    /// Forgets `path`'s edits and its picture decoded ahead: its file changed on disk (its original
    /// was replaced by its crop), so they measured other pixels.
    func forget(_ path: String) {
        session?.forget(path)
        prefetcher.drop(path)
    }

    /// The title shows the photo's name, marked "•" while its crop is unsaved, and under it "3 of 120"
    /// and how many photos have unsaved crops; the arrows show while the folder has another photo.
    func showTitle() {
        guard !host.isClosed else { return }
        keepCurrentEdit()
        for button in arrows { button.isVisible = (session?.count ?? 0) > 1 }
        guard let session, host.canvas.image == nil || host.canvas.image?.path == session.current else {
            title.setWindowSubtitle(nil)
            return
        }
        let name = (session.current as NSString).lastPathComponent
        title.setWindowTitle((session.isUnsaved(session.current) ? "• " : "") + name)
        // TRANSLATORS: under the photo's name in the title: its place in the folder and how many photos.
        var subtitle = Localization.format(tr("%1$d of %2$d"), [session.position, session.count])
        let unsaved = session.unsavedPaths.count
        if unsaved > 0 {
            subtitle += " · " + Localization.format(trn("%d unsaved", "%d unsaved", unsaved), [unsaved])
        }
        title.setWindowSubtitle(subtitle)
    }

    /// The session's counter as the title shows it (for tests and logs), nil without a session.
    var photoCounter: String? { title.windowSubtitle }
}
