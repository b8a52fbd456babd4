// EXIF orientation: how the stored pixel grid maps to the upright picture people see and crop, for sizes and rects.

/// The eight EXIF orientations. Crops are made on the upright (displayed) picture; lossless JPEG
/// cuts and sidecars speak of the stored grid, so rects move between the two with these maps.
public enum ImageOrientation: Int, CaseIterable, Hashable, Sendable, Codable {
    case up = 1, upMirrored = 2, down = 3, downMirrored = 4
    case leftMirrored = 5, right = 6, rightMirrored = 7, left = 8

    /// Unknown or missing values count as upright, as every viewer treats them.
    public init(exifValue: Int) { self = ImageOrientation(rawValue: exifValue) ?? .up }

    /// Orientations 5–8 turn the picture a quarter: width and height trade places.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// Orientations 2, 4, 5 and 7 mirror the picture: a turn seen through them goes the other way.
    public var mirrors: Bool { self == .upMirrored || self == .downMirrored || self == .leftMirrored || self == .rightMirrored }

    /// The orientation whose map undoes this one (the quarter turns 6 and 8 undo each other).
    public var inverse: ImageOrientation {
        switch self {
        case .right: return .left
        case .left: return .right
        default: return self
        }
    }

    /// The upright size of a stored W×H image.
    public func displayedSize(storedWidth: Int, storedHeight: Int) -> (width: Int, height: Int) {
        swapsAxes ? (storedHeight, storedWidth) : (storedWidth, storedHeight)
    }

    /// The stored point (both in 0…1, or in edge units of `size`) for an upright point.
    private func stored(_ a: Double, _ b: Double, width w: Double, height h: Double) -> (Double, Double) {
        // (a, b) is upright; w × h is the stored size in the same units.
        switch self {
        case .up: return (a, b)
        case .upMirrored: return (w - a, b)
        case .down: return (w - a, h - b)
        case .downMirrored: return (a, h - b)
        case .leftMirrored: return (b, a)
        case .right: return (b, h - a)
        case .rightMirrored: return (w - b, h - a)
        case .left: return (w - b, a)
        }
    }

    /// The normalized crop on the stored grid for a normalized crop of the upright picture.
    public func storedRect(fromDisplayed r: CropRect) -> CropRect {
        let (x0, y0) = stored(r.minX, r.minY, width: 1, height: 1)
        let (x1, y1) = stored(r.maxX, r.maxY, width: 1, height: 1)
        return CropRect(left: min(x0, x1), top: min(y0, y1), right: max(x0, x1), bottom: max(y0, y1))
    }

    /// The normalized crop of the upright picture for a normalized crop on the stored grid.
    public func displayedRect(fromStored r: CropRect) -> CropRect { inverse.storedRect(fromDisplayed: r) }

    /// The pixel rect on the stored W×H grid for a pixel rect of the upright picture (exact: edges map to edges).
    public func storedPixelRect(fromDisplayed p: PixelRect, storedWidth: Int, storedHeight: Int) -> PixelRect {
        let w = Double(storedWidth), h = Double(storedHeight)
        let (x0, y0) = stored(Double(p.x), Double(p.y), width: w, height: h)
        let (x1, y1) = stored(Double(p.x + p.width), Double(p.y + p.height), width: w, height: h)
        return PixelRect(x: Int(min(x0, x1)), y: Int(min(y0, y1)), width: Int(abs(x1 - x0)), height: Int(abs(y1 - y0)))
    }
}
