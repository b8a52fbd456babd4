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

    /// The name users know the format by, for messages.
    var displayName: String {
        switch self {
        case .png: return "PNG"
        case .jpeg: return "JPEG"
        case .webp: return "WebP"
        case .tiff: return "TIFF"
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
    static func checked(width: Int, height: Int, longerSide: Int, format: OutputFormat) throws(ImagingError)
        -> (width: Int, height: Int) {
        guard longerSide >= 1 else { throw ImagingError("the output size must be at least 1 pixel, not \(longerSide)") }
        guard longerSide <= format.maximumSide else {
            throw ImagingError("the output size \(longerSide) is too large: a \(format.displayName) image holds at most "
                               + "\(format.maximumSide) pixels a side")
        }
        let size = scaled(width: width, height: height, longerSide: longerSide)
        // Both sides are at most 10 million here, so the product cannot overflow.
        guard size.width * size.height <= Imaging.pixelLimit else {
            throw ImagingError("an output of \(size.width)×\(size.height) pixels is over the limit of "
                               + "\(Imaging.pixelLimit / 1_000_000) megapixels")
        }
        return size
    }
}
