// Undo and redo on the canvas: every committed change is one step; a restored step is not recorded again.

import CGtk
import CropKit
import GtkSupport

extension CropCanvas {
    /// What one undo step restores: the crop and the ratio in force.
    var currentState: CropState { CropState(crop: session.committed, aspectRatio: aspectRatio, orientation: transform) }

    /// Records the committed state (after a drag, a key, an action, a ratio change, a reset).
    func recordHistory() {
        guard !restoringHistory else { return }
        if history.record(currentState) { onHistoryChange?() }
    }

    /// Steps back; returns whether there was a step.
    @discardableResult
    func undo() -> Bool {
        guard let state = history.undo() else { return false }
        restore(state)
        return true
    }

    /// Steps forward again; returns whether there was a step.
    @discardableResult
    func redo() -> Bool {
        guard let state = history.redo() else { return false }
        restore(state)
        return true
    }

    private func restore(_ state: CropState) {
        restoringHistory = true
        defer { restoringHistory = false }
        stopAnimation()
        aspectRatio = state.aspectRatio
        transform = state.orientation
        session.aspectRatio = state.aspectRatio.normalizedRatio(imageWidth: shownSize.width, imageHeight: shownSize.height)
        if session.commit(state.crop) { didCommit() } else { onCommit?(session.committed) }
        onHistoryChange?()
        gtk_widget_queue_draw(widget)
    }
}
