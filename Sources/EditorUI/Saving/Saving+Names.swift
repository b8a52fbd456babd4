// What a save is named and asks for, without a window: the result's and a pasted picture's names, the options, the header.

import CropKit
import Decoding
import Foundation
import GtkSupport
import ImagingCore

extension Saving {
    /// `NAME (cropped).EXT` beside the source; formats we cannot write (GIF, HEIF) become PNG, and
    /// so does a circle crop of a format without transparency (JPEG, TIFF).
    nonisolated static func croppedName(for path: String, shape: CropShape = .rectangle) -> String {
        let url = URL(fileURLWithPath: path)
        let base = url.deletingPathExtension().lastPathComponent
        let format = OutputFormat(path: path)
        let keepsExtension = shape == .circle ? format?.holdsCircle == true : format != nil
        let ext = keepsExtension ? url.pathExtension : "png"
        return url.deletingLastPathComponent().appendingPathComponent("\(base) (cropped).\(ext)").path
    }

    /// A pasted picture's name in Save's dialog: "Pasted Image 2026-12-02 14-03-11.png" (the time it is saved).
    nonisolated static func pastedName(at date: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH-mm-ss"
        return "\(tr("Pasted Image")) \(formatter.string(from: date)).png"
    }

    /// Where Save's dialog starts for a pasted picture: the Pictures folder (home without one).
    nonisolated static var picturesFolder: String { Files.picturesFolder }

    /// What a save of `editor`'s crop asks the export for (Copy, Print and Set as Background ask the
    /// same). With a perspective correction the crop (`editor.cropPixels`) is measured on the rectified
    /// picture, and the export is given the quadrilateral on the picture as shown with its size; with
    /// cuts it is measured on the joined picture, and the export makes the same cuts first.
    nonisolated static func exportOptions(
        _ editor: CropEditor, outputSize: OutputSize, overwritingSource: Bool = false
    ) -> ExportOptions {
        var options = ExportOptions(
            preferLossless: true, allowOverwritingSource: overwritingSource,
            transform: editor.orientation, shape: editor.shape, outputSize: outputSize, straighten: editor.angle)
        options.perspective = editor.rectification
        options.cuts = editor.cuts
        return options
    }

    /// The file's header now, when it still has the size and orientation it was opened with: the crop
    /// was measured on the picture as opened; if the file changed on disk since (another program, or
    /// replacing the original), the same pixel rect would cut something else. Off the main thread.
    /// Pasted bytes cannot change: their header is the one they were opened with.
    nonisolated static func probeUnchanged(_ source: DecoderSource, _ info: ImageInfo) throws(ImagingError) -> ImageInfo {
        guard case .file(let path) = source else { return info }
        let now = try DecoderPool.shared.probe(path: path)
        guard now.width == info.width, now.height == info.height, now.orientation == info.orientation else {
            throw .changedOnDisk
        }
        return now
    }
}
