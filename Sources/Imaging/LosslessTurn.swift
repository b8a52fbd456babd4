// Cutting a JPEG without re-encoding while turning or flipping it, and when the geometry allows that.

import CTurboJPEG
import CropKit
import Foundation

/// Whether a crop of a turned or flipped JPEG can be made losslessly. TurboJPEG turns the stored
/// grid first and cuts after, so the crop is in the turned picture's pixels: the picture as shown.
public struct LosslessTurnCheck: Sendable, Equatable {
    /// Stored grid → picture as shown: the file's EXIF orientation followed by the user's transform.
    public let orientation: ImageOrientation
    /// The crop on the picture as shown.
    public let crop: PixelRect
    public let storedWidth: Int
    public let storedHeight: Int
    /// The JPEG's MCU size on the stored grid.
    public let mcuWidth: Int
    public let mcuHeight: Int

    public init(
        orientation: ImageOrientation, crop: PixelRect, storedWidth: Int, storedHeight: Int,
        mcuWidth: Int, mcuHeight: Int
    ) {
        self.orientation = orientation
        self.crop = crop
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.mcuWidth = max(mcuWidth, 1)
        self.mcuHeight = max(mcuHeight, 1)
    }

    /// The check for `crop` of the picture shown by `transform` on top of the upright JPEG.
    public init(info: ImageInfo, crop: PixelRect, transform: ImageOrientation, grid: LosslessGrid) {
        self.init(
            orientation: info.orientation.followed(by: transform), crop: crop, storedWidth: info.storedWidth,
            storedHeight: info.storedHeight, mcuWidth: grid.mcuWidth, mcuHeight: grid.mcuHeight)
    }

    public var isEligible: Bool { reason == nil }

    /// Why it is not eligible.
    public var reason: ImagingError.LosslessObstacle? {
        if !orientation.isPerfect(storedWidth: storedWidth, storedHeight: storedHeight, mcuWidth: mcuWidth, mcuHeight: mcuHeight)
        {
            return .partialEdgeBlocks(width: storedWidth, height: storedHeight, mcuWidth: mcuWidth, mcuHeight: mcuHeight)
        }
        // A turned block grid swaps its sides; TurboJPEG checks the unswapped one, so a corner on
        // both grids satisfies it and the turned grid alike (they coincide for 4:2:0 and 4:4:4).
        let side = max(mcuWidth, mcuHeight)
        let (stepX, stepY) = orientation.swapsAxes ? (side, side) : (mcuWidth, mcuHeight)
        guard crop.x % stepX == 0, crop.y % stepY == 0 else {
            return .turnedCornerOffGrid(x: crop.x, y: crop.y, stepX: stepX, stepY: stepY)
        }
        return nil
    }
}

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
