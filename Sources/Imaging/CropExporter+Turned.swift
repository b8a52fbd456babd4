// The lossless export of a turned or flipped crop: one TurboJPEG transform from the stored grid to the picture as shown.

import CropKit
import Foundation
import ImagingCore

extension CropExporter {
    /// The file's EXIF orientation and the user's transform make one orientation of the stored
    /// grid; TurboJPEG applies it and cuts the shown crop, so the result is upright (tag 1).
    static func writeTurnedLossless(
        info: ImageInfo, crop: PixelRect, format: OutputFormat, file: AtomicFile,
        options: ExportOptions
    ) throws(ImagingError) -> WrittenPicture {
        guard info.isJPEG, format == .jpeg else {
            throw .invalidRequest(.losslessNeedsJPEG)
        }
        let data: Data
        // Mapped, not read: TurboJPEG reads it once, and a copy would be a second pass over it.
        do { data = try Data(contentsOf: URL(fileURLWithPath: info.path), options: .alwaysMapped) } catch {
            throw .unreadable(.readFailed)
        }
        let check = try LosslessJPEG.turnCheck(info: info, crop: crop, transform: options.transform, data: data)
        let cut = try LosslessJPEG.turnAndCrop(data, path: info.path, check: check, copyMarkers: options.strip != .all)
        try file.write(cut)
        // The pixels now stand as shown, so a kept EXIF orientation would turn them a second time.
        return WrittenPicture(
            width: crop.width, height: crop.height, metadataWidth: crop.width, metadataHeight: crop.height,
            resetOrientation: true,
            gainMap: GainMapGeometry(
                turn: check.orientation, crop: crop, storedWidth: info.storedWidth,
                storedHeight: info.storedHeight, resultWidth: crop.width,
                resultHeight: crop.height),
            writeWithoutMetadata: { (keepingXMP) throws(ImagingError) in
                try file.dropJPEGMetadata(keepingXMP: keepingXMP)
            })
    }
}
