// Photos of documents drawn with ImageMagick, seen by a pinhole camera, with blur, noise, light and shadows; and photos without.

import CropKit
import Foundation

/// One generated photo and what it shows.
struct DocumentScene {
    let name: String
    let path: String
    let size: PixelSize
    /// The document's corners clockwise from its top left, or nil for a photo with none.
    let corners: [CropPoint]?
    /// The document's width ÷ height.
    let ratio: Double?
    /// For a screen or a whiteboard, its lit area or writing surface inside the bezel or frame (as
    /// much the document as the outline), and that area's width ÷ height.
    var inner: [CropPoint]? = nil
    var innerRatio: Double? = nil
}

/// The scenes. Slow textures (ImageMagick's plasma) are made once (`materials`) and each scene cuts,
/// flips and tints one; everything else is one `convert` per scene.
enum DocumentScenes {
    static let textures = 6
    static let builtIns = ["rose:", "wizard:", "logo:", "granite:", "netscape:"]
    /// Pictures the pages show: ImageMagick's built-ins and three of the PNG corpus's, found where
    /// `PngSuiteTests` finds it (CI lays it out beside the package), so every machine makes the same scenes.
    static var pictures: [String] {
        guard let corpus = PngSuiteTests.corpus else { return builtIns }
        let files = ["testpngs/rgb-8.png", "pngsuite/basn2c08.png", "pngsuite/basn3p08.png"]
            .map { "\(corpus)/\($0)" }.filter { FileManager.default.fileExists(atPath: $0) }
        return builtIns + files
    }
    static let words = [
        "the", "page", "of", "a", "letter", "written", "to", "say", "that", "every", "corner", "is", "found", "by", "its",
        "lines", "and", "edges", "paper", "light", "shadow", "camera", "table", "window", "report", "figure", "total",
        "receipt", "invoice", "number", "date", "meeting", "notes", "chapter", "seven", "river", "mountain", "green",
    ]

    /// The textures: plasma clouds (three), a granite tile, wood grain (plasma streaked), mottled noise.
    static func materials(in dir: TempFolder) throws {
        let recipes: [[String]] = [
            ["-seed", "11", "-size", "800x800", "plasma:fractal", "-blur", "0x1"],
            ["-seed", "12", "-size", "800x800", "plasma:fractal", "-blur", "0x2", "-modulate", "100,50"],
            ["-seed", "13", "-size", "800x800", "plasma:tan-sienna", "-blur", "0x1"],
            ["-size", "800x800", "tile:granite:"],
            [
                "-seed", "14", "-size", "800x800", "plasma:fractal", "-motion-blur", "0x30+0", "-colorspace", "gray",
                "+level-colors", "#5a3a1a,#c8a070",
            ],
            [
                "-size", "800x800", "xc:gray60", "-seed", "15", "+noise", "Random", "-blur", "0x3", "-colorspace", "gray",
                "-auto-level",
            ],
        ]
        DispatchQueue.concurrentPerform(iterations: recipes.count) { index in
            _ = try? Tool.run([Tool.convert] + recipes[index] + [dir.file("texture\(index).png")])
        }
        for index in recipes.indices where !FileManager.default.fileExists(atPath: dir.file("texture\(index).png")) {
            throw CommandFailed(command: recipes[index], status: 1, stderr: "texture \(index) not made")
        }
    }

