// Print (Ctrl+P): the result as Save makes it, made and decoded by the confined decoder, handed to GTK's print dialog.

import CGtk
import Canvas
import CropKit
import Decoding
import Foundation
import GtkSupport
import ImagingCore

/// Print holds nothing of its own: each print is a `PrintJob`, which the window's GTK object keeps
/// while it runs (one at a time per window).
@MainActor
struct Printing {
    unowned let host: any WindowHost

    /// Where a window's running print is kept: on the GTK window, so it goes with it.
    private static let slots = InstanceState<PrintJob.Slot>(key: "crop-editor-print")

    /// Ctrl+P: makes the result off the main thread, then shows GTK's print dialog with a preview of
    /// the page; with `pdf`, writes the page into that PDF file instead (no dialog). `done` hears how
    /// it ended (a failure to make the result is also shown as an error).
    func print(exportingTo pdf: String? = nil, done: (@MainActor (PrintOperation.Outcome) -> Void)? = nil) {
        guard let picture = host.picture else { return }
        let slot = Printing.slots.get(host.window.raw) ?? Printing.newSlot(on: host.window)
        guard slot.job == nil, !slot.preparing else { return }
        slot.preparing = true
        let editor = host.canvas.editor
        let crop = editor.cropPixels
        let options = Saving.exportOptions(editor, outputSize: host.outputSize)
        var printSize: PrintSize?
        if case .print(let size) = host.outputSize { printSize = size }
        let title = host.canvas.image?.title ?? tr("Crop Editor")
        let host = self.host
        // How it ended, said where the person looks (made here: the task below holds the host weakly).
        let report: @MainActor (PrintOperation.Outcome) -> Void = { [weak host] outcome in
            if case .failed(let words) = outcome { host?.showError(String(format: tr("Could not print: %@"), words)) }
            done?(outcome)
        }
        Task { @MainActor [weak host] in
            let made = await Task.detached(priority: .userInitiated) {
                Result { () throws(ImagingError) in
                    try Printing.render(picture.source, info: picture.info, crop: crop, options: options)
                }
            }.value
            slot.preparing = false
            guard let host, !host.isClosed else { return }
            switch made {
            case .success(let surface):
                let job = PrintJob(
                    picture: surface, print: printSize, cropPixels: PixelSize(width: crop.width, height: crop.height),
                    title: title)
                slot.job = job
                job.run(over: pdf == nil ? host.window : nil, exportingTo: pdf) { outcome in
                    slot.job = nil
                    report(outcome)
                }
            case .failure(let error): report(.failed(error.message))
            }
        }
    }

    /// The print running in this window (its dialog open, or its page being written), if any.
    var running: PrintJob? { Printing.slots.get(host.window.raw)?.job }

    private static func newSlot(on window: UnsafeMutablePointer<GtkWidget>) -> PrintJob.Slot {
        let slot = PrintJob.Slot()
        slots.attach(slot, to: window.raw)
        return slot
    }

    /// The result exactly as Save makes it (the crop, turns, straightening, shape and output size),
    /// encoded by the confined decoder and decoded again by another (this process never decodes a
    /// picture), as a Cairo surface at the result's own pixels. Call off the main thread.
    nonisolated static func render(
        _ source: DecoderSource, info: ImageInfo, crop: PixelRect, options: ExportOptions
    ) throws(ImagingError) -> ImageSurface {
        let now = try Saving.probeUnchanged(source, info)
        let (result, bytes) = try DecoderPool.shared.encodedExport(now, from: source, crop: crop, format: .png, options: options)
        // The encoded PNG (a few megabytes at most), sealed for the decoder as a pasted picture is.
        let sealed = try SealedBytes(bytes.withUnsafeBytes { [UInt8]($0) }, name: "print.png")
        let decoded = try DecoderPool.shared.displayThumbnail(.bytes(sealed), maxWidth: result.width, maxHeight: result.height)
        guard decoded.pixels.width == result.width, decoded.pixels.height == result.height,
            let surface = ImageSource.surface(from: decoded.pixels)
        else {
            throw .tooLarge(.output, width: result.width, height: result.height, limit: decoded.pixels.width)
        }
        return surface
    }
}
