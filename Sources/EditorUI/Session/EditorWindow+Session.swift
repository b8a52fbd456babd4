// Browsing the opened photo's folder: Page Down / Page Up, each photo's edits kept, the counter shown and spoken, Ctrl+Return.

import CGtk
import Canvas
import CropKit
import Foundation
import GtkSupport
import ImagingCore
import LaunchTrace

extension EditorWindow {
    enum Neighbour {
        case next, previous
    }

    /// Page Down / Page Up and the header's arrows: the next or previous photo of the folder.
    func go(to neighbour: Neighbour) {
        guard let session = browsing.session,
            let path = neighbour == .next ? session.nextPath : session.previousPath
        else { return }
        LaunchTrace.mark("photo asked by Page Down or Up")
        load(path, browsing: true)
    }

    /// Ctrl+Return: saves the crop beside the photo and goes on to the next one (the save runs on
    /// in the background; with a result to replace, after the person agreed).
    func saveAndNext() {
        save { [weak self] in self?.go(to: .next) }
    }

    /// A load finished: shows the photo, or says why not. A photo reached by browsing that fails
    /// still becomes the shown one (an empty page under its name), so Page Down can pass it.
    func loaded(_ result: Result<LoadedImage, ImageLoadError>, path: String, browsing isBrowsing: Bool) {
        switch result {
        case .success(let image):
            LaunchTrace.mark("picture reached the window")
            if !isBrowsing { startSession(at: path) }
            showPhoto(image, path: path, announcing: isBrowsing)
            LaunchTrace.mark("picture given to the canvas")
            endLoading()
            UnconfinedToast.showIfNeeded(in: self)
        case .failure(let error):
            if isBrowsing {
                keepCurrentEdit()
                browsing.session?.move(to: path)
                closeImage()
                refresh(.session)
            }
            endLoading()
            showError(String(format: tr("Could not open %@"), error.message))
        }
    }

    /// A file opened by hand: its folder becomes the session, at first with the photo alone and then,
    /// once listed in the background, with every photo the Open dialog would offer. Photos of the same
    /// folder shown before keep their edits.
    private func startSession(at path: String) {
        let folder = PhotoBrowsing.folder(of: path)
        if let session = browsing.session, PhotoBrowsing.folder(of: session.current) == folder {
            keepCurrentEdit()
            browsing.session = session.relisted(session.paths, showing: path)
        } else {
            browsing.session = PhotoSession(paths: [path], current: path)
            browsing.infos = [:]
        }
        let mimeTypes = PhotoFolder.mimeTypes
        Task { @MainActor [weak self] in
            let paths = await Task.detached(priority: .userInitiated) { PhotoFolder.photos(in: folder, mimeTypes: mimeTypes) }
                .value
            guard let self, !self.isClosed, let session = self.browsing.session,
                PhotoBrowsing.folder(of: session.current) == folder
            else { return }
            self.browsing.session = session.relisted(paths, showing: session.current)
            self.refresh(.session)
            self.prepareNeighbours()
        }
    }

    /// Shows a photo of the session: as it was left if it was shown before, else at its kept crop
    /// or whole, with the ratio and shape in force. Prepares its neighbours.
    private func showPhoto(_ image: LoadedImage, path: String, announcing: Bool) {
        keepCurrentEdit()
        browsing.session?.move(to: path)
        if let info = image.info { browsing.infos[path] = info }
        let kept = browsing.session?.editor(for: path)
        if announcing, let session = browsing.session {
            canvas.announcement = Localization.format(
                // TRANSLATORS: spoken when Page Down or Up shows another photo: its name, its place and how many.
                tr("%1$s, %2$d of %3$d"), [image.title, session.position, session.count])
        }
        let restored = image.restoredCrop
        show(image, crop: restored.rect, angle: restored.angle, editor: kept)
        if let kept {
            showAspectRatio(kept.aspectRatio)
            chooseShape(kept.shape, suggestingSquare: false)
        } else {
            announceStoredCrop(image)
        }
        // The edit it starts from: the photo is unsaved once it differs.
        browsing.session?.keep(canvas.editor, for: path)
        refresh(.session)
        prepareNeighboursAfterPaint()
    }

    /// Starts preparing the photos either side once the one shown has been painted: their decodes
    /// would take the cores its first frame needs.
    private func prepareNeighboursAfterPaint() {
        guard let clock = gtk_widget_get_frame_clock(canvas.widget) else {
            prepareNeighbours()
            return
        }
        final class Handler { var id: UInt = 0, done = false }
        let handler = Handler()
        g_object_ref(clock.raw)  // until the handler is gone
        handler.id = Signal.connect(clock.raw, "after-paint") { [weak self] in
            guard !handler.done else { return }
            handler.done = true
            self?.prepareNeighbours()
            // Not from inside the handler itself, which the disconnection would free.
            Timer.once(milliseconds: 0) {
                g_signal_handler_disconnect(clock.raw, gulong(handler.id))
                g_object_unref(clock.raw)
            }
        }
        canvas.widget.queueDraw()
    }

    /// Keeps the shown photo's picture and its neighbours' (as the session is now), decoding those not ready.
    private func prepareNeighbours() {
        guard let session = browsing.session else { return }
        browsing.prefetcher.keep([session.current] + session.neighbours)
    }

    /// The shown photo's editor, as the session keeps it for when the photo is shown again.
    func keepCurrentEdit() {
        guard let path = canvas.image?.path, let session = browsing.session, session.current == path,
            session.editor(for: path) != nil
        else { return }
        browsing.session?.keep(canvas.editor, for: path)
    }

    /// A save of `path`'s `edit` finished.
    func photoSaved(_ path: String, edit: SavedEdit) {
        browsing.session?.markSaved(path, edit: edit)
        refresh(.session)
    }

    /// The original was replaced by its crop: its edits and prepared picture measured the old pixels.
    func reopenReplaced(_ path: String) {
        browsing.session?.forget(path)
        open(path: path)
    }

    /// The title shows the photo's name, marked "•" while its crop is unsaved, and under it "3 of 120"
    /// and how many photos have unsaved crops; the arrows show while the folder has another photo.
    func updateSessionTitle() {
        guard !isClosed else { return }
        keepCurrentEdit()
        let session = browsing.session
        for button in header.photoButtons { gtk_widget_set_visible(button, (session?.count ?? 0) > 1 ? 1 : 0) }
        guard let session, canvas.image == nil || canvas.image?.path == session.current else {
            header.title.setWindowSubtitle(nil)
            return
        }
        let name = (session.current as NSString).lastPathComponent
        header.title.setWindowTitle((session.isUnsaved(session.current) ? "• " : "") + name)
        // TRANSLATORS: under the photo's name in the title: its place in the folder and how many photos.
        var subtitle = Localization.format(tr("%1$d of %2$d"), [session.position, session.count])
        let unsaved = session.unsavedPaths.count
        if unsaved > 0 {
            subtitle += " · " + Localization.format(trn("%d unsaved", "%d unsaved", unsaved), [unsaved])
        }
        header.title.setWindowSubtitle(subtitle)
    }

    /// The session's counter as the title shows it (for tests and logs), nil without a session.
    var photoCounter: String? {
        guard let subtitle = adw_window_title_get_subtitle(OpaquePointer(header.title)) else { return nil }
        let text = String(cString: subtitle)
        return text.isEmpty ? nil : text
    }
}
