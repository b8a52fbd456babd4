// The size a result is scaled to when an output size is asked for: its longer side exactly N, within what the format holds.

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

public enum OutputSize {
    /// A `width`×`height` picture scaled so its longer side is `longerSide`, up or down: the shorter side
    /// keeps the proportions, rounded to the nearest pixel and never below one.
    public static func scaled(width: Int, height: Int, longerSide: Int) -> (width: Int, height: Int) {
        let long = max(width, height, 1), short = max(min(width, height), 0)
        let scaledShort = max(1, Int((Double(short) * Double(longerSide) / Double(long)).rounded()))
        return width >= height ? (longerSide, scaledShort) : (scaledShort, longerSide)
    }

    /// The size a `width`×`height` cut becomes with `longerSide`, or why that cannot be written as `format`.
    static func checked(
        width: Int, height: Int, longerSide: Int, format: OutputFormat
    ) throws(ImagingError)
        -> (width: Int, height: Int)
    {
        guard longerSide >= 1 else { throw .invalidRequest(.outputSizeBelowOne(longerSide)) }
        guard longerSide <= format.maximumSide else {
            throw .invalidRequest(.outputSizeOverFormat(longerSide, format))
        }
        let size = scaled(width: width, height: height, longerSide: longerSide)
        // Both sides are at most 10 million here, so the product cannot overflow.
        guard size.width * size.height <= Imaging.pixelLimit else {
            throw .tooLarge(.output, width: size.width, height: size.height, limit: Imaging.pixelLimit)
        }
        return size
    }
}
