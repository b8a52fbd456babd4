// One frame of a picture with several crops (a format, a print found on a scan), and why a frame or cut edit is refused.

/// One crop of a picture that has several: where it is, the ratio it keeps, the angle the picture is
/// shown turned by while it is edited, the shape and size it is saved in, and its name.
public struct FrameState: Hashable, Sendable {
    /// Normalized as `CropState.crop` is: on the picture as shown, or at an angle on the turned
    /// picture's box, on the rectified picture with a perspective, on the joined picture with cuts.
    public var crop: CropRect
    public var aspectRatio: AspectRatio
    public var angle: StraightenAngle
    public var shape: CropShape
    public var outputSize: OutputSize
    /// What the frame is called and its file is named after (`1:1` for a format, none for a print
    /// found or a copy: those are named by their place, `FrameNaming`).
    public var name: String?

    public init(
        crop: CropRect = .unit, aspectRatio: AspectRatio = .free, angle: StraightenAngle = .zero,
        shape: CropShape = .rectangle, outputSize: OutputSize = .original, name: String? = nil
    ) {
        self.crop = crop; self.aspectRatio = aspectRatio; self.angle = angle
        self.shape = shape; self.outputSize = outputSize; self.name = name
    }

    /// The most frames a picture holds, as the command line's lists: more is a mistake, not a set of formats.
    public static let maximumCount = 32

    /// The frame after turning or flipping the picture, as `CropState.applying(_:shownSize:)` maps the crop.
    public func applying(_ transform: PictureTransform) -> FrameState {
        var turned = self
        turned.crop = transform.mapped(crop)
        turned.aspectRatio = transform.mapped(aspectRatio)
        turned.angle = transform.mapped(angle)
        return turned
    }
}

/// Why the editor refused to change its frames or cuts; nothing changed.
public enum FramingRefusal: Error, Hashable, Sendable {
    /// No picture is loaded.
    case noPicture
    /// The picture would hold more than `FrameState.maximumCount` frames (the count asked for).
    case tooManyFrames(Int)
    /// The only frame cannot be removed, nor a picture left with none.
    case lastFrame
    /// No frame has this index.
    case noSuchFrame(Int)
    /// Several frames and a perspective correction do not go together: the correction rectifies the
    /// whole picture, and is set with one frame only.
    case perspective
    /// Cuts and a straighten angle or a perspective correction do not go together (as on the command line).
    case warped
    /// The cuts do not fit the picture as shown.
    case cut(CutProblem)
    /// No cut has this index.
    case noSuchCut(Int)
}
