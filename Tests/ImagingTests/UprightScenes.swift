// Photos of buildings with leaning verticals drawn with ImageMagick: a street front, the camera turned up, sideways and round.

import CropKit
import Foundation

/// One generated photo of buildings and where its true verticals are.
struct UprightScene {
    let name: String
    let path: String
    let size: PixelSize
    /// Lines that are vertical in the world, each as two points of the photo.
    let verticals: [(CropPoint, CropPoint)]
}

enum UprightScenes {
    /// The level view the camera turns from: a street front, `width × height`, its centre where the
    /// level camera looks.
    static let front = (width: 1800, height: 1500)
    static let photo = (width: 640, height: 480)

    /// Scene `index`: buildings of random heights with rows of windows, a sky and a street, seen by a
    /// camera turned up or down by 6 to 25 degrees, up to 4 round and 10 sideways.
    static func scene(_ index: Int, seed: UInt64, in dir: TempFolder) throws -> UprightScene {
        var random = SceneRandom(seed: seed &+ UInt64(index) &* 0x2545_F491_4F6C_DD1D)
        let (drawing, edges) = street(&random)
        // A photo of the buildings, not of the sky or the pavement: at least four of their verticals
        // show a fifth of the photo's height or more.
        var (turn, corners) = camera(&random)
        while edges.filter({ visibleLength(turn, $0) >= 0.2 * Double(photo.height) }).count < 4 {
            (turn, corners) = camera(&random)
        }
        let pairs = zip(
            [(0, 0), (front.width, 0), (front.width, front.height), (0, front.height)], corners
        ).map { (f: (Int, Int), p: CropPoint) in "\(f.0),\(f.1) \(p.x),\(p.y)" }.joined(separator: "  ")
        let path = dir.file("street\(index).jpg")
        try Tool.run(
            [Tool.convert, "-size", "\(front.width)x\(front.height)"] + drawing + [
                "-virtual-pixel", "edge", "-filter", "point", "-define",
                "distort:viewport=\(photo.width)x\(photo.height)+0+0", "-distort", "Perspective", pairs, "+repage",
                "-blur", "0x0.6", "-seed", "\(index)", "-attenuate", "0.4", "+noise", "Gaussian", "-quality", "80", path,
            ])
        // Each building's sides and window columns, from its roof to the street, seen in the photo.
        let verticals = edges.compactMap { edge -> (CropPoint, CropPoint)? in
            let a = turn.applied(to: CropPoint(x: edge.x, y: edge.top)),
                b = turn.applied(to: CropPoint(x: edge.x, y: edge.bottom))
            let inside = { (p: CropPoint) in p.x > 0 && p.y > 0 && p.x < Double(photo.width) && p.y < Double(photo.height) }
            return inside(a) || inside(b) ? (a, b) : nil
        }
        return UprightScene(
            name: "street \(index)", path: path, size: PixelSize(width: photo.width, height: photo.height), verticals: verticals)
    }

    /// How much of a vertical edge of the front the photo shows, in its pixels (sampled along it).
    static func visibleLength(_ turn: Homography, _ edge: (x: Double, top: Double, bottom: Double)) -> Double {
        var length = 0.0, previous: CropPoint?
        for step in 0...50 {
            let p = turn.applied(to: CropPoint(x: edge.x, y: edge.top + (edge.bottom - edge.top) * Double(step) / 50))
            let inside = p.x > 0 && p.y > 0 && p.x < Double(photo.width) && p.y < Double(photo.height)
            if inside, let q = previous { length += ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot() }
            previous = inside ? p : nil
        }
        return length
    }

