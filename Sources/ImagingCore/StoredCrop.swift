// A crop kept beside its image, as every process knows it: the values and the sidecar's place (its XMP is the decoder's to read).

import CropKit
import Foundation

/// A crop kept for later: on the upright picture, as the editor shows it.
public struct StoredCrop: Sendable, Equatable, Codable {
    public var rect: CropRect
    public var shape: CropShape
    /// The intended output's size, if one was chosen (`.original` when none was).
    public var outputSize: OutputSize
    /// The straighten angle on the upright picture; when it is not zero `rect` is normalized on the
    /// turned picture's bounding box (`TurnedPicture`).
    public var angle: StraightenAngle
    /// A perspective correction's quadrilateral: its four corners clockwise from the top left,
    /// normalized (0…1) on the upright picture (its EXIF orientation applied, none of the user's
    /// turns: the window opens pictures unturned). When there is one, `rect` is normalized on the
    /// rectified picture and the angle is zero.
    public var perspectiveCorners: [CropPoint]?
    /// The rectified picture's locked proportions (width ÷ height); nil when they are estimated
    /// from the corners (`Rectification.make`).
    public var perspectiveRatio: Double?
    /// Every frame of a picture with several, on the upright picture as `CropEditor.uprightFrames`
    /// gives them (the first is also `rect`, `angle`, `shape` and `outputSize`); nil for one crop.
    public var frames: [StoredFrame]? = nil
    /// The index in `frames` of the frame being edited.
    public var activeFrame = 0
    /// Bands removed from the upright picture, in order (`CropEditor.uprightCuts`); with any, `rect`
    /// and the frames are normalized on the joined picture.
    public var cuts: [PictureCut] = []

    public init(
        rect: CropRect, shape: CropShape = .rectangle, outputSize: OutputSize = .original, angle: StraightenAngle = .zero,
        perspectiveCorners: [CropPoint]? = nil, perspectiveRatio: Double? = nil
    ) {
        self.rect = rect
        self.shape = shape
        self.outputSize = outputSize
        self.angle = angle
        self.perspectiveCorners = perspectiveCorners
        self.perspectiveRatio = perspectiveRatio
    }

    /// The rectification the kept perspective describes on an `upright` picture of that size: the
    /// corners in its pixels, the proportions locked or estimated, the rectified picture at the
    /// quadrilateral's own resolution. nil without a perspective, and for corners or a ratio that
    /// make none (not four points, outside the picture, a quadrilateral with a problem, over the pixel limit).
    public func rectification(upright: PixelSize) -> Rectification? {
        guard let corners = perspectiveCorners, corners.count == 4,
            corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite && (0...1).contains($0.x) && (0...1).contains($0.y) }),
            let quad = PerspectiveQuad(
                corners.map { CropPoint(x: $0.x * Double(upright.width), y: $0.y * Double(upright.height)) })
        else { return nil }
        return try? Rectification.make(
            quad: quad, picture: upright, ratio: perspectiveRatio, pixelLimit: Rectification.pixelLimit)
    }
}

extension StoredCrop {
    /// Every frame and cut of `editor` kept with the crop, on the upright picture as the model gives
    /// them back; the first frame is also the crop a reader of one crop restores. Nothing for one
    /// frame without cuts: the crop alone says it. What Keep Crop stores.
    public mutating func addFrames(of editor: CropEditor) {
        guard editor.frameCount > 1 || !editor.cuts.isEmpty else { return }
        let kept = editor.uprightFrames
        cuts = editor.uprightCuts
        (rect, angle) = (kept[0].crop, kept[0].angle)
        guard kept.count > 1 else { return }
        frames = kept.map(StoredFrame.init)
        activeFrame = editor.activeFrame
        (shape, outputSize) = (kept[0].shape, kept[0].outputSize)
    }

    /// The frames to restore on the upright picture: every kept one, or the one crop as a frame.
    public var frameStates: [FrameState] {
        frames?.compactMap(\.frame) ?? [FrameState(crop: rect, angle: angle, shape: shape, outputSize: outputSize)]
    }
}

/// Where a restored crop came from.
public enum StoredCropSource: Sendable, Equatable {
    case sidecar(String)
    case embedded
}

/// The sidecar's place and the keeping of one that cannot be read (`Sidecar+SetAside.swift`); its tags
/// are read and written with gexiv2 in the decoder (`Imaging`'s `Sidecar.compose` and `Sidecar.read`).
public enum Sidecar {
    /// `photo.jpg.xmp`: the darktable/digiKam convention, one sidecar per file.
    public static func path(for image: String) -> String { image + ".xmp" }
}

/// One frame as a sidecar keeps it (`StoredCrop.frames`): `FrameState` with its ratio as text, so it travels as JSON.
public struct StoredFrame: Sendable, Equatable, Codable {
    /// Normalized as `StoredCrop.rect` is.
    public var rect: CropRect
    /// The ratio as `AspectRatio.description` writes it (`4:5`, `free`, `original`, `original swapped`).
    public var ratio: String
    public var angle: StraightenAngle
    public var shape: CropShape
    public var outputSize: OutputSize
    public var name: String?

    /// The longest name a kept frame may have: it names a file (`FrameNaming`).
    public static let longestName = 200

    public init(_ frame: FrameState) {
        rect = frame.crop
        ratio = frame.aspectRatio.description
        angle = frame.angle
        shape = frame.shape
        outputSize = frame.outputSize
        name = frame.name
    }

    /// The frame, or nil when its ratio is not one `AspectRatio` writes.
    public var frame: FrameState? {
        let kept: AspectRatio?
        switch ratio {
        case "free": kept = .free
        case "original": kept = .original
        case "original swapped": kept = AspectRatio.original.swapped
        default: kept = AspectRatio(parsing: ratio)
        }
        guard let kept else { return nil }
        return FrameState(crop: rect, aspectRatio: kept, angle: angle, shape: shape, outputSize: outputSize, name: name)
    }
}
