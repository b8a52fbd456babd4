// Searching the pixels (Suggest, Trim, Document, Upright, Photos): off the main thread, a stale result dropped, one step.

import CGtk
import CropKit
import Foundation
import GtkSupport
import ImagingCore
import Wording

/// Runs the crop finders the same way: measure off the main thread, drop a result that measured
/// another picture (the photo, its turn, its angle or its perspective changed meanwhile), commit it
/// as one undo step, and give the crop area the focus so a screen reader speaks the new crop.
/// Escape cancels the searches measuring: their results are dropped when they come.
@MainActor
final class CropFinding {
    private unowned let host: any WindowHost
    /// The searches measuring now, each with the number its result must still hold to be committed.
    private var searches: [CropFinder: Int] = [:]
    private var searchesStarted = 0
    /// The searches measuring now: each waits for its own.
    var running: Set<CropFinder> { Set(searches.keys) }

    init(host: any WindowHost) { self.host = host }

    /// Whether `finder` can be asked for now: a picture it can measure, none of its kind running, and
    /// no angle or perspective correction (crops are found on the upright picture, as `--crop=auto`
    /// and `--crop=trim` find them). Find Document and Upright replace any angle or correction, and
    /// run when no other search does: their result moves the picture under the others'.
    func isAvailable(_ finder: CropFinder) -> Bool {
        let editor = host.canvas.editor
        guard let image = host.canvas.image, !running.contains(finder) else { return false }
        if finder.findsPerspective {
            // A correction is not made on a picture with bands cut out (as on the command line).
            guard running.isEmpty, editor.cuts.isEmpty else { return false }
        } else if finder == .photos {
            // The prints become the frames, which a perspective correction or cuts do not take.
            guard editor.perspective == nil, editor.cuts.isEmpty else { return false }
        } else if finder == .formats {
            // Placed on the picture as a file holds it (with its cuts made), as `--crop=auto` places each.
            guard editor.angle.isZero, editor.perspective == nil else { return false }
        } else {
            guard editor.angle.isZero, editor.perspective == nil else { return false }
        }
        return finder.measure(image, editor) != nil
    }

    /// Moves the crop to what `finder` finds, or corrects the perspective by it; `formats` are the
    /// frames Formats places (their ratios and names).
    func find(_ finder: CropFinder, formats: [FrameState] = []) {
        let canvas = host.canvas
        guard isAvailable(finder), let image = canvas.image,
            let measure = finder.measure(image, canvas.editor, formats: formats)
        else { return }
        let source = image.decoderSource
        let transform = canvas.editor.orientation
        let cuts = canvas.editor.cuts
        let shown = CropFinder.measuredSize(canvas.editor)
        searchesStarted += 1
        let number = searchesStarted
        searches[finder] = number
        host.refresh(.work)
        Task { @MainActor [weak self] in
            let result = await Task.detached(priority: .userInitiated) { Result { () throws(ImagingError) in try measure() } }
                .value
            // Cancelled meanwhile: the search ended there for the window.
            guard let self, self.searches[finder] == number else { return }
            self.searches[finder] = nil
            guard !self.host.isClosed else { return }
            self.host.refresh(.work)
            // Measured on the picture as it was: a crop also needs it neither straightened nor corrected since.
            guard canvas.image?.decoderSource == source, canvas.editor.orientation == transform, canvas.editor.cuts == cuts,
                finder.setsAngle || (canvas.editor.angle.isZero && canvas.editor.perspective == nil)
            else { return }
            switch result {
            case .success(let found): self.commit(found, of: finder, shown: shown)
            case .failure(let error): self.host.showError(finder.failure(error))
            }
        }
    }

    /// Escape: the searches measuring now are dropped (their decoders finish apart, and what they find
    /// changes nothing), said aloud and in a toast; false when none was measuring.
    @discardableResult
    func cancel() -> Bool {
        guard !searches.isEmpty else { return false }
        searches.removeAll()
        host.refresh(.work)
        host.tell(CropFinder.cancelled)
        return true
    }

    /// Commits what `finder` found as one undo step, and focuses the crop area so a screen reader
    /// speaks the new crop after the finder's words, in one sentence; nothing found is said aloud and in a toast.
    private func commit(_ found: CropFinder.Found, of finder: CropFinder, shown: PixelSize) {
        let canvas = host.canvas
        if case .nothing = found {
            if let words = finder.nothingFound { host.tell(words) }
            return
        }
        if case .frames(let frames) = found, finder == .photos {
            host.showToast(CropFinder.photosFound(frames.count))
        }
        canvas.describingOnce {
            switch found {
            case .crop(let rect): canvas.commit(CropRect(pixelRect: rect, imageWidth: shown.width, imageHeight: shown.height))
            case .document(let quad): canvas.placeFoundDocument(quad)
            case .upright(let rectification): canvas.applyUpright(rectification)
            case .frames(let frames): placeFrames(frames, of: finder)
            case .nothing: break
            }
            if let words = finder.foundWords { canvas.announce(words) }
        }
        canvas.widget.grabFocus()
    }

    /// The prints found become the frames, the first active (the picture turns to its angle), as one
    /// step, said before the crop; a refusal (more frames than a picture holds) is said instead.
    private func placeFrames(_ frames: [FrameState], of finder: CropFinder) {
        let canvas = host.canvas
        do throws(FramingRefusal) {
            try canvas.setFrames(frames)
            if finder == .photos { canvas.announce(CropFinder.photosFound(frames.count)) }
        } catch {
            host.showError(error.message)
        }
    }
}
