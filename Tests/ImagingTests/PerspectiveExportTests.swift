// Exports with a perspective correction: refusals before anything is written, rectified crops, output sizes, turns, alpha.

import CropKit
import Foundation
import Imaging
import Testing

@Suite struct PerspectiveExportTests {
    static let quad = PerspectiveQuad([
        CropPoint(x: 60, y: 40), CropPoint(x: 330, y: 60), CropPoint(x: 350, y: 230), CropPoint(x: 30, y: 210),
    ])!
    static let size = PixelSize(width: 300, height: 200)

    static func options(_ rectification: Rectification? = Rectification(quad: quad, size: size)) -> ExportOptions {
        var options = ExportOptions()
        options.perspective = rectification
        return options
    }

    static func source(in dir: TempFolder, _ name: String = "src.png", extra: [String] = []) throws -> String {
        let path = dir.file(name)
        try Tool.run([Tool.convert, "-seed", "3", "-size", "400x260", "plasma:fractal", "-blur", "0x2"] + extra + [path])
        return path
    }

    @Test func theWindowsRectifiedPicturesAreHeldToTheDecodersPixelLimit() {
        // CropKit cannot import ImagingCore, so it keeps its own copy of the limit.
        #expect(PerspectiveCorrection.pixelLimit == SupportedImages.pixelLimit)
    }

    @Test func badRequestsAreRefusedBeforeAnythingIsWritten() throws {
        let dir = TempFolder("perspective-refusals")
        defer { dir.remove() }
        let src = try Self.source(in: dir)
        let whole = PixelRect(x: 0, y: 0, width: 300, height: 200)
        var lossless = Self.options()
        lossless.lossless = true
        var straightened = Self.options()
        straightened.straighten = StraightenAngle(degrees: 2)
        // On the picture turned a quarter (260 wide) the right corners are off it.
        var turned = Self.options()
        turned.transform = .right
        let tooLarge = Self.options(Rectification(quad: Self.quad, size: PixelSize(width: 40_000, height: 30_000)))
        let cases: [(ExportOptions, PixelRect, ImagingError)] = [
            (lossless, whole, .invalidRequest(.perspective(.lossless))),
            (straightened, whole, .invalidRequest(.perspective(.straightened))),
            (
                turned, whole,
                .invalidRequest(
                    .perspective(
                        .quad(.cornerOutside(.topRight, CropPoint(x: 330, y: 60), picture: PixelSize(width: 260, height: 400)))))
            ),
            (tooLarge, whole, .tooLarge(.output, width: 40_000, height: 30_000, limit: Rectification.pixelLimit)),
            (
                Self.options(), PixelRect(x: 10, y: 10, width: 300, height: 200),
                .invalidRequest(.cropOutside(PixelRect(x: 10, y: 10, width: 300, height: 200), width: 300, height: 200))
            ),
            (
                Self.options(Rectification(quad: Self.quad.moving(.bottomRight, to: CropPoint(x: 100, y: 100)), size: Self.size)),
                whole, .invalidRequest(.perspective(.quad(.notConvex(.bottomRight))))
            ),
        ]
        expectRefusedExports(cases, source: src, in: dir)
    }

    @Test func aCropOfTheRectifiedPictureIsThatPartOfTheWhole() throws {
        let dir = TempFolder("perspective-crop")
        defer { dir.remove() }
        let src = try Self.source(in: dir)
        let whole = try CropExporter.export(
            source: src, crop: PixelRect(x: 0, y: 0, width: 300, height: 200), output: dir.file("whole.png"),
            options: Self.options())
        #expect((whole.width, whole.height) == (300, 200))
        let part = PixelRect(x: 70, y: 45, width: 120, height: 90)
        let cut = try CropExporter.export(source: src, crop: part, output: dir.file("part.png"), options: Self.options())
        #expect((cut.width, cut.height) == (120, 90))
        let a = try Tool.decode(dir.file("part.png")), b = try Tool.decode(dir.file("whole.png"), crop: part)
        #expect(a.count == b.count)
        #expect(zip(a, b).map { abs($0 - $1) }.max() ?? 99 <= 1)
    }

    @Test func outputSizesApplyToTheCropOfTheRectifiedPicture() throws {
        let dir = TempFolder("perspective-size")
        defer { dir.remove() }
        let src = try Self.source(in: dir)
        var options = Self.options()
        options.outputSize = .longerSide(150)
        let small = try CropExporter.export(
            source: src, crop: PixelRect(x: 0, y: 0, width: 300, height: 200), output: dir.file("small.jpg"), options: options)
        #expect((small.width, small.height) == (150, 100))
        #expect(try Tool.size(dir.file("small.jpg")) == (150, 100))
        // A4 at 300 ppi straight from the rectification: the rectified picture made at the print's size.
        let a4 = try Rectification.make(
            quad: Self.quad, picture: PixelSize(width: 400, height: 260), output: .print(PaperSize.a4.printSize()!),
            pixelLimit: Rectification.pixelLimit)
        let page = try CropExporter.export(
            source: src, crop: PixelRect(x: 0, y: 0, width: a4.size.width, height: a4.size.height), output: dir.file("a4.png"),
            options: Self.options(a4))
        #expect((page.width, page.height) == (2480, 3508))
    }

    /// The quadrilateral is measured on the picture as shown: with a quarter turn it is the same as
    /// rectifying a file already turned.
    @Test func aTurnedPictureIsRectifiedAsShown() throws {
        let dir = TempFolder("perspective-turned")
        defer { dir.remove() }
        let src = try Self.source(in: dir)
        let turnedFile = dir.file("turned.png")
        try Tool.run([Tool.convert, src, "-rotate", "90", turnedFile])
        let onTurned = Self.quad.mapped(by: .rotateRight, pictureSize: PixelSize(width: 400, height: 260))
        var options = Self.options(Rectification(quad: onTurned, size: PixelSize(width: 200, height: 300)))
        let crop = PixelRect(x: 0, y: 0, width: 200, height: 300)
        _ = try CropExporter.export(source: turnedFile, crop: crop, output: dir.file("a.png"), options: options)
        options.transform = .right
        _ = try CropExporter.export(source: src, crop: crop, output: dir.file("b.png"), options: options)
        let a = try Tool.decode(dir.file("a.png")), b = try Tool.decode(dir.file("b.png"))
        #expect(a == b)
    }

    @Test func transparencyIsKeptAndWeightsTheColours() throws {
        let dir = TempFolder("perspective-alpha")
        defer { dir.remove() }
        // Opaque red on the left half, fully transparent green on the right: no green may bleed in.
        let src = dir.file("alpha.png")
        try Tool.run([
            Tool.convert, "-size", "200x260", "xc:#ff0000ff", "-size", "200x260", "xc:#00ff0000", "+append", src,
        ])
        let whole = PixelRect(x: 0, y: 0, width: 300, height: 200)
        _ = try CropExporter.export(source: src, crop: whole, output: dir.file("out.png"), options: Self.options())
        let rgba = try Tool.decode(dir.file("out.png"), channels: "rgba")
        for pixel in stride(from: 0, to: rgba.count, by: 4) where rgba[pixel + 3] > 0 {
            #expect(rgba[pixel + 1] == 0, "green bled into pixel \(pixel / 4)")
        }
        #expect(rgba.contains(255) && rgba.enumerated().contains { $0.offset % 4 == 3 && $0.element == 0 })
    }
}
