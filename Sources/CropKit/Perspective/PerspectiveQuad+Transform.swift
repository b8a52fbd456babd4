// A quadrilateral carried exactly through quarter turns and flips, its corners renamed so the rectified picture turns too.

extension PerspectiveQuad {
    /// The quadrilateral on the picture that `orientation` shows of a `size` picture: every corner
    /// goes where its pixel goes, and the corners are renamed by where they now stand, so the
    /// rectified picture turns and flips as the picture did (a mirror would otherwise run the
    /// corners anticlockwise). Exact: the coordinates stay on the 1/1024-pixel grid.
    public func mapped(by orientation: ImageOrientation, pictureSize size: PixelSize) -> PerspectiveQuad {
        let w = Double(size.width), h = Double(size.height)
        let moved = corners.map { PerspectiveQuad.point($0, through: orientation, width: w, height: h) }
        // Old corner j lands at the new picture's corner `landing[j]`.
        let unit = [CropPoint(x: 0, y: 0), CropPoint(x: 1, y: 0), CropPoint(x: 1, y: 1), CropPoint(x: 0, y: 1)]
        var renamed = moved
        for (j, corner) in unit.enumerated() {
            let landed = orientation.displayedPoint(fromStored: corner)
            if let k = unit.firstIndex(of: landed) { renamed[k] = moved[j] }
        }
        return PerspectiveQuad(renamed)!
    }

    /// The quadrilateral after the user's turn or flip of a `size` picture (the size before it).
    public func mapped(by transform: PictureTransform, pictureSize size: PixelSize) -> PerspectiveQuad {
        mapped(by: transform.orientation, pictureSize: size)
    }

    /// Where a pixel point of a `width × height` picture appears once `orientation` shows it
    /// (`ImageOrientation.displayedPoint(fromStored:)` in pixels rather than fractions).
    static func point(_ p: CropPoint, through orientation: ImageOrientation, width w: Double, height h: Double) -> CropPoint {
        switch orientation {
        case .up: return p
        case .upMirrored: return CropPoint(x: w - p.x, y: p.y)
        case .down: return CropPoint(x: w - p.x, y: h - p.y)
        case .downMirrored: return CropPoint(x: p.x, y: h - p.y)
        case .leftMirrored: return CropPoint(x: p.y, y: p.x)
        case .right: return CropPoint(x: h - p.y, y: p.x)
        case .rightMirrored: return CropPoint(x: h - p.y, y: w - p.x)
        case .left: return CropPoint(x: p.y, y: w - p.x)
        }
    }
}