    /// The drawing of the street front as ImageMagick arguments after `-size`, and its vertical edges
    /// (x, top, bottom) in the front's pixels.
    static func street(_ random: inout SceneRandom) -> ([String], [(x: Double, top: Double, bottom: Double)]) {
        let ground = Double(front.height) * random.double(0.62...0.75)
        var arguments = [
            "gradient:#7fa6d8-#dfe8f0", "-fill", "#6a6a66", "-draw", "rectangle 0,\(Int(ground)) \(front.width),\(front.height)",
        ]
        var edges: [(x: Double, top: Double, bottom: Double)] = []
        var x = random.double(-100...80)
        while x < Double(front.width) {
            let width = random.double(220...520), roof = ground - random.double(380...900)
            let tone = random.pick(["#b89a78", "#9a8a80", "#c8c0b0", "#8a6048", "#a8b0b8"])
            arguments += ["-fill", tone, "-draw", "rectangle \(Int(x)),\(Int(roof)) \(Int(x + width)),\(Int(ground))"]
            edges += [(x, roof, ground), (x + width, roof, ground)]
            // Windows in columns 70 apart, rows 90 apart, inset from the walls.
            var windows: [String] = []
            var column = x + 35
            while column + 40 < x + width - 20 {
                var row = roof + 40
                while row + 55 < ground - 30 {
                    windows.append("rectangle \(Int(column)),\(Int(row)) \(Int(column + 40)),\(Int(row + 55))")
                    row += 90
                }
                edges.append((column, roof + 40, row - 35))
                column += 70
            }
            arguments += ["-fill", random.pick(["#3a4a5a", "#2a3038", "#5a6a78"]), "-draw", windows.joined(separator: " ")]
            x += width + random.double(0...40)
        }
        // A roof's slope and a cable across: lines that are not vertical.
        arguments += [
            "-stroke", "#303030", "-strokewidth", "4", "-draw",
            "line 0,\(Int(ground - 600)) \(front.width),\(Int(ground - random.double(300...900)))", "+stroke",
        ]
        return (arguments, edges)
    }

    /// A camera turned from the level one (same lens): the map from the front's pixels to the
    /// photo's, and where the front's corners land (for ImageMagick's four pairs).
    static func camera(_ random: inout SceneRandom) -> (Homography, [CropPoint]) {
        while true {
            let diagonal = (Double(photo.width * photo.width + photo.height * photo.height)).squareRoot()
            let f = random.double(0.6...1.2) * diagonal
            let tilt = random.double(6...25) * (random.chance(0.8) ? 1 : -1)
            let (pan, roll) = (random.double(-10...10), random.double(-4...4))
            let r = rotation(tilt: tilt, pan: pan, roll: roll)
            // K R K⁻¹ from centred coordinates, between the two pictures' centres.
            let entries = [r[0], r[1], r[2] * f, r[3], r[4], r[5] * f, r[6] / f, r[7] / f, r[8]]
            guard let turn = Homography(entries: entries) else { continue }
            let map = Homography.translation(-Double(front.width) / 2, -Double(front.height) / 2).followed(by: turn)
                .followed(by: .translation(Double(photo.width) / 2, Double(photo.height) / 2))
            // The photo must see only the front: its corners' rays land inside it, in front of the camera.
            guard let back = map.inverse else { continue }
            let seen = [
                (0.0, 0.0), (Double(photo.width), 0), (Double(photo.width), Double(photo.height)), (0, Double(photo.height)),
            ]
            .map { CropPoint(x: $0.0, y: $0.1) }
            guard seen.allSatisfy({ back.homogeneous($0).w > 0 }),
                seen.map({ back.applied(to: $0) }).allSatisfy({
                    $0.x > 0 && $0.y > 0 && $0.x < Double(front.width) && $0.y < Double(front.height)
                })
            else { continue }
            let corners = [
                (0.0, 0.0), (Double(front.width), 0), (Double(front.width), Double(front.height)), (0, Double(front.height)),
            ]
            .map { map.applied(to: CropPoint(x: $0.0, y: $0.1)) }
            return (map, corners)
        }
    }

    /// Tilt about x, then pan about y, then roll about z (degrees), row by row.
    static func rotation(tilt: Double, pan: Double, roll: Double) -> [Double] {
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
            for i in 0..<3 { for j in 0..<3 { for k in 0..<3 { out[i * 3 + j] += a[i * 3 + k] * b[k * 3 + j] } } }
            return out
        }
        return product(about(2, roll), product(about(1, pan), about(0, tilt)))
    }
}
