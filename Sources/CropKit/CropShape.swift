// The shape a crop is cut in: the frame's rectangle, or the ellipse inscribed in it (a circle for a square crop).

/// The shape of a crop. A circle crop keeps the pixels inside the ellipse inscribed in the crop
/// rectangle and makes the corners transparent; it is a circle when the crop is square.
public enum CropShape: String, Sendable, CaseIterable, Codable {
    case rectangle, circle
}
