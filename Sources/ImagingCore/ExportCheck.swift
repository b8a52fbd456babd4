// An export's request checked from the header alone, before a byte is decoded: the format, the crop inside the picture, the size.

import CropKit
import Foundation

/// An export's request checked before the decoder sees it (every process: the window, the command line,
/// the decoder itself).
public enum ExportCheck {
    /// What an export of `info` asks for, checked from the header alone before a byte is decoded or
    /// written: the output's format and the result's size, or the request's fault. The process that
    /// hands the decoder its files checks first, so a bad request never reaches it.
    public static func check(
        _ info: ImageInfo, crop: PixelRect, output: String, options: ExportOptions
    ) throws(ImagingError) -> (format: OutputFormat, size: (width: Int, height: Int)) {
        let source = info.path
        guard let format = OutputFormat(path: output) else {
            throw .invalidRequest(.unknownFormat(extension: (output as NSString).pathExtension))
        }
        guard crop.width > 0, crop.height > 0 else { throw .invalidRequest(.emptyCrop) }
        // Subtraction, not addition: a hostile rect near Int.max must not overflow.
        let shown = options.transform.displayedSize(storedWidth: info.width, storedHeight: info.height)
        if !options.cuts.isEmpty {
            try checkCut(options, shown: shown, crop: crop)
        } else if let rectification = options.perspective {
            try checkRectified(rectification, shown: shown, crop: crop, options: options)
        } else if options.straighten.isZero {
            guard crop.x >= 0, crop.y >= 0, crop.x <= shown.width - crop.width, crop.y <= shown.height - crop.height else {
                throw .invalidRequest(.cropOutside(crop, width: shown.width, height: shown.height))
            }
        } else {
            guard !options.lossless else { throw .invalidRequest(.losslessNotStraightened) }
            let turned = TurnedPicture(width: shown.width, height: shown.height, angle: options.straighten)
            guard turned.contains(crop) else { throw .invalidRequest(.cropOutsideStraightened(crop)) }
        }
        if !options.allowOverwritingSource, FileIdentity.same(source, output) {
            throw .invalidRequest(.outputIsSource)
        }
        if let quality = options.quality, !(1...100).contains(quality) {
            throw .invalidRequest(.quality)
        }
        return (format, try resultSize(shown: crop, format: format, options: options))
    }

    /// Checks, before anything is written, that the shape and size asked for can be made as `format`,
    /// and returns the size of the result (`shown`: the cut as turned).
    package static func resultSize(
        shown crop: PixelRect, format: OutputFormat,
        options: ExportOptions
    ) throws(ImagingError) -> (width: Int, height: Int) {
        if options.shape == .circle {
            guard format.holdsCircle else {
                throw .invalidRequest(.circleNeedsTransparency)
            }
            guard !options.lossless else {
                throw .invalidRequest(.circleNotLossless)
            }
        }
        if let ppi = options.writtenResolution, !(1...PrintSize.maximumPPI).contains(ppi) {
            throw .invalidRequest(.resolutionOutOfRange(ppi))
        }
        guard !options.outputSize.isOriginal else { return (crop.width, crop.height) }
        guard !options.lossless else {
            throw .invalidRequest(.losslessNotScaled)
        }
        let size = try options.outputSize.checked(width: crop.width, height: crop.height, format: format)
        return (size.width, size.height)
    }
}
