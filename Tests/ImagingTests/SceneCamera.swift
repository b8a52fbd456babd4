// A pinhole camera at a random pose over a flat rectangle: where its corners land, the perspective scenes' ground truth.

import CropKit
import Foundation

/// A camera of focal length `focal` pixels looking at the plane z = 0 from `distance` units away,
/// turned by `tilt`, `pan` and `roll` degrees (about its x, y and z axes), its principal point the
/// centre of a `width × height` photo; the plane's point (u, v) is shifted by (`shiftX`, `shiftY`).
struct SceneCamera {
    var width: Double
    var height: Double
    var focal: Double
    var tilt: Double, pan: Double, roll: Double
    var distance: Double
    var shiftX: Double, shiftY: Double

    /// Where the plane's point (u, v) (x right, y down) lands in the photo, or nil behind the camera.
    func photo(_ u: Double, _ v: Double) -> CropPoint? {
        let (t, p, r) = (tilt * .pi / 180, pan * .pi / 180, roll * .pi / 180)
        // Tilt about x, then pan about y, then roll about z.
        let y1 = v * cos(t), z1 = v * sin(t)
        let x2 = u * cos(p) + z1 * sin(p), z2 = -u * sin(p) + z1 * cos(p)
        let x3 = x2 * cos(r) - y1 * sin(r), y3 = x2 * sin(r) + y1 * cos(r)
        let x = x3 + shiftX, y = y3 + shiftY, z = z2 + distance
        guard z > 0 else { return nil }
        return CropPoint(x: width / 2 + focal * x / z, y: height / 2 + focal * y / z)
    }

    /// The photo of a `ratio`:1 rectangle centred on the plane's origin: its corners clockwise from
    /// the top left, or nil unless all four land at least `margin` inside the photo.
    func corners(ratio: Double, margin: Double) -> [CropPoint]? {
        let w = ratio / 2
        let points = [(-w, -0.5), (w, -0.5), (w, 0.5), (-w, 0.5)].compactMap { photo($0.0, $0.1) }
        guard points.count == 4,
            points.allSatisfy({ $0.x >= margin && $0.y >= margin && $0.x <= width - margin && $0.y <= height - margin })
        else { return nil }
        return points
    }

    /// A random camera whose photo of the `ratio` rectangle lies inside the photo, spanning
    /// `fill` of its height or width at most: turned up to `turn` degrees each way about x and y,
    /// `roll` about z, with a lens from 0.6 to 1.6 times the photo's diagonal.
    static func random(
        _ random: inout SceneRandom, width: Double, height: Double, ratio: Double, fill: ClosedRange<Double>, turn: Double,
        roll: Double
    ) -> (SceneCamera, [CropPoint]) {
        let diagonal = (width * width + height * height).squareRoot()
        while true {
            let focal = random.double(0.6...1.6) * diagonal
            let across = random.double(fill) * min(width / max(ratio, 1), height)
            var camera = SceneCamera(
                width: width, height: height, focal: focal, tilt: random.double(-turn...turn), pan: random.double(-turn...turn),
                roll: random.double(-roll...roll), distance: focal / across, shiftX: 0, shiftY: 0)
            camera.shiftX = random.double(-0.25...0.25) * ratio
            camera.shiftY = random.double(-0.25...0.25)
            if let corners = camera.corners(ratio: ratio, margin: 0.03 * min(width, height)) { return (camera, corners) }
        }
    }
}

/// The scenes' seeded generator (SplitMix64): the same seed, the same scenes.
struct SceneRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func double(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() >> 11) * 0x1p-53
    }
    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    mutating func chance(_ p: Double) -> Bool { double(0...1) < p }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}
