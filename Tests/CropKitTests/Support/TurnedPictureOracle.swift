// An independent check of "inside the turned picture" for the tests: each corner turned back with libm's trigonometry.
import CropKit
import Foundation

enum TurnedPictureOracle {
    /// Whether a rectangle in box pixels lies inside `picture`: every corner, turned back about the
    /// box's centre by the angle (libm's sine and cosine, not CropKit's), lands in the unturned
    /// W×H picture, give or take `tolerance` pixels.
    static func isInside(_ rect: CropRect, _ picture: TurnedPicture, tolerance: Double = 1e-6) -> Bool {
        guard rect.isFinite else { return false }
        let radians = picture.angle.degrees * .pi / 180
        let s = sin(radians), c = cos(radians)
        let cx = Double(picture.boundingSize.width) / 2, cy = Double(picture.boundingSize.height) / 2
        for x in [rect.minX, rect.maxX] {
            for y in [rect.minY, rect.maxY] {
                // The picture point shown at (x, y): turned counterclockwise by the angle.
                let dx = x - cx, dy = y - cy
                let u = dx * c + dy * s, v = -dx * s + dy * c
                guard abs(u) <= Double(picture.width) / 2 + tolerance,
                    abs(v) <= Double(picture.height) / 2 + tolerance
                else { return false }
            }
        }
        return true
    }

    /// `isInside` for a crop normalized on the box.
    static func isInside(crop: CropRect, _ picture: TurnedPicture, tolerance: Double = 1e-6) -> Bool {
        isInside(pixels(crop, picture), picture, tolerance: tolerance)
    }

    /// A normalized crop in box pixels.
    static func pixels(_ crop: CropRect, _ picture: TurnedPicture) -> CropRect {
        let w = Double(picture.boundingSize.width), h = Double(picture.boundingSize.height)
        return CropRect(x: crop.x * w, y: crop.y * h, width: crop.width * w, height: crop.height * h)
    }

    /// A rectangle scaled about its centre.
    static func scaled(_ r: CropRect, by k: Double) -> CropRect {
        CropRect(x: r.midX - r.width * k / 2, y: r.midY - r.height * k / 2, width: r.width * k, height: r.height * k)
    }
}
