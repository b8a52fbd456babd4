// Where a suggested crop goes: the largest rectangle of a ratio, centred on a point of interest, inside the picture.

/// The geometry of a smart crop suggestion, on a picture of `width`×`height` pixels. The point of
/// interest comes from elsewhere (libvips' attention measure); placing the rectangle is this.
public struct SuggestedCrop: Hashable, Sendable {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = max(width, 1)
        self.height = max(height, 1)
    }

    /// The largest `ratio` (width ÷ height in pixels) rectangle the picture holds: its full length
    /// on one axis, the other side rounded to the nearest pixel (never past the picture, never 0).
    public func largestSize(ratio: Double) -> PixelSize {
        guard ratio.isFinite, ratio > 0 else { return PixelSize(width: width, height: height) }
        if Double(width) <= Double(height) * ratio {
            let h = Int((Double(width) / ratio).rounded())
            return PixelSize(width: width, height: min(max(h, 1), height))
        }
        let w = Int((Double(height) * ratio).rounded())
        return PixelSize(width: min(max(w, 1), width), height: height)
    }

    /// A `size` rectangle (shrunk to the picture if larger) centred on `point` (picture pixels,
    /// 0…width, 0…height), shifted only as far as it must to stay inside the picture.
    public func placed(_ size: PixelSize, around point: (x: Double, y: Double)) -> PixelRect {
        let w = min(max(size.width, 1), width), h = min(max(size.height, 1), height)
        func start(_ centre: Double, _ length: Int, _ limit: Int) -> Int {
            guard centre.isFinite else { return (limit - length) / 2 }
            return min(max(Int((centre - Double(length) / 2).rounded()), 0), limit - length)
        }
        return PixelRect(x: start(point.x, w, width), y: start(point.y, h, height), width: w, height: h)
    }
}
