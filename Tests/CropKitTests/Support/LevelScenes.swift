// Synthetic pictures for the level estimator in pure Swift: luminance over the plane, sampled through a turned frame.
import Foundation

/// A scene: luminance 0…1 at a point of the plane, in pixels from the picture's centre, y down.
typealias Scene = (Double, Double) -> Double

enum LevelScenes {
    /// The thumbnails' size: a 4:3 photo at about 256 pixels.
    static let width = 256, height = 192

    /// The scene turned clockwise by `degrees` (as a tilted camera would show it), with Gaussian
    /// noise of `noise` (0…1) added, as 8 bits. Anti-aliased as a lens and sensor would: a pixel
    /// whose corners differ takes 12 samples on distinct rows and columns ("n-rooks"), so an edge
    /// at any angle gets 12 levels of coverage (a square 3×3 grid gives a near-level edge only 3
    /// and leaves flat steps that read as level lines); a pixel with equal corners is flat.
    static func render(_ scene: Scene, turnedBy degrees: Double, noise: Double, random: inout SplitMix64) -> [UInt8] {
        let r = degrees * .pi / 180, c = cos(r), s = sin(r)
        // The scene point shown at a picture point: the point turned back counterclockwise.
        func sample(_ x: Double, _ y: Double) -> Double {
            let px = x - Double(width) / 2, py = y - Double(height) / 2
            return scene(px * c + py * s, py * c - px * s)
        }
        var corners = [Double](repeating: 0, count: (width + 1) * (height + 1))
        for y in 0...height {
            for x in 0...width { corners[y * (width + 1) + x] = sample(Double(x), Double(y)) }
        }
        var out = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let i = y * (width + 1) + x
                let a = corners[i], b = corners[i + 1], c = corners[i + width + 1], d = corners[i + width + 2]
                var value = (a + b + c + d) / 4
                if max(a, b, c, d) - min(a, b, c, d) > 0.01 {
                    var sum = 0.0
                    for k in 0..<12 {
                        sum += sample(Double(x) + (Double(k) + 0.5) / 12, Double(y) + (Double((k * 5) % 12) + 0.5) / 12)
                    }
                    value = sum / 12
                }
                value += noise * random.gaussian()
                out[y * width + x] = UInt8(min(max((value * 255).rounded(), 0), 255))
            }
        }
        return out
    }

    // MARK: Scenes with lines

    /// A sea under a graded sky, the horizon `offset` pixels below the centre, with a sun and faint swell.
    static func horizon(offset: Double, random: inout SplitMix64) -> Scene {
        let sky = random.double(0.6...0.85), sea = random.double(0.15...0.4)
        let sun = (x: random.double(-100...100), y: offset - random.double(20...60), r: random.double(6...14))
        return { x, y in
            if y >= offset { return sea + 0.015 * sin(x * 0.07 + 3 * sin(y * 0.4)) }
            let dx = x - sun.x, dy = y - sun.y
            if dx * dx + dy * dy <= sun.r * sun.r { return 0.98 }
            return sky - 0.15 * (y + 100) / 200
        }
    }

    /// A street: buildings of several heights with rows of windows, standing on the ground.
    static func buildings(random: inout SplitMix64) -> Scene {
        let ground = random.double(20...60)
        var blocks: [(left: Double, right: Double, top: Double, tone: Double)] = []
        var x = -190.0
        while x < 190 {
            let width = random.double(25...70)
            blocks.append((x, x + width, ground - random.double(50...150), random.double(0.2...0.7)))
            x += width + random.double(0...12)
        }
        let sky = random.double(0.75...0.9)
        return { x, y in
            if y >= ground { return 0.3 }
            for block in blocks where x >= block.left && x < block.right && y >= block.top {
                // Windows 5 × 7 on a 11 × 14 grid, inset from the block's corner.
                let u = (x - block.left - 4).truncatingRemainder(dividingBy: 11)
                let v = (y - block.top - 5).truncatingRemainder(dividingBy: 14)
                let window = x - block.left > 4 && block.right - x > 4 && y - block.top > 5 && u < 5 && v < 7
                return window ? min(block.tone + 0.25, 1) : block.tone
            }
            return sky - 0.1 * (y + 100) / 200
        }
    }

    /// A printed page: rows of words (dark bars of random lengths) in a justified block.
    static func text(random: inout SplitMix64) -> Scene {
        let pitch = random.double(11...16), capHeight = pitch * 0.5
        var rows: [[(Double, Double)]] = []
        for _ in 0..<40 {
            var words: [(Double, Double)] = []
            var x = -110.0
            while x < 110 {
                let length = random.double(6...34)
                words.append((x, min(x + length, 110)))
                x += length + random.double(4...7)
            }
            rows.append(words)
        }
        return { x, y in
            let row = Int(((y + 20 * pitch) / pitch).rounded(.down))
            let within = (y + 20 * pitch) - Double(row) * pitch
            guard row >= 0, row < rows.count, within < capHeight else { return 0.92 }
            for word in rows[row] where x >= word.0 && x < word.1 { return 0.12 }
            return 0.92
        }
    }

    // MARK: Scenes without lines

    /// Flat-coloured discs of many sizes and tones on a mid-grey ground.
    static func blobs(count: Int, random: inout SplitMix64) -> Scene {
        let discs = (0..<count).map { _ in
            (x: random.double(-150...150), y: random.double(-110...110), r: random.double(5...40), tone: random.double(0...1))
        }
        return { x, y in
            for disc in discs.reversed() where (x - disc.x) * (x - disc.x) + (y - disc.y) * (y - disc.y) <= disc.r * disc.r {
                return disc.tone
            }
            return 0.5
        }
    }

    /// A linear gradient from dark to light along a direction, `degrees` from horizontal.
    static func gradient(degrees: Double) -> Scene {
        let r = degrees * .pi / 180, c = cos(r), s = sin(r)
        return { x, y in 0.5 + (x * c + y * s) / 400 }
    }

    /// A vignette: light in the middle, darker towards the corners.
    static func radial() -> Scene {
        { x, y in 0.85 - (x * x + y * y) / 60_000 }
    }

    /// Soft clouds: random values on a 32-pixel lattice, blended smoothly between.
    static func clouds(random: inout SplitMix64) -> Scene {
        let size = 16
        let lattice = (0..<(size * size)).map { _ in random.double(0.2...0.8) }
        return { x, y in
            let u = (x + 256) / 32, v = (y + 256) / 32
            let i = Int(u.rounded(.down)), j = Int(v.rounded(.down))
            let fu = u - Double(i), fv = v - Double(j)
            func at(_ a: Int, _ b: Int) -> Double { lattice[((b % size) * size + (a % size) + size * size) % (size * size)] }
            let su = fu * fu * (3 - 2 * fu), sv = fv * fv * (3 - 2 * fv)
            let top = at(i, j) + (at(i + 1, j) - at(i, j)) * su
            let bottom = at(i, j + 1) + (at(i + 1, j + 1) - at(i, j + 1)) * su
            return top + (bottom - top) * sv
        }
    }
}

extension SplitMix64 {
    /// A standard normal value (Box–Muller, from the raw bits: `double(_:)` is slow unoptimized).
    mutating func gaussian() -> Double {
        let u = (Double(next() >> 11) + 1) * 0x1p-53, v = Double(next() >> 11) * 0x1p-53
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
}
