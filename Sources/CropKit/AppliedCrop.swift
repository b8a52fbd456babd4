// Apply to All's geometry: the shown photo's crop carried onto another, as the same normalized rectangle or pixel size centred.

/// How Apply to All carries the crop to each photo.
public enum AppliedCrop: Hashable, Sendable {
    /// The same rectangle in fractions of the picture (a crop of the middle half stays the middle half).
    case sameRectangle(CropRect)
    /// The same size in pixels about the picture's centre, shrunk to a picture too small for it.
    case sameSize(PixelSize)

    /// The crop on a picture of `width`×`height` pixels as shown.
    public func pixelRect(imageWidth width: Int, imageHeight height: Int) -> PixelRect {
        switch self {
        case .sameRectangle(let rect):
            return rect.sanitized.pixelRect(imageWidth: width, imageHeight: height)
        case .sameSize(let size):
            return SuggestedCrop(width: width, height: height)
                .placed(size, around: (x: Double(width) / 2, y: Double(height) / 2))
        }
    }

    /// The crop on a picture of `width`×`height` pixels as shown, straightened by `angle`: carried
    /// onto the turned picture's bounding box as above, then shrunk about its centre only as much as
    /// it must to lie inside the turned picture (whole pixels of the box, as the command line measures
    /// `--crop` with `--straighten`).
    public func pixelRect(imageWidth width: Int, imageHeight height: Int, angle: StraightenAngle) -> PixelRect {
        guard !angle.isZero else { return pixelRect(imageWidth: width, imageHeight: height) }
        let turned = TurnedPicture(width: width, height: height, angle: angle)
        let box = turned.boundingSize
        let onBox = pixelRect(imageWidth: box.width, imageHeight: box.height)
        return turned.pixelRect(for: turned.fitted(CropRect(pixelRect: onBox, imageWidth: box.width, imageHeight: box.height)))
    }
}
