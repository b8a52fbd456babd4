// The user's quarter turns and flips of the picture, and how the crop frame, the picture's size and the ratio follow them.

/// A turn or flip the user applies to the picture as it is shown. The crop frame follows the
/// content; the user's accumulated turns and flips are one `ImageOrientation` on top of the
/// upright picture (compose with `ImageOrientation.followed(by:)` or `applying(_:)`).
public enum PictureTransform: String, CaseIterable, Hashable, Sendable {
    /// A quarter turn anticlockwise.
    case rotateLeft
    /// A quarter turn clockwise.
    case rotateRight
    /// Mirror left ↔ right.
    case flipHorizontal
    /// Mirror top ↔ bottom.
    case flipVertical

    /// The transform as an orientation of the picture it is applied to.
    public var orientation: ImageOrientation {
        switch self {
        case .rotateLeft: return .left
        case .rotateRight: return .right
        case .flipHorizontal: return .upMirrored
        case .flipVertical: return .downMirrored
        }
    }

    /// The transform that undoes this one.
    public var inverse: PictureTransform {
        switch self {
        case .rotateLeft: return .rotateRight
        case .rotateRight: return .rotateLeft
        case .flipHorizontal, .flipVertical: return self
        }
    }

    /// Whether width and height trade places.
    public var swapsAxes: Bool { orientation.swapsAxes }

    /// Where a normalized crop of the picture lands on the transformed picture.
    public func mapped(_ crop: CropRect) -> CropRect { orientation.displayedRect(fromStored: crop) }

    /// Where a pixel rect of a W×H picture lands on the transformed picture (exact).
    public func mapped(_ rect: PixelRect, imageWidth: Int, imageHeight: Int) -> PixelRect {
        orientation.displayedPixelRect(fromStored: rect, storedWidth: imageWidth, storedHeight: imageHeight)
    }

    /// The size of a W×H picture after the transform.
    public func size(imageWidth: Int, imageHeight: Int) -> (width: Int, height: Int) {
        orientation.displayedSize(storedWidth: imageWidth, storedHeight: imageHeight)
    }

    /// The ratio a locked frame has after the transform: quarter turns swap fixed ratios (a 16:9
    /// frame turns into 9:16); Original stays Original, because the picture's own ratio turns with it.
    public func mapped(_ ratio: AspectRatio) -> AspectRatio {
        guard swapsAxes, case .fixed = ratio.kind else { return ratio }
        return ratio.swapped
    }

    /// The straighten angle after the transform: quarter turns commute with it, a flip reverses it.
    public func mapped(_ angle: StraightenAngle) -> StraightenAngle {
        swapsAxes ? angle : angle.reversed
    }
}

extension ImageOrientation {
    /// This orientation with `transform` applied to the picture it shows.
    public func applying(_ transform: PictureTransform) -> ImageOrientation { followed(by: transform.orientation) }
}
