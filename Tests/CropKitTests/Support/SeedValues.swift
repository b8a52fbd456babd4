// The editor's design numbers written down once, apart from CropKit, so no expectation comes from the code it tests.
import CropKit

enum Seed {
    /// The demo's starting crop: 10 % in from every side.
    static let initialCrop = CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8)
    /// The smallest side a frame may have by default: 15 % of the image.
    static let minimumSide = 0.15
    /// One step of a named adjustment (the screen reader's actions): 5 % of the image.
    static let step = 0.05
    /// A handle's grip in view points, big enough for a finger.
    static let grip = 44.0
    /// The smallest drag that makes a crop, in view points (less is a click).
    static let newRectangleThreshold = 4.0
    /// The space kept free around the picture, in view points.
    static let padding = 16.0
}
