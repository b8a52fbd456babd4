// The seed's numbers written down once, independently of CropKit, so expectations come from the seed.
import CropKit

enum Seed {
    /// `CropRectangleOverlayDemo.initialCrop`.
    static let initialCrop = CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8)
    /// `minimumSide`'s default in the API reference.
    static let minimumSide = 0.15
    /// `adjustmentStep`.
    static let step = 0.05
    /// `handle.hitArea(around: frame, grip: 44)`.
    static let grip = 44.0
    /// Seed 001's smallest drag that makes a crop, in view points.
    static let newRectangleThreshold = 4.0
    /// `.padding(16)` around the overlay.
    static let padding = 16.0
}
