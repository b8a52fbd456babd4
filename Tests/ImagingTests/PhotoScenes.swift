// Flatbed scans of several prints drawn with ImageMagick: real pictures tilted on a white or dark lid, grain, dust, texture.

import CropKit
import Foundation

/// One generated scan and the prints on it, in reading order.
struct PhotoScene {
    let name: String
    let path: String
    let size: PixelSize
    /// The prints as drawn (centre, size, tilt), in reading order; empty for an ordinary photo.
    let prints: [FoundPrint]
    /// Each print's face as drawn before it was turned (its picture, with its border): what its result must show.
    let faces: [String]
    /// Two of the prints touch.
    var touching = false
}

/// The scans. The lid's texture is made once (`materials`); each scan is then one `convert`.
enum PhotoScenes {
    static let width = 960, height = 1280
    /// The least gap between a print and the scan's edge or another print's cell.
    static let gap = 24.0

    /// The pictures the prints show: the ones Find Document's scenes use, and the lid texture in colour.
    static func pictures(in dir: TempFolder) -> [String] {
        DocumentScenes.pictures + [dir.file("colour0.png"), dir.file("colour1.png")]
    }

    /// The lid's texture (a soft grey plasma) and two coloured plasma pictures for prints.
    static func materials(in dir: TempFolder) throws {
        try Tool.run([
            Tool.convert, "-seed", "21", "-size", "\(width / 2)x\(height / 2)", "plasma:fractal", "-blur", "0x3", "-colorspace",
            "gray", "-auto-level", "-resize", "\(width)x\(height)!", dir.file("lid.png"),
        ])
        for index in 0..<2 {
            try Tool.run([
                Tool.convert, "-seed", "\(31 + index)", "-size", "300x300", "plasma:fractal", "-blur", "0x1",
                dir.file("colour\(index).png"),
            ])
        }
    }

    /// Rows and columns of cells for `count` prints, row by row (the last row may be short).
    static func grid(_ count: Int, _ random: inout SceneRandom) -> (rows: Int, columns: Int) {
        switch count {
        case 2: return random.chance(0.5) ? (2, 1) : (1, 2)
        case 3: return random.chance(0.5) ? (3, 1) : (2, 2)
        case 4: return (2, 2)
        default: return (3, 2)
        }
    }

