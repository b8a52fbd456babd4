// What the editor shows for one picture: its name, its real upright size and a surface to draw it from.

import CropKit
import Decoding
import GtkSupport
import ImagingCore

/// A picture ready for the canvas. `surface` may be smaller than the real image (shrunk on load);
/// crops are always expressed against `pixelWidth` × `pixelHeight`, the upright full-resolution size.
public struct LoadedImage: Sendable {
    public let title: String
    /// The file it came from; nil for the built-in demo.
    public let path: String?
    public let surface: ImageSurface
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// The file's header facts (format, orientation); nil for the demo.
    public var info: ImageInfo? = nil
    /// The MCU grid of a JPEG, for the lossless check on every commit; nil otherwise.
    public var losslessGrid: LosslessGrid? = nil
    /// A crop kept earlier (sidecar or the file's own XMP) and where it came from.
    public var storedCrop: (crop: StoredCrop, source: StoredCropSource)? = nil

    /// The kept crop and its straighten angle (on the upright picture, as the window opens it),
    /// or the whole picture level when none was kept.
    public var restoredCrop: (rect: CropRect, angle: StraightenAngle) {
        guard let stored = storedCrop?.crop else { return (.unit, .zero) }
        return (stored.rect, stored.angle)
    }
    /// Why a sidecar beside the file was ignored, if it was.
    public var sidecarProblem: String? = nil
    /// A picture without a file (pasted, dropped from a browser): its bytes, sealed for the decoder.
    public var pasted: SealedBytes? = nil

    /// Where the decoder reads the picture: its file or its pasted bytes; nil for the demo.
    public var decoderSource: DecoderSource? {
        if let pasted { return .bytes(pasted) }
        return path.map { .file($0) }
    }
}
