// Finding a crop in the pixels (Suggest, Trim Borders): measured off the main thread, a stale result dropped, one step.

import CGtk
import CropKit
import Foundation
import GtkSupport
import ImagingCore
import Wording

/// Runs the crop finders the same way: measure off the main thread, drop a result that measured
/// another picture (the photo, its turn or its angle changed meanwhile), commit it as one undo step,
/// and give the crop area the focus so a screen reader speaks the new crop.
@MainActor
final class CropFinding {
    private unowned let host: any WindowHost
    /// The searches measuring now: each waits for its own.
    private(set) var running: Set<CropFinder> = []

    init(host: any WindowHost) { self.host = host }

    /// Whether `finder` can be asked for now: a picture it can measure, none of its kind running, and
    /// no angle (crops are found on the upright picture, as `--crop=auto` and `--crop=trim` find them).
    func isAvailable(_ finder: CropFinder) -> Bool {
        guard let image = host.canvas.image, !running.contains(finder), host.canvas.editor.angle.isZero else { return false }
        return finder.measure(image, host.canvas.editor) != nil
    }

    /// Moves the crop to what `finder` finds.
    func find(_ finder: CropFinder) {
        let canvas = host.canvas
        guard isAvailable(finder), let image = canvas.image, let measure = finder.measure(image, canvas.editor) else { return }
        let source = image.decoderSource
        let transform = canvas.editor.orientation
        let shown = canvas.editor.shownSize
        running.insert(finder)
        host.refresh(.work)
        Task { @MainActor [weak self] in
            let result = await Task.detached(priority: .userInitiated) { Result { () throws(ImagingError) in try measure() } }
                .value
            guard let self else { return }
            self.running.remove(finder)
            guard !self.host.isClosed else { return }
            self.host.refresh(.work)
            guard canvas.image?.decoderSource == source, canvas.editor.orientation == transform, canvas.editor.angle.isZero
            else { return }
            switch result {
            case .success(.crop(let rect)):
                canvas.commit(CropRect(pixelRect: rect, imageWidth: shown.width, imageHeight: shown.height))
                canvas.widget.grabFocus()
            case .success(.nothing):
                if let words = finder.nothingFound { self.host.showToast(words) }
            case .failure(let error):
                self.host.showError(finder.failure(error))
            }
        }
    }
}