    /// Scan `index`: 2 to 6 prints, apart or (`touching`) two of a row pushed together.
    static func scan(_ index: Int, seed: UInt64, in dir: TempFolder) throws -> PhotoScene {
        var random = SceneRandom(seed: seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
        let count = random.int(2...6)
        let (rows, columns) = grid(count, &random)
        let dark = index % 2 == 1
        var prints: [FoundPrint] = []
        let cellWidth = Double(width) / Double(columns), cellHeight = Double(height) / Double(rows)
        for cell in 0..<count {
            let (row, column) = (cell / columns, cell % columns)
            let ratio = random.pick([1.5, 4.0 / 3, 1, 0.75, 2.0 / 3, 5.0 / 7])
            let tilt = random.double(-15...15)
            let (s, c) = (abs(sin(tilt * .pi / 180)), abs(cos(tilt * .pi / 180)))
            // The largest print of this ratio whose turned box fits the cell, then a random share of it.
            let room = (cellWidth - 2 * gap, cellHeight - 2 * gap)
            let largest = min(room.0 / (ratio * c + s), room.1 / (ratio * s + c))
            let h = largest * random.double(0.6...0.95), w = h * ratio
            let box = (w * c + h * s, w * s + h * c)
            let x = Double(column) * cellWidth + gap + box.0 / 2 + random.double(0...(room.0 - box.0))
            let y = Double(row) * cellHeight + cellHeight / 2 + random.double(-0.04...0.04) * (room.1 - box.1)
            prints.append(FoundPrint(centre: CropPoint(x: x, y: y), width: w.rounded(), height: h.rounded(), tilt: tilt))
        }
        let touching = columns == 2 && count >= 2 && index % 4 == 2
        if touching { prints[1] = pushed(prints[1], against: prints[0]) }
        var arguments = [Tool.convert] + lid(dark: dark, &random, in: dir)
        var faces: [String] = []
        let pictures = pictures(in: dir)
        for (number, print) in prints.enumerated() {
            let face = dir.file("scan\(index)-face\(number).png")
            faces.append(face)
            let border = random.chance(0.5) ? Int((min(print.width, print.height) * random.double(0.04...0.08)).rounded()) : 0
            let inner = "\(Int(print.width) - 2 * border)x\(Int(print.height) - 2 * border)!"
            arguments += ["(", random.pick(pictures), "-alpha", "off", "-colorspace", "sRGB", "-resize", inner]
            if border > 0 { arguments += ["-bordercolor", "#fbfbf8", "-border", "\(border)"] }
            arguments += [
                "+repage", "-write", face, "-alpha", "set", "-virtual-pixel", "transparent",
                "-define", "distort:viewport=\(width)x\(height)+0+0", "-distort", "SRT",
                "\(print.width / 2),\(print.height / 2) 1 \(print.tilt) \(print.centre.x),\(print.centre.y)", ")",
                "-geometry", "+0+0", "-compose", "over", "-composite",
            ]
        }
        arguments +=
            dust(dark: dark, &random) + [
                "-blur", "0x0.6", "-seed", "\(index)", "-attenuate", "\(random.double(0.2...0.5))", "+noise", "Gaussian",
                "-quality", "92",
            ]
        let path = dir.file("scan\(index).jpg")
        try Tool.run(arguments + [path])
        let name = "scan \(index): \(count) prints on a \(dark ? "dark" : "white") lid" + (touching ? ", two touching" : "")
        return PhotoScene(
            name: name, path: path, size: PixelSize(width: width, height: height), prints: prints, faces: faces,
            touching: touching)
    }

    /// The lid: its texture within a few levels of white or of black.
    static func lid(dark: Bool, _ random: inout SceneRandom, in dir: TempFolder) -> [String] {
        let low = dark ? random.int(4...14) : random.int(84...90)
        return [dir.file("lid.png"), "-colorspace", "sRGB", "+level-colors", "gray\(low),gray\(low + 3)", "-type", "TrueColor"]
    }

    /// Specks of dust and a hair or two, dark on a white lid, light on a dark one.
    static func dust(dark: Bool, _ random: inout SceneRandom) -> [String] {
        var arguments = ["-fill", dark ? "gray75" : "gray25", "-stroke", "none"]
        for _ in 0..<random.int(5...25) {
            let (x, y, r) = (random.int(0...(width - 1)), random.int(0...(height - 1)), random.double(0.5...2.5))
            arguments += ["-draw", "circle \(x),\(y) \(Double(x) + r),\(y)"]
        }
        arguments += ["-fill", "none", "-stroke", dark ? "gray60" : "gray40", "-strokewidth", "1"]
        for _ in 0..<random.int(0...2) {
            let points = (0..<4).map { _ in "\(random.int(0...(width - 1))),\(random.int(0...(height - 1)))" }
            arguments += ["-draw", "bezier " + points.joined(separator: " ")]
        }
        return arguments + ["-stroke", "none"]
    }

    /// `moving` slid along the line between the centres towards `still` until they just touch.
    static func pushed(_ moving: FoundPrint, against still: FoundPrint) -> FoundPrint {
        let dx = still.centre.x - moving.centre.x, dy = still.centre.y - moving.centre.y
        var (low, high) = (0.0, 1.0)
        for _ in 0..<40 {
            let t = (low + high) / 2
            var moved = moving
            moved.centre = CropPoint(x: moving.centre.x + t * dx, y: moving.centre.y + t * dy)
            if overlap(moved, still) { high = t } else { low = t }
        }
        var moved = moving
        // A pixel's overlap: the two touch along their edges' blur, as prints lying against each other do.
        let t = low + 1 / (dx * dx + dy * dy).squareRoot()
        moved.centre = CropPoint(x: moving.centre.x + t * dx, y: moving.centre.y + t * dy)
        return moved
    }

    /// Whether two turned rectangles overlap (no side of either separates them).
    static func overlap(_ a: FoundPrint, _ b: FoundPrint) -> Bool {
        for shape in [a.corners, b.corners] {
            for i in 0..<4 {
                let p = shape[i], q = shape[(i + 1) % 4]
                let normal = (q.y - p.y, p.x - q.x)
                let project = { (points: [CropPoint]) in points.map { $0.x * normal.0 + $0.y * normal.1 } }
                let (one, other) = (project(a.corners), project(b.corners))
                if one.max()! < other.min()! || other.max()! < one.min()! { return false }
            }
        }
        return true
    }

    /// An ordinary photo filling the frame (a picture, a texture or a gradient): no prints on a lid.
    static func ordinary(_ index: Int, seed: UInt64, in dir: TempFolder) throws -> PhotoScene {
        var random = SceneRandom(seed: seed &+ UInt64(index) &* 0xD1B5_4A32_D192_ED03)
        let size = "\(width)x\(height)"
        var arguments = [Tool.convert]
        switch index % 3 {
        case 0:
            arguments += [random.pick(pictures(in: dir)), "-resize", "\(size)^", "-gravity", "center", "-extent", size]
        case 1:
            arguments += [dir.file("lid.png"), "-colorspace", "sRGB", "-modulate", "100,100,\(random.int(0...200))"]
            arguments += [
                "(", dir.file("colour\(index % 2).png"), "-resize", "\(size)!", ")", "-compose", "multiply", "-composite",
            ]
        default:
            let colours = ["#20304a", "#8fb0d0", "#d8c8a0", "#405020", "#f0f0e8", "#602020"]
            arguments += [
                "-size", size, "-define", "gradient:angle=\(random.int(0...359))",
                "gradient:\(random.pick(colours))-\(random.pick(colours))",
            ]
        }
        let path = dir.file("ordinary\(index).jpg")
        try Tool.run(arguments + ["-seed", "\(index)", "-attenuate", "0.3", "+noise", "Gaussian", "-quality", "90", path])
        return PhotoScene(
            name: "ordinary \(index)", path: path, size: PixelSize(width: width, height: height), prints: [], faces: [])
    }
}
