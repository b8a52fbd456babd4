// Apply to All…: the shown crop onto every chosen photo of the folder, saved in the background on every core.

import Batch
import CGtk
import CropKit
import Foundation
import GtkSupport
import ImagingCore

/// Apply to All in a window: its question while open, the batch saving (one at a time), its progress
/// bar over the picture, and how the last batch ended.
@MainActor
final class ApplyToAll {
    private unowned let host: any WindowHost
    /// The folder whose photos it offers.
    private let session: FolderSession
    /// The question (how, and which photos) while it is open.
    private(set) var dialog: UnsafeMutablePointer<GtkWidget>?
    /// The batch saving now, if any.
    private(set) var batch: PhotoBatch?
    /// Its progress over the picture, with Cancel.
    let status: BatchStatusBar
    /// How the last batch ended (for the window's log and tests).
    private(set) var lastBatch: BatchSummary?

    init(host: any WindowHost, session: FolderSession, status: BatchStatusBar) {
        self.host = host
        self.session = session
        self.status = status
        status.onCancel = { [weak self] in
            self?.batch?.cancel()
            self?.status.showStopping()
        }
    }

    /// Whether no batch is saving (Apply to All may be asked for).
    var isIdle: Bool { batch == nil }

    /// Asks how to apply the crop and to which photos (all ticked), then saves them.
    func ask() {
        guard host.photo != nil, batch == nil, dialog == nil, !session.paths.isEmpty else { return }
        let tree = UIFiles.builder("apply-to-all.ui")
        let choices = UIFiles.widget(tree, "choices"), list = UIFiles.widget(tree, "photos")
        var modes: [UnsafeMutablePointer<GtkWidget>] = []
        for mode in ApplyMode.allCases {
            let button = Widgets.checkButton(tr(mode.label))
            if let first = modes.first { button.joinGroup(of: first) }
            // Above the list of photos, in the order of the ways.
            choices.insert(button, after: modes.last)
            modes.append(button)
        }
        modes[0].isChecked = true
        let photos = session.paths.map { path in
            let button = Widgets.checkButton((path as NSString).lastPathComponent)
            button.isChecked = true
            list.append(button)
            return (path: path, button: button)
        }
        let dialog = MessageDialog.present(UIFiles.widget(tree, "apply-dialog"), over: host.window, defaultResponse: "apply") {
            [weak self] response in
            guard response == "apply" else { return }
            let mode = ApplyMode.allCases.first { modes[$0.rawValue].isChecked } ?? .sameRectangle
            self?.start(mode, paths: photos.filter { $0.button.isChecked }.map(\.path))
        }
        self.dialog = dialog
        Signal.connect(dialog.raw, "destroy") { [weak self] in self?.dialog = nil }
    }

    /// Saves the shown crop applied by `mode` to each of `paths`, beside each photo, in the background.
    func start(_ mode: ApplyMode, paths: [String]) {
        guard batch == nil, !paths.isEmpty, host.photo != nil else { return }
        let editor = host.canvas.editor
        let shown = editor.shownSize
        let angle = editor.angle
        let pixels = editor.cropPixels
        let applied: AppliedCrop? =
            switch mode {
            case .sameRectangle: .sameRectangle(editor.crop)
            case .sameSize: .sameSize(PixelSize(width: pixels.width, height: pixels.height))
            case .suggestion: nil
            }
        // The suggestion keeps the ratio in force on this photo (with Free, the crop's own proportions).
        let ratio =
            editor.aspectRatio.pixelRatio(imageWidth: shown.width, imageHeight: shown.height)
            ?? Double(pixels.width) / Double(max(pixels.height, 1))
        let transform = editor.orientation, shape = editor.shape, size = host.outputSize
        status.show(done: 0, total: paths.count)
        status.focus(in: host.window.asWindow)
        lastBatch = nil
        Task { @MainActor [weak self] in
            // Each photo's size from its header (off the main thread), for the two geometric modes.
            let prepared = await Task.detached(priority: .userInitiated) {
                paths.map { path in
                    PhotoJob.make(
                        path: path, applied: applied, ratio: ratio, transform: transform, angle: angle, shape: shape, size: size)
                }
            }.value
            guard let self, !self.host.isClosed else { return }
            self.run(prepared)
        }
    }

    /// Stops the batch (the window closed): its workers remove their temporary files.
    func cancel() { batch?.cancel() }

    /// Runs the jobs on every core with the progress bar; says at the end what could not be saved.
    private func run(_ prepared: [Result<BatchJob, PhotoFailure>]) {
        let jobs = prepared.compactMap { try? $0.get() }
        var failures = prepared.compactMap { result -> PhotoFailure? in
            if case .failure(let failure) = result { return failure }
            return nil
        }
        let total = prepared.count
        let skipped = failures.count
        let started = PhotoBatch(
            jobs,
            progress: { [weak self] progress in
                guard let self, let batch = self.batch, !batch.isCancelled else { return }
                self.status.show(done: progress.done + skipped, total: total)
            },
            finished: { [weak self] outcomes in
                guard let self else { return }
                self.batch = nil
                if self.status.hide() { self.host.canvas.widget.grabFocus() }
                for (job, outcome) in zip(jobs, outcomes) where outcome.status == .failed {
                    failures.append(PhotoFailure(path: job.image, workerLines: outcome.lines, encodedCause: outcome.cause))
                }
                let saved = outcomes.filter { $0.status == .succeeded }.count
                let cancelled = outcomes.contains { $0.status == .cancelled }
                let lossless = outcomes.filter { $0.status == .succeeded && $0.lossless }.count
                self.ended(BatchSummary(saved: saved, failures: failures, cancelled: cancelled, lossless: lossless))
            })
        guard let started else {
            status.hide()
            host.showError(tr("Could not save: crop-editor, which saves the photos, is not installed beside the window"))
            return
        }
        batch = started
        host.refresh(.work)
    }

    /// Says how the batch ended: a toast when all went well, a dialog listing the failures otherwise.
    private func ended(_ summary: BatchSummary) {
        lastBatch = summary
        host.refresh(.work)
        var saved = Localization.format(trn("%d photo saved", "%d photos saved", summary.saved), [summary.saved])
        if summary.lossless > 0 {
            saved += Localization.format(tr(", %d of them lossless"), [summary.lossless])
        }
        if summary.failures.isEmpty {
            host.showToast(summary.cancelled ? Localization.format(tr("Stopped: %s"), [saved]) : saved)
            return
        }
        let heading = Localization.format(
            trn("%d photo could not be saved", "%d photos could not be saved", summary.failures.count), [summary.failures.count])
        host.showError(heading)
        let label = Widgets.label(summary.failures.map(\.line).joined(separator: "\n"))
        label.setLabelLayout(wraps: true, selectable: true, xalign: 0)
        MessageDialog.present(
            over: host.window, heading: heading,
            body: (summary.cancelled ? [tr("Stopped."), saved] : [saved]).joined(separator: " "),
            extra: label, responses: [DialogResponse(id: "close", label: tr("_Close"))], defaultResponse: "close",
            closeResponse: "close"
        ) { _ in }
    }
}
