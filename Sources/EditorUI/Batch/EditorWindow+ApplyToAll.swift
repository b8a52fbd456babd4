// Apply to All…: the shown crop onto every photo of the folder (or those chosen), saved in the background on every core.

import Batch
import CGtk
import CropKit
import Decoding
import Foundation
import GtkSupport
import ImagingCore

extension EditorWindow {
    /// Asks how to apply the crop and to which photos (all ticked), then saves them.
    func askApplyToAll() {
        guard let session = browsing.session, canvas.image?.path != nil, applyToAll.isIdle else { return }
        let tree = UIFiles.builder("apply-to-all.ui")
        let choices = UIFiles.widget(tree, "choices"), list = UIFiles.widget(tree, "photos")
        var modes: [UnsafeMutablePointer<GtkWidget>] = []
        for mode in ApplyMode.allCases {
            // No mnemonics: GTK 4.8 would put the underline into the name a screen reader reads.
            let button = gtk_check_button_new_with_label(tr(mode.label))!
            if let first = modes.first { gtk_check_button_set_group(check(button), check(first)) }
            // Above the list of photos, in the order of the ways.
            gtk_box_insert_child_after(cgtk_box(choices.raw), button, modes.last)
            modes.append(button)
        }
        gtk_check_button_set_active(check(modes[0]), 1)
        var photos: [(path: String, button: UnsafeMutablePointer<GtkWidget>)] = []
        for path in session.paths {
            let button = gtk_check_button_new_with_label((path as NSString).lastPathComponent)!
            gtk_check_button_set_active(check(button), 1)
            list.append(button)
            photos.append((path, button))
        }
        let (modeButtons, photoChecks) = (modes, photos)
        let dialog = MessageDialog.present(
            UIFiles.widget(tree, "apply-dialog"), over: window, defaultResponse: "apply"
        ) { [weak self] response in
            guard let self, response == "apply" else { return }
            let mode =
                ApplyMode.allCases.first { gtk_check_button_get_active(check(modeButtons[$0.rawValue])) != 0 } ?? .sameRectangle
            let chosen = photoChecks.filter { gtk_check_button_get_active(check($0.button)) != 0 }.map(\.path)
            self.applyToAll(mode, paths: chosen)
        }
        applyToAll.dialog = dialog
        Signal.connect(dialog.raw, "destroy") { [weak self] in self?.applyToAll.dialog = nil }
    }

    /// Saves the shown crop applied by `mode` to each of `paths`, beside each photo, in the background.
    func applyToAll(_ mode: ApplyMode, paths: [String]) {
        guard applyToAll.batch == nil, !paths.isEmpty, canvas.image?.path != nil else { return }
        let editor = canvas.editor
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
        let transform = editor.orientation, shape = editor.shape, size = outputSize
        applyToAll.status.show(done: 0, total: paths.count)
        applyToAll.status.focus(in: window.asWindow)
        applyToAll.lastBatch = nil
        Task { @MainActor [weak self] in
            // Each photo's size from its header (off the main thread), for the two geometric modes.
            let prepared = await Task.detached(priority: .userInitiated) {
                paths.map { path in
                    EditorWindow.batchJob(
                        path: path, applied: applied, ratio: ratio, transform: transform, angle: angle, shape: shape,
                        size: size)
                }
            }.value
            guard let self, !self.isClosed else { return }
            self.run(prepared)
        }
    }

    /// One photo's job as crop-editor's command line, or why it cannot be made ("NAME: reason").
    /// The two geometric modes straighten each photo by `angle` too; a suggestion is placed on the
    /// upright photo (the command line's `--crop=auto` does not straighten).
    nonisolated static func batchJob(
        path: String, applied: AppliedCrop?, ratio: Double, transform: ImageOrientation,
        angle: StraightenAngle = .zero, shape: CropShape, size: OutputSize = .original
    ) -> Result<BatchJob, PhotoFailure> {
        var arguments = commandLineTransform(transform) + commandLineSize(size)
        if shape == .circle { arguments.append("--shape=circle") }
        if let applied {
            let info: ImageInfo
            do { info = try DecoderPool.shared.probe(path: path) } catch {
                return .failure(PhotoFailure(path: path, cause: .imaging(error)))
            }
            let shown = transform.displayedSize(storedWidth: info.width, storedHeight: info.height)
            // An exact output size needs its ratio: on a photo of other proportions the same part is
            // narrowed to it, centred, rather than refused.
            let rect = size.fitted(applied.pixelRect(imageWidth: shown.width, imageHeight: shown.height, angle: angle))
            if !angle.isZero { arguments.append("--straighten=\(String(format: "%.2f", angle.degrees))") }
            arguments.append("--crop=\(rect.width)x\(rect.height)+\(rect.x)+\(rect.y)")
        } else {
            arguments += ["--crop=auto", "--aspect=\(String(format: "%.6f", ratio)):1"]
        }
        // As Save does: lossless where the cut allows it (the batch says how many were).
        arguments.append("--prefer-lossless")
        arguments += ["--output=\(croppedName(for: path, shape: shape))", "--", path]
        return .success(BatchJob(image: path, arguments: arguments))
    }

