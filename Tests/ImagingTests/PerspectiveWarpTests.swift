// The perspective warp against ImageMagick's -distort Perspective, and a checkerboard's corners where the homography puts them.

import CropKit
import Foundation
import Imaging
import Testing

@Suite struct PerspectiveWarpTests {
    /// Our rectified picture of `quad` at `size`, written as PNG.
    static func ours(_ source: String, _ quad: PerspectiveQuad, _ size: PixelSize, to output: String) throws {
        var options = ExportOptions()
        options.perspective = Rectification(quad: quad, size: size)
        _ = try CropExporter.export(
            source: source, crop: PixelRect(x: 0, y: 0, width: size.width, height: size.height), output: output,
            options: options)
    }

    /// ImageMagick's: the same corners to the output's corners (its coordinates, like ours, put a
    /// pixel's centre at +0.5), the output exactly `size`, the edge pixels repeated beyond the picture.
    static func imageMagick(_ source: String, _ quad: PerspectiveQuad, _ size: PixelSize, to output: String) throws {
        let w = Double(size.width), h = Double(size.height)
        let targets = [(0.0, 0.0), (w, 0), (w, h), (0, h)]
        let pairs = zip(quad.corners, targets).map { "\($0.x),\($0.y) \($1.0),\($1.1)" }.joined(separator: "  ")
        try Tool.run([
            Tool.convert, source, "-virtual-pixel", "edge", "-define", "distort:viewport=\(size.width)x\(size.height)+0+0",
            "-distort", "Perspective", pairs, "+repage", output,
        ])
    }

    @Test func aSmoothPictureMatchesImageMagickWithinTwoLevels() throws {
        let dir = TempFolder("warp-smooth")
        defer { dir.remove() }
        let source = dir.file("smooth.png")
        try Tool.run([
            Tool.convert, "-seed", "7", "-size", "900x700", "plasma:fractal", "-blur", "0x12", "-auto-level", source,
        ])
        // Enlarged on one side, shrunk on the other: both the interpolation and the shrink filter count.
        let cases: [(PerspectiveQuad, PixelSize)] = [
            (
                PerspectiveQuad([
                    CropPoint(x: 150.5, y: 90.25), CropPoint(x: 760, y: 140.75), CropPoint(x: 820.125, y: 640),
                    CropPoint(x: 90, y: 590.5),
                ])!, PixelSize(width: 600, height: 780)
            ),
            (
                PerspectiveQuad([
                    CropPoint(x: 20, y: 30), CropPoint(x: 880, y: 5), CropPoint(x: 850, y: 690), CropPoint(x: 60, y: 640),
                ])!, PixelSize(width: 300, height: 240)
            ),
        ]
        for (index, (quad, size)) in cases.enumerated() {
            try Self.ours(source, quad, size, to: dir.file("ours\(index).png"))
            try Self.imageMagick(source, quad, size, to: dir.file("im\(index).png"))
            let a = try Tool.decode(dir.file("ours\(index).png")), b = try Tool.decode(dir.file("im\(index).png"))
            #expect(a.count == size.width * size.height * 3 && a.count == b.count)
            let mean = Double(zip(a, b).reduce(0) { $0 + abs($1.0 - $1.1) }) / Double(max(a.count, 1))
            print("PERSPECTIVE warp of a smooth picture to \(size): mean difference from ImageMagick \(mean) levels")
            #expect(mean <= 2, "case \(index): mean difference \(mean)")
        }
    }

    /// A checkerboard of 100-pixel squares photographed at a slant (drawn exactly, each pixel the
    /// share of it the squares cover): rectified back, every inner corner of the squares lies within
    /// half a pixel of a multiple of 100, as ImageMagick's does.
    @Test func aCheckerboardsCornersLandWithinHalfAPixel() throws {
        let dir = TempFolder("warp-board")
        defer { dir.remove() }
        let board = PixelSize(width: 800, height: 600)
        let quad = PerspectiveQuad([
            CropPoint(x: 120.3, y: 80.7), CropPoint(x: 700.2, y: 130.5), CropPoint(x: 760.9, y: 560.1),
            CropPoint(x: 60.4, y: 500.8),
        ])!
        let source = dir.file("board.png")
        try CheckerboardPhoto(board: board, quad: quad, width: 820, height: 640).write(to: source, in: dir)
        try Self.ours(source, quad, board, to: dir.file("ours.png"))
        try Self.imageMagick(source, quad, board, to: dir.file("im.png"))
        let ours = try CheckerboardPhoto.cornerErrors(Tool.decode(dir.file("ours.png"), channels: "gray"), board)
        let theirs = try CheckerboardPhoto.cornerErrors(Tool.decode(dir.file("im.png"), channels: "gray"), board)
        print(
            "PERSPECTIVE checkerboard corners: ours within \(ours.max() ?? .nan) px, ImageMagick's within \(theirs.max() ?? .nan) px"
        )
        #expect(ours.count == 7 * 5 * 2)
        #expect((ours.max() ?? .infinity) <= 0.5)
    }
}

