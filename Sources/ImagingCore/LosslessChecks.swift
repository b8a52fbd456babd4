// Whether a JPEG's crop can be cut (and turned) without re-encoding: arithmetic on its block grid, which the window runs often.

import CropKit

/// Whether a crop can be cut losslessly, and where the nearest crop that can starts.
public struct LosslessCheck: Sendable, Equatable {
    /// The crop on the stored pixel grid (before EXIF orientation).
    public let storedRect: PixelRect
    /// The JPEG's MCU size (8 or 16 on each axis, by chroma subsampling).
    public let mcuWidth: Int
    public let mcuHeight: Int

    public init(storedRect: PixelRect, mcuWidth: Int, mcuHeight: Int) {
        self.storedRect = storedRect
        self.mcuWidth = max(mcuWidth, 1)
        self.mcuHeight = max(mcuHeight, 1)
    }

    /// The check for an upright crop of a JPEG whose header gave `grid`: pure arithmetic, cheap
    /// enough to run on every commit.
    public init(info: ImageInfo, crop: PixelRect, grid: LosslessGrid) {
        self.init(
            storedRect: info.orientation.storedPixelRect(
                fromDisplayed: crop, storedWidth: info.storedWidth,
                storedHeight: info.storedHeight),
            mcuWidth: grid.mcuWidth, mcuHeight: grid.mcuHeight)
    }

    /// Lossless when the stored crop's left and top edges lie on the MCU grid.
    public var isEligible: Bool { storedRect.x % mcuWidth == 0 && storedRect.y % mcuHeight == 0 }

    /// Why it is not eligible.
    public var reason: ImagingError.LosslessObstacle? {
        guard !isEligible else { return nil }
        return .offGrid(x: storedRect.x, y: storedRect.y, mcuWidth: mcuWidth, mcuHeight: mcuHeight)
    }
}

/// A JPEG's MCU block size, read once from its header.
public struct LosslessGrid: Sendable, Equatable, Codable {
    public let mcuWidth: Int
    public let mcuHeight: Int

    public init(mcuWidth: Int, mcuHeight: Int) {
        self.mcuWidth = mcuWidth
        self.mcuHeight = mcuHeight
    }
}

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

extension LosslessCheck {
    /// The nearest crop, on `info`'s picture as shown, whose stored left/top edges lie on the MCU grid:
    /// edges move outwards (towards the stored origin) so nothing the user chose is lost, and the far
    /// edges stay.
    public func snappedToGrid(info: ImageInfo) -> PixelRect {
        let s = storedRect
        let x = s.x - s.x % mcuWidth, y = s.y - s.y % mcuHeight
        let stored = PixelRect(x: x, y: y, width: s.width + (s.x - x), height: s.height + (s.y - y))
        return info.orientation.displayedPixelRect(
            fromStored: stored, storedWidth: info.storedWidth, storedHeight: info.storedHeight)
    }
}

extension ImageOrientation {
    /// Whether the transform is exact on a stored W×H grid of `mcuWidth`×`mcuHeight` blocks: a
    /// partial block at an edge that the operation moves cannot be moved (libjpeg's
    /// `jtransform_perfect_transform`, which TJXOPT_PERFECT enforces on the whole image).
    package func isPerfect(storedWidth: Int, storedHeight: Int, mcuWidth: Int, mcuHeight: Int) -> Bool {
        let widthOK = storedWidth % mcuWidth == 0, heightOK = storedHeight % mcuHeight == 0
        switch self {
        case .up, .leftMirrored: return true
        case .upMirrored, .left: return widthOK
        case .downMirrored, .right: return heightOK
        case .down, .rightMirrored: return widthOK && heightOK
        }
    }
}
