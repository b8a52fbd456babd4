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

    public init(
        rect: CropRect, shape: CropShape = .rectangle, outputSize: OutputSize = .original, angle: StraightenAngle = .zero
    ) {
        self.rect = rect
        self.shape = shape
        self.outputSize = outputSize
        self.angle = angle
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
