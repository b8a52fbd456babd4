// Cutting a JPEG without re-encoding while turning or flipping it, and when the geometry allows that.

import CTurboJPEG
import CropKit
import Foundation
import ImagingCore

extension LosslessJPEG {
    /// The turn check for `crop` of the JPEG `data`, whose header gives the stored size and grid.
    static func turnCheck(
        info: ImageInfo, crop: PixelRect, transform: ImageOrientation,
        data: Data
    ) throws(ImagingError) -> LosslessTurnCheck {
        let header = try header(of: data)
        return LosslessTurnCheck(
            orientation: info.orientation.followed(by: transform), crop: crop,
            storedWidth: header.width, storedHeight: header.height,
            mcuWidth: Int(ctj_mcu_width(header.subsampling)),
            mcuHeight: Int(ctj_mcu_height(header.subsampling)))
    }

    /// Turns or flips the stored grid of `data` by `check.orientation` and cuts `check.crop` out of
    /// the result, without decoding. TJXOPT_PERFECT makes TurboJPEG refuse rather than leave
    /// untransformed edge blocks, should our own check ever disagree with it.
    static func turnAndCrop(
        _ data: Data, path: String, check: LosslessTurnCheck,
        copyMarkers: Bool = true
    ) throws(ImagingError) -> Data {
        if let reason = check.reason { throw .notLossless(reason) }
        return try LosslessJPEG.transform(
            data, path: path, region: check.crop, operation: check.orientation.turboJPEGOperation,
            options: TJXOPT_CROP | TJXOPT_PERFECT, copyMarkers: copyMarkers,
            failure: .losslessTurn)
    }
}
