// Whole-pixel rectangles and the one rounding rule between them and normalized crops.

/// A rectangle of whole pixels in an image.
public struct PixelRect: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    /// ImageMagick/jpegtran geometry, `WxH+X+Y`.
    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

/// A picture's size in whole pixels.
public struct PixelSize: Hashable, Sendable, Codable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    /// `W×H`, as ImageMagick prints sizes.
    public var description: String { "\(width)x\(height)" }
}

extension CropRect {
    /// The pixel rectangle for this normalized crop in a W×H image.
    ///
    /// The rule: each edge is placed independently on the nearest pixel boundary
    /// (`edge × size`, halves rounded away from zero) and clamped to the image; if both edges of
    /// an axis land on the same boundary the rectangle keeps one pixel, grown towards the inside.
    /// Rounding edges rather than origin and size means adjacent crops tile without gaps, and
    /// because a pixel edge `p` is stored as `p / size`, pixel → normalized → pixel is exact.
    public func pixelRect(imageWidth: Int, imageHeight: Int) -> PixelRect {
        let w = max(imageWidth, 1), h = max(imageHeight, 1)
        let r = sanitized
        let (x0, x1) = CropRect.pixelEdges(r.minX, r.maxX, size: w)
        let (y0, y1) = CropRect.pixelEdges(r.minY, r.maxY, size: h)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The normalized crop of a pixel rectangle in a W×H image (clamped to the image first).
    public init(pixelRect p: PixelRect, imageWidth: Int, imageHeight: Int) {
        let w = max(imageWidth, 1), h = max(imageHeight, 1)
        let x0 = min(max(p.x, 0), w - 1), y0 = min(max(p.y, 0), h - 1)
        let x1 = min(max(CropRect.saturatingSum(p.x, max(p.width, 1)), x0 + 1), w)
        let y1 = min(max(CropRect.saturatingSum(p.y, max(p.height, 1)), y0 + 1), h)
        self.init(
            left: Double(x0) / Double(w), top: Double(y0) / Double(h),
            right: Double(x1) / Double(w), bottom: Double(y1) / Double(h))
    }

    /// `a + b` without trapping: pixel rectangles can come from typed or hostile input.
    private static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? Int.max : Int.min) : sum
    }

    private static func pixelEdges(_ low: Double, _ high: Double, size: Int) -> (Int, Int) {
        let s = Double(size)
        var a = Int(min(max((low * s).rounded(), 0), s))
        var b = Int(min(max((high * s).rounded(), 0), s))
        if b <= a {
            if a >= size { a = size - 1; b = size } else { b = a + 1 }
        }
        return (a, b)
    }
}