    /// Scene `index` with a document: its kind, page ratio, camera and effects all from `seed`.
    static func document(_ index: Int, seed: UInt64, in dir: TempFolder) throws -> DocumentScene {
        var random = SceneRandom(seed: seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
        let portrait = random.chance(0.3)
        let (w, h) = portrait ? (480, 640) : (640, 480)
        let ratios: [Double] = [210.0 / 297, 297.0 / 210, 8.5 / 11, 4.0 / 3, 16.0 / 9, 3.0 / 2, 2.0 / 3, 1]
        let ratio = random.pick(ratios)
        let (_, corners) = SceneCamera.random(
            &random, width: Double(w), height: Double(h), ratio: ratio, fill: 0.4...0.85, turn: 35, roll: 20)
        let (pageWidth, pageHeight) = ratio >= 1 ? (700, Int((700 / ratio).rounded())) : (Int((700 * ratio).rounded()), 700)
        let (kind, page) = Self.page(&random, width: pageWidth, height: pageHeight)
        let pageCorners: [(Int, Int)] = [(0, 0), (pageWidth, 0), (pageWidth, pageHeight), (0, pageHeight)]
        let pairs = zip(pageCorners, corners).map { (page: (Int, Int), photo: CropPoint) in
            "\(page.0),\(page.1) \(photo.x),\(photo.y)"
        }.joined(separator: "  ")
        let path = dir.file("document\(index).jpg")
        var arguments = [Tool.convert] + background(&random, width: w, height: h, in: dir)
        arguments +=
            ["("] + page + [
                "+repage", "-alpha", "set", "-virtual-pixel", "transparent", "-filter", "point",
                "-define", "distort:viewport=\(w)x\(h)+0+0", "-distort", "Perspective", pairs, ")",
                "-geometry", "+0+0", "-compose", "over", "-composite",
            ]
        arguments += effects(&random, width: w, height: h, seed: index) + [path]
        try Tool.run(arguments)
        var scene = DocumentScene(
            name: "\(kind) \(index) \(PrintSize.length(ratio)):1", path: path, size: PixelSize(width: w, height: h),
            corners: corners, ratio: ratio)
        let border =
            kind == "screen" ? max(pageWidth, pageHeight) / 30 : kind == "whiteboard" ? max(pageWidth, pageHeight) / 40 : 0
        if border > 0,
            let toPhoto = Homography(from: pageCorners.map { CropPoint(x: Double($0.0), y: Double($0.1)) }, to: corners)
        {
            let b = Double(border), pw = Double(pageWidth), ph = Double(pageHeight)
            scene.inner = [(b, b), (pw - b, b), (pw - b, ph - b), (b, ph - b)].map {
                toPhoto.applied(to: CropPoint(x: $0.0, y: $0.1))
            }
            scene.innerRatio = (pw - 2 * b) / (ph - 2 * b)
        }
        return scene
    }

    /// Scene `index` with no document: a texture, a gradient, a picture filling the frame, clutter
    /// of short strokes and rings, or a few long lines that close no shape.
    static func empty(_ index: Int, seed: UInt64, in dir: TempFolder) throws -> DocumentScene {
        var random = SceneRandom(seed: seed &+ UInt64(index) &* 0xD1B5_4A32_D192_ED03)
        let (w, h) = random.chance(0.3) ? (480, 640) : (640, 480)
        let kinds = ["texture", "gradient", "picture", "clutter", "lines", "planks"]
        let kind = kinds[index % kinds.count]
        var arguments = [Tool.convert]
        switch kind {
        case "gradient":
            let colours = ["#20304a", "#8fb0d0", "#d8c8a0", "#405020", "#f0f0e8", "#602020"]
            arguments += [
                "-size", "\(w)x\(h)", "-define", "gradient:angle=\(random.int(0...359))",
                "gradient:\(random.pick(colours))-\(random.pick(colours))",
            ]
        case "picture":
            arguments += [random.pick(pictures), "-resize", "\(w)x\(h)^", "-gravity", "center", "-extent", "\(w)x\(h)"]
            arguments += ["-gravity", "northwest"]
        default:
            arguments += background(&random, width: w, height: h, in: dir)
        }
        if kind == "clutter" { arguments += clutter(&random, width: w, height: h) }
        if kind == "lines" { arguments += longLines(&random, width: w, height: h) }
        if kind == "planks" { arguments += planks(&random, width: w, height: h) }
        let path = dir.file("empty\(index).jpg")
        try Tool.run(arguments + effects(&random, width: w, height: h, seed: 1000 + index) + [path])
        return DocumentScene(name: "\(kind) \(index)", path: path, size: PixelSize(width: w, height: h), corners: nil, ratio: nil)
    }

    /// A texture cut at a random place, maybe mirrored, its brightness, saturation and hue changed.
    static func background(_ random: inout SceneRandom, width: Int, height: Int, in dir: TempFolder) -> [String] {
        var arguments = [
            dir.file("texture\(random.int(0...(textures - 1))).png"), "-crop",
            "\(width)x\(height)+\(random.int(0...(800 - width)))+\(random.int(0...(800 - height)))", "+repage",
        ]
        if random.chance(0.5) { arguments.append("-flop") }
        if random.chance(0.5) { arguments.append("-flip") }
        let tone = "\(random.int(55...110)),\(random.int(20...110)),\(random.int(60...140))"
        return arguments + ["-modulate", tone]
    }

    /// Light falling off across the photo, maybe a soft shadow, lens blur, sensor noise; JPEG quality.
    static func effects(_ random: inout SceneRandom, width: Int, height: Int, seed: Int) -> [String] {
        var arguments = [
            "(", "-size", "\(width)x\(height)", "-define", "gradient:angle=\(random.int(0...359))",
            "gradient:white-gray\(random.int(55...95))", ")", "-compose", "multiply", "-composite",
        ]
        if random.chance(0.5) {
            // A hand's or a phone's shadow: a dark shape reaching in from an edge, drawn at an eighth of
            // the size and enlarged smoothly, which softens its edge over several pixels (a blur
            // of the whole photo would cost more than the rest of the scene).
            let points = (0..<5).map { _ in "\(random.int(-6...(width / 8 + 6))),\(random.int(-6...(height / 8 + 6)))" }
            arguments += [
                "(", "-size", "\(width / 8)x\(height / 8)", "xc:white", "-fill", "gray\(random.int(55...80))", "-draw",
                "polygon " + points.joined(separator: " "), "-blur", "0x1.5", "-resize", "\(width)x\(height)!", ")", "-compose",
                "multiply",
                "-composite",
            ]
        }
        arguments += [
            "-compose", "over", "-blur", "0x\(PrintSize.length(random.double(0.3...1.2)))", "-seed", "\(seed)", "-attenuate",
            PrintSize.length(random.double(0.2...0.8)), "+noise", "Gaussian", "-quality", "\(random.int(50...90))",
        ]
        return arguments
    }
}
