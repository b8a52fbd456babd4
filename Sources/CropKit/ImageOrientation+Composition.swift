// Orientations as turns and flips of a picture: where a point lands, composing two, and pixel rects on the displayed side.

extension ImageOrientation {
    /// Where a normalized point of the stored picture appears on the displayed one (the inverse of
    /// `storedRect(fromDisplayed:)`'s point map): e.g. `.right` shows the stored picture turned a quarter clockwise.
    public func displayedPoint(fromStored p: CropPoint) -> CropPoint {
        let (x, y) = (p.x, p.y)
        switch self {
        case .up: return CropPoint(x: x, y: y)
        case .upMirrored: return CropPoint(x: 1 - x, y: y)
        case .down: return CropPoint(x: 1 - x, y: 1 - y)
        case .downMirrored: return CropPoint(x: x, y: 1 - y)
        case .leftMirrored: return CropPoint(x: y, y: x)
        case .right: return CropPoint(x: 1 - y, y: x)
        case .rightMirrored: return CropPoint(x: 1 - y, y: 1 - x)
        case .left: return CropPoint(x: y, y: 1 - x)
        }
    }

    /// The orientation that shows the stored picture as `self` does and then applies `next` to
    /// what is shown: with a picture's EXIF orientation and the user's turns and flips on top,
    /// `exif.followed(by: user)` maps the stored grid straight to the picture being cropped.
    public func followed(by next: ImageOrientation) -> ImageOrientation {
        // A point no turn or flip fixes tells the eight apart, and dyadic coordinates map exactly.
        let probe = CropPoint(x: 0.25, y: 0.125)
        let target = next.displayedPoint(fromStored: displayedPoint(fromStored: probe))
        return ImageOrientation.allCases.first { $0.displayedPoint(fromStored: probe) == target } ?? .up
    }

    /// The pixel rect of the displayed picture for a pixel rect on the stored W×H grid (exact: edges map to edges).
    public func displayedPixelRect(fromStored p: PixelRect, storedWidth: Int, storedHeight: Int) -> PixelRect {
        let (width, height) = displayedSize(storedWidth: storedWidth, storedHeight: storedHeight)
        return inverse.storedPixelRect(fromDisplayed: p, storedWidth: width, storedHeight: height)
    }
}