/// A checkerboard of 100-pixel squares seen through the homography that takes the board's
/// rectangle to `quad`, drawn exactly: a pixel whose corners all fall in one square is its tone, one
/// on an edge the mean of 8 × 8 samples across it.
struct CheckerboardPhoto {
    let board: PixelSize
    let quad: PerspectiveQuad
    let width: Int
    let height: Int

    static let light = 230.0, dark = 25.0, outside = 128.0

    func write(to path: String, in dir: TempFolder) throws {
        let rectification = Rectification(quad: quad, size: board)
        guard let toBoard = rectification.rectifiedFromPicture else { throw CommandFailed(command: [], status: 1, stderr: "") }
        func tone(_ x: Double, _ y: Double) -> Double {
            let p = toBoard.applied(to: CropPoint(x: x, y: y))
            guard p.x >= 0, p.y >= 0, p.x < Double(board.width), p.y < Double(board.height) else { return Self.outside }
            return (Int(p.x / 100) + Int(p.y / 100)) % 2 == 0 ? Self.light : Self.dark
        }
        var corners = [Double](repeating: 0, count: (width + 1) * (height + 1))
        for y in 0...height { for x in 0...width { corners[y * (width + 1) + x] = tone(Double(x), Double(y)) } }
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let i = y * (width + 1) + x
                let a = corners[i], b = corners[i + 1], c = corners[i + width + 1], d = corners[i + width + 2]
                var value = a
                if a != b || a != c || a != d {
                    value = 0
                    for k in 0..<64 {
                        value += tone(Double(x) + (Double(k % 8) + 0.5) / 8, Double(y) + (Double(k / 8) + 0.5) / 8)
                    }
                    value /= 64
                }
                pixels[y * width + x] = UInt8(value.rounded())
            }
        }
        let pgm = dir.file("board.pgm")
        FileManager.default.createFile(atPath: pgm, contents: Data("P5 \(width) \(height) 255\n".utf8) + Data(pixels))
        try Tool.run([Tool.convert, pgm, path])
    }

    /// How far each inner corner of the rectified board's squares is from where it belongs, in
    /// pixels: along rows through the middle of each square the light/dark edges are found where
    /// the grey crosses half-way between the tones (between two pixel centres, linearly), the same
    /// down columns; a corner is as far off as the worse of its two edges.
    static func cornerErrors(_ grey: [Int], _ board: PixelSize) -> [Double] {
        let middle = (light + dark) / 2
        func crossing(_ at: (Int) -> Double, near edge: Int) -> Double? {
            for i in (edge - 4)..<(edge + 4) {
                let a = at(i), b = at(i + 1)
                if (a - middle) * (b - middle) <= 0, a != b { return Double(i) + 0.5 + (middle - a) / (b - a) }
            }
            return nil
        }
        var errors: [Double] = []
        for k in 1..<(board.width / 100) {
            for m in 1..<(board.height / 100) {
                // The vertical edge x = 100k in the rows of squares above and below the corner, and so on.
                let columns = [m * 100 - 50, m * 100 + 50].map { row in
                    crossing({ Double(grey[row * board.width + $0]) }, near: k * 100).map { abs($0 - Double(k * 100)) }
                        ?? .infinity
                }
                let rows = [k * 100 - 50, k * 100 + 50].map { column in
                    crossing({ Double(grey[$0 * board.width + column]) }, near: m * 100).map { abs($0 - Double(m * 100)) }
                        ?? .infinity
                }
                errors.append(max(columns[0], rows[0]))
                errors.append(max(columns[1], rows[1]))
            }
        }
        return errors
    }
}
