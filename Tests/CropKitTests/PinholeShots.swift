// A rectangle photographed exactly by a pinhole camera from a random pose: ground truth for proportions and rectification.
import CropKit
import Foundation

/// A `ratio`:1 rectangle (width `ratio`, height 1, centred on the origin of the plane z = 0)
/// photographed by a camera of focal length `focal` pixels whose principal point is the centre of a
/// `width × height` picture, turned by `tilt` (about its x axis), `pan` (y) and `roll` (z), in
/// degrees, with the rectangle `distance` units ahead and shifted by (`shiftX`, `shiftY`).
struct PinholeShot {
    var width = 1200.0, height = 900.0
    var ratio: Double
    var focal: Double
    var tilt: Double, pan: Double, roll: Double
    var distance: Double
    var shiftX = 0.0, shiftY = 0.0

    /// The camera's rotation, row by row: roll · pan · tilt.
    var rotation: [Double] {
        func about(_ axis: Int, _ degrees: Double) -> [Double] {
            let c = cos(degrees * .pi / 180), s = sin(degrees * .pi / 180)
            switch axis {
            case 0: return [1, 0, 0, 0, c, -s, 0, s, c]
            case 1: return [c, 0, s, 0, 1, 0, -s, 0, c]
            default: return [c, -s, 0, s, c, 0, 0, 0, 1]
            }
        }
        func product(_ a: [Double], _ b: [Double]) -> [Double] {
            var out = [Double](repeating: 0, count: 9)
            for row in 0..<3 {
                for column in 0..<3 {
                    for k in 0..<3 { out[row * 3 + column] += a[row * 3 + k] * b[k * 3 + column] }
                }
            }
            return out
        }
        return product(about(2, roll), product(about(1, pan), about(0, tilt)))
    }

    /// Where the plane's point (u, v) (x right, y down) appears, or nil behind the camera.
    func project(_ u: Double, _ v: Double) -> CropPoint? {
        let r = rotation
        let x = r[0] * u + r[1] * v + shiftX, y = r[3] * u + r[4] * v + shiftY, z = r[6] * u + r[7] * v + distance
        guard z > 0 else { return nil }
        return CropPoint(x: width / 2 + focal * x / z, y: height / 2 + focal * y / z)
    }

    /// The rectangle's corners clockwise from the top left.
    var corners: [CropPoint]? {
        let hw = ratio / 2
        let points = [(-hw, -0.5), (hw, -0.5), (hw, 0.5), (-hw, 0.5)].compactMap { project($0.0, $0.1) }
        return points.count == 4 ? points : nil
    }

    /// The corners as a quadrilateral.
    var quad: PerspectiveQuad? { corners.flatMap { PerspectiveQuad($0) } }

    var picture: PixelSize { PixelSize(width: Int(width), height: Int(height)) }

    /// A random shot whose corners all fall inside the picture: turned at least `least` degrees
    /// about both the x and y axes (so both pairs of sides converge), at most `most`.
    static func random(_ random: inout SplitMix64, least: Double = 5, most: Double = 40) -> PinholeShot {
        while true {
            let diagonal = (1200.0 * 1200 + 900 * 900).squareRoot()
            func angle(_ r: inout SplitMix64) -> Double { r.double(least...most) * (r.chance(0.5) ? 1 : -1) }
            var shot = PinholeShot(
                ratio: [210.0 / 297, 8.5 / 11, 4.0 / 3, 16.0 / 9, 1, 3][random.int(0...5)],
                focal: random.double(0.4...2.5) * diagonal, tilt: angle(&random), pan: angle(&random),
                roll: random.double(-30...30), distance: 1)
            // Far enough that the rectangle spans about 30–80 % of the picture's height.
            shot.distance = shot.focal / (random.double(0.3...0.8) * 900) * max(1, shot.ratio * 0.75)
            shot.shiftX = random.double(-0.2...0.2) * shot.ratio
            shot.shiftY = random.double(-0.2...0.2)
            if let corners = shot.corners, corners.allSatisfy({ $0.x > 1 && $0.y > 1 && $0.x < 1199 && $0.y < 899 }) {
                return shot
            }
        }
    }
}
