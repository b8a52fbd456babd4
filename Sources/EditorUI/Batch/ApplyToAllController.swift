// Apply to All in a window: its question while open, the batch saving, its progress bar over the picture, and how the last one ended.

import CGtk
import GtkSupport

/// What a window keeps of Apply to All; the window's extension asks and starts, this holds.
@MainActor
final class ApplyToAllController {
    /// The question (how, and which photos) while it is open.
    var dialog: UnsafeMutablePointer<GtkWidget>?
    /// The batch saving now, if any: one at a time.
    var batch: PhotoBatch?
    /// Its progress over the picture, with Cancel.
    let status = BatchStatusBar()
    /// How the last batch ended (for the window's log and tests).
    var lastBatch: BatchSummary?

    /// Whether a batch may start: none is running and its question is not open.
    var isIdle: Bool { batch == nil && dialog == nil }
}
