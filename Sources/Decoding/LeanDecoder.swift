// The lean decoder (crop-editor-jpegcut): which files and exports are its, and where it is installed.

import Foundation
import ImagingCore

/// A second confined decoder for plain JPEG-to-JPEG crops that links no libvips: libjpeg decodes the crop
/// alone and encodes it as libvips' jpegsave does, libexif rewrites the EXIF as libvips does, gexiv2 fixes the
/// metadata as the decoder's export does, so its result is the decoder's byte for byte. It is started,
/// confined and checked as the decoder is; for any file or request it cannot make identically it answers
/// `notMine`, and the pool hands the job to the decoder.
public enum LeanDecoder {
    public static let programName = "crop-editor-jpegcut"

    /// Set to `off` in the environment, the lean decoder is never started (the tests compare the two ways).
    public static let switchVariable = "CROP_EDITOR_JPEGCUT"

    /// The lean decoder's executable: `CROP_EDITOR_JPEGCUT` when it names one, else beside this executable or
    /// where `make install` puts it; nil when switched off or missing.
    static func locateProgram() -> String? {
        let chosen = ProcessInfo.processInfo.environment[switchVariable]
        if chosen == "off" { return nil }
        if let chosen, chosen.hasPrefix("/") { return chosen }
        return DecoderPool.locate(programName)
    }

    /// Whether the lean decoder makes an export with `options` into `format`: a JPEG re-encoded (at the quality asked
    /// for, or the source's own), its pixels only cut and turned (no straighten, perspective, bands cut out, shape or size)
    /// and no resolution written. A cut that is to be lossless where it can (the window's batches, no quality
    /// asked for) is the decoder's: it decides whether the cut allows it.
    public static func covers(_ options: ExportOptions, format: OutputFormat?) -> Bool {
        format == .jpeg && !options.lossless && (options.quality != nil || !options.preferLossless) && !options.changesPixels
            && options.writtenResolution == nil
    }
}
