// Opening and showing a picture: files (decoded off the main thread or ahead), pasted bytes, the demo, the Open dialog.

import CGtk
import Canvas
import CropKit
import Decoding
import Foundation
import GtkSupport
import ImagingCore
import LaunchTrace

extension EditorWindow {
    /// Opens a picture: a file by hand, a photo of the folder, or pasted bytes.
    func open(_ picture: PictureToOpen) {
        switch picture {
        case .file(let path): open(path: path, decoding: nil)
        case .folderPhoto(let path): load(path, browsing: true)
        case .pasted(let bytes): openPasted(bytes)
        }
    }

    /// Opens `path` in this window, decoding off the main thread; on failure the current image stays.
    /// Its folder becomes the one Page Down and Page Up browse.
    func open(path: String) { open(path: path, decoding: nil) }

    /// `open(path:)`, taking over `launched`: the application's decode of this file begun at launch.
    func open(path: String, decoding launched: LaunchPicture.Handover?) {
        // Opened by hand: what is on disk now, not a picture prepared earlier.
        session.prefetcher.drop(path)
        if let launched { session.prefetcher.adopt(path, launched) }
        load(path, browsing: false)
    }

    /// Shows `path`: at once when its picture was prepared ahead, else decoded off the main thread
    /// under the loading indicator. `browsing`: a photo of the folder, reached by Page Down or Up.
    private func load(_ path: String, browsing: Bool) {
        guard !isClosed else { return }
        let generation = loading.supersede()
        if let prepared = session.prefetcher.prepared(path) {
            loading.isLoading = false
            return loaded(prepared, path: path, browsing: browsing)
        }
        loading.isLoading = true
        // Over whatever the window shows (the previous picture, or the editor's empty canvas
        // instead of the "No Image" page).
        layout.showEditor(true)
        loading.show(URL(fileURLWithPath: path).lastPathComponent)
        Task { @MainActor [weak self] in
            guard let result = await self?.session.prefetcher.load(path) else { return }
            guard let self, generation == self.loading.generation, !self.isClosed else { return }
            self.loading.isLoading = false
            self.loaded(result, path: path, browsing: browsing)
        }
    }

    /// A load finished: shows the photo, or says why not. A photo reached by browsing that fails
    /// still becomes the shown one (an empty page under its name), so Page Down can pass it.
    private func loaded(_ result: Result<LoadedImage, ImageLoadError>, path: String, browsing: Bool) {
        switch result {
        case .success(let image):
            LaunchTrace.mark("picture reached the window")
            if !browsing { session.start(at: path) }
            // As it was left if it was shown before, else at its kept crop or whole, with the ratio
            // and shape in force.
            let kept = session.arrive(at: path, showing: image, announcing: browsing)
            let restored = image.restoredCrop
            show(
                image, crop: restored.rect, angle: restored.angle, perspective: KeepCrop.restoredPerspective(image),
                cuts: image.storedCrop?.crop.cuts ?? [], editor: kept)
            if kept != nil { refresh(.frame) } else { keepCrop.announceRestored(image) }
            session.settle(at: path)
            LaunchTrace.mark("picture given to the canvas")
            endLoading()
            UnconfinedToast.showIfNeeded(in: self)
        case .failure(let error):
            if browsing {
                session.passFailed(path)
                closeImage()
                refresh(.session)
            }
            endLoading()
            showError(String(format: tr("Could not open %@"), error.message))
        }
    }

    /// Opens picture bytes (pasted, or dropped from a browser) as a picture without a file: sealed
    /// in a memfd for the decoder, never written to a file; titled "Pasted Image".
    private func openPasted(_ bytes: Data) {
        guard !isClosed else { return }
        let name = tr("Pasted Image")
        let sealed: SealedBytes
        do {
            sealed = try SealedBytes([UInt8](bytes), name: name)
        } catch {
            return showError(String(format: tr("Could not open %@"), error.message))
        }
        let generation = loading.supersede()
        loading.isLoading = true
        layout.showEditor(true)
        loading.show(name)
        let limit = ImageSource.screenLimit()
        Task { @MainActor [weak self] in
            let result = await ImageSource.load(sealed, maxWidth: limit.width, maxHeight: limit.height)
            guard let self, generation == self.loading.generation, !self.isClosed else { return }
            self.loading.isLoading = false
            switch result {
            case .success(let image):
                self.session.keepCurrentEdit()
                self.show(image, crop: .unit)
                self.header.title.setWindowSubtitle(nil)
                self.endLoading()
                self.refresh(.work)
            case .failure(let error):
                self.endLoading()
                self.showError(String(format: tr("Could not open %@"), error.message))
            }
        }
    }

    /// Whether a load is running.
    var isLoading: Bool { loading.isLoading }

    /// Takes the loading indicator away; with no picture to return to, the window is empty again.
    func endLoading() {
        loading.hide()
        if canvas.image == nil { layout.showEditor(false) }
    }

    /// Shows the built-in Coastline picture at its starting crop (`demoCrop`).
    func showDemo() { show(DemoPicture.make(), crop: EditorWindow.demoCrop) }

    /// Shows `image` at `crop` straightened by `angle` or rectified by `perspective` (a kept crop), or
    /// as `editor` left it (a photo of the folder shown before).
    func show(
        _ image: LoadedImage, crop: CropRect, angle: StraightenAngle = .zero, perspective: PerspectiveCorrection? = nil,
        cuts: [PictureCut] = [], editor: CropEditor? = nil
    ) {
        layout.showEditor(true)
        canvas.setImage(image, crop: crop, angle: angle, perspective: perspective, cuts: cuts, editor: editor)
        header.title.setWindowTitle(image.title)
        window.asWindow.title = image.title
        canvas.widget.grabFocus()
    }

    /// Dismisses the picture (the demo too): the empty page invites opening or dropping one.
    func closeImage() {
        canvas.clearImage()
        header.title.setWindowTitle(tr("Crop Editor"))
        header.title.setWindowSubtitle(nil)
        window.asWindow.title = tr("Crop Editor")
        status.showSize(nil)
        header.losslessButton.isVisible = false
        layout.showEditor(false)
        refresh(.work)
    }

    /// Whether the empty page is showing.
    var isEmpty: Bool { layout.isEmpty }

    /// The Open dialog, one at a time (a second would replace the first's reference).
    func showOpenDialog() {
        guard loading.openDialog == nil else { return }
        // The formats the decoder opens; a folder's session browses the same.
        let filter = (name: tr("Images"), mimeTypes: PhotoFolder.mimeTypes)
        loading.openDialog = FileChooser.present(
            title: tr("Open Image"), over: window, action: GTK_FILE_CHOOSER_ACTION_OPEN, accept: tr("_Open"),
            cancel: tr("_Cancel"), start: FileChooser.Start(filter: filter)
        ) { [weak self] path in
            guard let self else { return }
            self.loading.openDialog = nil
            if let path { self.open(path: path) }
        }
    }
}