    /// `--size` or `--print-size` with `--resolution` for an output size, as the command line reads them.
    nonisolated static func commandLineSize(_ size: OutputSize) -> [String] {
        switch size {
        case .original: return []
        case .longerSide(let side): return ["--size=\(side)"]
        case .pixels(let pixels): return ["--size=\(pixels)"]
        case .print(let print): return ["--print-size=\(print)", "--resolution=\(print.ppi)"]
        }
    }

    /// `--rotate` and `--flip` for a turn and flip of the picture as the command line composes them
    /// (the flip first, then the turn).
    nonisolated static func commandLineTransform(_ orientation: ImageOrientation) -> [String] {
        for flip: PictureTransform? in [nil, .flipHorizontal, .flipVertical] {
            for turns in 0..<4 {
                var composed = flip.map { ImageOrientation.up.applying($0) } ?? .up
                for _ in 0..<turns { composed = composed.applying(.rotateRight) }
                guard composed == orientation else { continue }
                let rotate = turns == 0 ? [] : ["--rotate=\(turns * 90)"]
                let flipped = flip.map { ["--flip=\($0 == .flipHorizontal ? "horizontal" : "vertical")"] } ?? []
                return flipped + rotate
            }
        }
        return []
    }

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
                guard let self, self.applyToAll.batch != nil, self.applyToAll.batch?.isCancelled == false else { return }
                self.applyToAll.status.show(done: progress.done + skipped, total: total)
            },
            finished: { [weak self] outcomes in
                guard let self else { return }
                self.applyToAll.batch = nil
                if self.applyToAll.status.hide() { self.canvas.widget.grabFocus() }
                for (job, outcome) in zip(jobs, outcomes) where outcome.status == .failed {
                    failures.append(PhotoFailure(path: job.image, workerLines: outcome.lines, encodedCause: outcome.cause))
                }
                let saved = outcomes.filter { $0.status == .succeeded }.count
                let cancelled = outcomes.contains { $0.status == .cancelled }
                let lossless = outcomes.filter { $0.status == .succeeded && $0.lossless }.count
                self.batchEnded(BatchSummary(saved: saved, failures: failures, cancelled: cancelled, lossless: lossless))
            })
        guard let started else {
            applyToAll.status.hide()
            showError(tr("Could not save: crop-editor, which saves the photos, is not installed beside the window"))
            return
        }
        applyToAll.batch = started
        applyToAll.status.onCancel = { [weak self] in
            self?.applyToAll.batch?.cancel()
            self?.applyToAll.status.showStopping()
        }
    }

    /// Says how the batch ended: a toast when all went well, a dialog listing the failures otherwise.
    private func batchEnded(_ summary: BatchSummary) {
        applyToAll.lastBatch = summary
        var saved = Localization.format(trn("%d photo saved", "%d photos saved", summary.saved), [summary.saved])
        if summary.lossless > 0 {
            saved += Localization.format(tr(", %d of them lossless"), [summary.lossless])
        }
        if summary.failures.isEmpty {
            showToast(summary.cancelled ? Localization.format(tr("Stopped: %s"), [saved]) : saved)
            return
        }
        let heading = Localization.format(
            trn("%d photo could not be saved", "%d photos could not be saved", summary.failures.count), [summary.failures.count])
        showError(heading)
        let label = gtk_label_new(summary.failures.map(\.line).joined(separator: "\n"))!
        gtk_label_set_wrap(cgtk_label(label.raw), 1)
        gtk_label_set_selectable(cgtk_label(label.raw), 1)
        gtk_label_set_xalign(cgtk_label(label.raw), 0)
        MessageDialog.present(
            over: window, heading: heading, body: (summary.cancelled ? [tr("Stopped."), saved] : [saved]).joined(separator: " "),
            extra: label, responses: [DialogResponse(id: "close", label: tr("_Close"))], defaultResponse: "close",
            closeResponse: "close"
        ) { _ in }
    }
}

/// A check button's own type, for the calls GTK types so.
private func check(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkCheckButton> {
    widget.raw.assumingMemoryBound(to: GtkCheckButton.self)
}
