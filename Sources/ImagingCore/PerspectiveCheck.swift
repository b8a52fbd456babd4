// A perspective export checked from the header alone: the quadrilateral, the rectified size's limit, the crop inside it.

import CropKit

/// Why an export with a perspective correction cannot be made as asked (worded by `Wording`).
public enum PerspectiveRefusal: Sendable, Equatable, Codable {
    /// The quadrilateral cannot be rectified on the picture as shown.
    case quad(QuadProblem)
    /// A rectified picture is new pixels: no lossless cut holds them.
    case lossless
    /// A straighten angle and a perspective correction together (the correction levels the picture itself).
    case straightened
    /// A locked ratio or an exact size that is not a positive number of pixels.
    case shape
}

extension RectificationProblem {
    /// The problem as the export's error, worded with the others.
    public var imagingError: ImagingError {
        switch self {
        case .quad(let problem): return .invalidRequest(.perspective(.quad(problem)))
        case .tooLarge(let size, let limit): return .tooLarge(.output, width: size.width, height: size.height, limit: limit)
        case .invalidShape: return .invalidRequest(.perspective(.shape))
        }
    }
}

extension Rectification {
    /// The most pixels a rectified picture may have: the imaging pixel limit, named once here so
    /// the perspective code follows it wherever it is kept.
    public static let pixelLimit = SupportedImages.pixelLimit
}

extension ExportCheck {
    /// The checks of an export with `rectification`, before a byte is decoded: the quadrilateral on
    /// the `shown` picture, no lossless cut and no straighten angle, a rectified size within the
    /// pixel limit, and the crop inside the rectified picture.
    static func checkRectified(
        _ rectification: Rectification, shown: (width: Int, height: Int), crop: PixelRect, options: ExportOptions
    ) throws(ImagingError) {
        guard !options.lossless else { throw .invalidRequest(.perspective(.lossless)) }
        guard options.straighten.isZero else { throw .invalidRequest(.perspective(.straightened)) }
        if let problem = rectification.quad.problem(in: PixelSize(width: shown.width, height: shown.height)) {
            throw .invalidRequest(.perspective(.quad(problem)))
        }
        let size = rectification.size
        guard Double(size.width) * Double(size.height) <= Double(Rectification.pixelLimit) else {
            throw .tooLarge(.output, width: size.width, height: size.height, limit: Rectification.pixelLimit)
        }
        // Subtraction, not addition: a hostile rect near Int.max must not overflow.
        guard crop.x >= 0, crop.y >= 0, crop.x <= size.width - crop.width, crop.y <= size.height - crop.height else {
            throw .invalidRequest(.cropOutside(crop, width: size.width, height: size.height))
        }
    }
}

extension Rectification {
    /// The checks of a render of `region` (normalized on the rectified picture) at `width` × `height`
    /// pixels, before any work: the quadrilateral on the `shown` picture, the rectified picture and
    /// the render each within the pixel limit, and a region that overlaps the rectified picture.
    /// Returns the part of `region` inside it.
    public func checkedRender(shown: PixelSize, region: CropRect, width: Int, height: Int) throws(ImagingError) -> CropRect {
        if let problem = quad.problem(in: shown) { throw .invalidRequest(.perspective(.quad(problem))) }
        guard Double(size.width) * Double(size.height) <= Double(Rectification.pixelLimit) else {
            throw .tooLarge(.output, width: size.width, height: size.height, limit: Rectification.pixelLimit)
        }
        guard width >= 1, height >= 1 else { throw .invalidRequest(.outputSizeBelowOne(min(width, height))) }
        guard Double(width) * Double(height) <= Double(Rectification.pixelLimit) else {
            throw .tooLarge(.output, width: width, height: height, limit: Rectification.pixelLimit)
        }
        guard region.isFinite, let inside = region.intersection(.unit) else { throw .invalidRequest(.emptyRegion) }
        return inside
    }
}
