// What an output size asked of the model means for a format: the result's pixels checked against what the format holds.

import CropKit

extension OutputFormat {
    /// The longest side a file of this format can have: WebP stores 14-bit dimensions, libjpeg stops at
    /// 65500, and libvips itself at 10 million pixels a side for the others.
    public var maximumSide: Int {
        switch self {
        case .webp: return 16383
        case .jpeg: return 65500
        case .png, .tiff: return 10_000_000
        }
    }
}

extension OutputSize {
    /// The size a `width`×`height` cut becomes, or why that cannot be written as `format`: a side
    /// under one pixel or past what the format holds, too many pixels, or for an exact size a crop
    /// whose ratio is not the size's (to within one pixel of rounding).
    func checked(width: Int, height: Int, format: OutputFormat) throws(ImagingError) -> PixelSize {
        switch self {
        case .original: return PixelSize(width: width, height: height)
        case .longerSide(let side):
            guard side >= 1 else { throw .invalidRequest(.outputSizeBelowOne(side)) }
            guard side <= format.maximumSide else { throw .invalidRequest(.outputSizeOverFormat(side, format)) }
        case .pixels, .print:
            let exact = exactPixels ?? PixelSize(width: 0, height: 0)
            let smaller = min(exact.width, exact.height), larger = max(exact.width, exact.height)
            guard smaller >= 1 else { throw .invalidRequest(.outputSizeBelowOne(smaller)) }
            guard larger <= format.maximumSide else { throw .invalidRequest(.outputSizeOverFormat(larger, format)) }
            guard matches(cropWidth: width, cropHeight: height) else {
                throw .invalidRequest(.ratioMismatch(crop: PixelSize(width: width, height: height), size: exact))
            }
        }
        let size = result(cropWidth: width, cropHeight: height)
        // Both sides are at most 10 million here, so the product cannot overflow.
        guard size.width * size.height <= SupportedImages.pixelLimit else {
            throw .tooLarge(.output, width: size.width, height: size.height, limit: SupportedImages.pixelLimit)
        }
        return size
    }
}
