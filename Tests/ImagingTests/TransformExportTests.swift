// Turned and flipped exports: the crop is measured on the picture as shown; pixels match ImageMagick's and jpegtran's.

import CropKit
import Foundation
import Imaging
import Testing

@Suite struct TransformExportTests {
    /// ImageMagick's operator and jpegtran's switch for each orientation's map of the picture.
    static let oracles: [(ImageOrientation, imageMagick: [String], jpegtran: [String])] = [
        (.upMirrored, ["-flop"], ["-flip", "horizontal"]),
        (.down, ["-rotate", "180"], ["-rotate", "180"]),
        (.downMirrored, ["-flip"], ["-flip", "vertical"]),
        (.leftMirrored, ["-transpose"], ["-transpose"]),
        (.right, ["-rotate", "90"], ["-rotate", "90"]),
        (.rightMirrored, ["-transverse"], ["-transverse"]),
        (.left, ["-rotate", "270"], ["-rotate", "270"]),
    ]

    /// A 64×40 PNG with no symmetry: a texture, so every turn and mirror moves distinct pixels.
    static func makePNG(_ dir: TempFolder) throws -> String {
        let ppm = dir.file("src.ppm"), png = dir.file("src.png")
        Netpbm.write(
            ppm, width: 64, height: 40, channels: 3, sixteenBit: false,
            samples: Texture.samples(width: 64, height: 40, seed: 11))
        try Tool.run(["convert", ppm, png])
        return png
    }

    @Test func everyTransformMatchesImageMagickTurningFirstThenCropping() throws {
        let dir = TempFolder("transform-png")
        defer { dir.remove() }
        let src = try Self.makePNG(dir)
        // Fits both the 64×40 and the turned 40×64 picture, away from every edge.
        let crop = PixelRect(x: 5, y: 7, width: 23, height: 17)
        for (orientation, imageMagick, _) in Self.oracles {
            let out = dir.file("out.png"), ref = dir.file("ref.png")
            let result = try CropExporter.export(
                source: src, crop: crop, output: out, options: ExportOptions(transform: orientation))
            #expect(!result.lossless && result.width == 23 && result.height == 17)
            // +repage first: ImageMagick 6 keeps a page offset after -transverse that would shift the crop.
            try Tool.run(["convert", src] + imageMagick + ["+repage", "-crop", "23x17+5+7", "+repage", ref])
            let mine = try Tool.decode(out), theirs = try Tool.decode(ref)
            #expect(mine.count == 23 * 17 * 3)
            #expect(mismatch(mine, theirs) == nil, "\(orientation): \(mismatch(mine, theirs) ?? "")")
        }
    }

    /// The UI composes the user's turns with `applying`; flip then turn right is ImageMagick's `-flop -rotate 90`.
    @Test func composedTransformsFollowTheirOrder() throws {
        let dir = TempFolder("transform-compose")
        defer { dir.remove() }
        let src = try Self.makePNG(dir)
        let orientation = ImageOrientation.up.applying(.flipHorizontal).applying(.rotateRight)
        _ = try CropExporter.export(
            source: src, crop: PixelRect(x: 0, y: 0, width: 40, height: 64), output: dir.file("out.png"),
            options: ExportOptions(transform: orientation))
        try Tool.run(["convert", src, "-flop", "-rotate", "90", dir.file("ref.png")])
        #expect(try Tool.decode(dir.file("out.png")) == Tool.decode(dir.file("ref.png")))
    }

    /// The crop is checked against the turned size: 64×40 fits upright, not turned.
    @Test func aCropOutsideTheTurnedPictureIsRefused() throws {
        let dir = TempFolder("transform-outside")
        defer { dir.remove() }
        let src = try Self.makePNG(dir)
        #expect(throws: ImagingError.self) {
            try CropExporter.export(
                source: src, crop: PixelRect(x: 0, y: 0, width: 64, height: 40), output: dir.file("out.png"),
                options: ExportOptions(transform: .right))
        }
        #expect(!FileManager.default.fileExists(atPath: dir.file("out.png")))
    }

    /// jpegtran transforms first and crops after, as TurboJPEG does and as our shown crop means.
    static func jpegtran(_ src: String, _ switches: [String], crop: PixelRect, into path: String) throws {
        let args = (switches + ["-crop", "\(crop.width)x\(crop.height)+\(crop.x)+\(crop.y)", "-copy", "all"]).joined(
            separator: " ")
        try Tool.run(["sh", "-c", "jpegtran \(args) \"$1\" > \"$2\"", "sh", src, path])
    }

    static func expectSamePixels(_ a: String, _ b: String, _ label: String) throws {
        let mine = try Tool.run(["convert", a, "-depth", "8", "rgb:-"]).out
        let theirs = try Tool.run(["convert", b, "-depth", "8", "rgb:-"]).out
        #expect(
            !mine.isEmpty && mismatch(mine, theirs) == nil, "\(label): differs from jpegtran's: \(mismatch(mine, theirs) ?? "")")
    }

    @Test func losslessTransformsMatchJpegtran() throws {
        let dir = TempFolder("transform-lossless")
        defer { dir.remove() }
        let src = try LosslessJPEGTests.makeSource(dir)
        let crop = PixelRect(x: 32, y: 48, width: 200, height: 150)
        for (orientation, _, switches) in Self.oracles {
            let out = dir.file("out.jpg"), ref = dir.file("ref.jpg")
            let result = try CropExporter.export(
                source: src, crop: crop, output: out,
                options: ExportOptions(lossless: true, transform: orientation))
            #expect(result.lossless && result.width == 200 && result.height == 150)
            try Self.jpegtran(src, switches, crop: crop, into: ref)
            try Self.expectSamePixels(out, ref, "\(orientation)")
            #expect(try Tool.identify("%Q %[jpeg:sampling-factor]", out) == Tool.identify("%Q %[jpeg:sampling-factor]", src))
        }
    }

    /// A source tagged "turn right" (6) turned right again by the user: stored grid turned 180°, tag 1.
    @Test func losslessCombinesTheSourceOrientation() throws {
        let dir = TempFolder("transform-exif")
        defer { dir.remove() }
        let src = try LosslessJPEGTests.makeSource(dir, orientation: 6)
        let out = dir.file("out.jpg"), ref = dir.file("ref.jpg")
        let crop = PixelRect(x: 16, y: 32, width: 300, height: 100)
        let result = try CropExporter.export(
            source: src, crop: crop, output: out,
            options: ExportOptions(lossless: true, transform: .right))
        #expect(result.lossless)
        try Self.jpegtran(src, ["-rotate", "180"], crop: crop, into: ref)
        try Self.expectSamePixels(out, ref, "EXIF 6 then right")
        #expect(try (Tool.exif(out).int("Orientation") ?? 1) == 1)
        // The re-encoded path agrees about the geometry: same size, tag 1, close pixels.
        let reencoded = try CropExporter.export(
            source: src, crop: crop, output: dir.file("re.jpg"),
            options: ExportOptions(quality: 98, transform: .right))
        #expect(!reencoded.lossless)
        #expect(try Tool.size(dir.file("re.jpg")) == (300, 100))
        let diff = try Tool.run(["compare", "-metric", "MAE", out, dir.file("re.jpg"), "null:"], allowFailure: true).err
        let mae = Double(diff.split(separator: "(").last?.split(separator: ")").first ?? "") ?? 1
        #expect(mae < 0.03, "re-encode far from the lossless turn: \(diff)")
    }

    /// 630×470 has partial blocks on both edges: a turn cannot move them losslessly.
    @Test func imperfectTurnsRefuseOrReencode() throws {
        let dir = TempFolder("transform-imperfect")
        defer { dir.remove() }
        let src = dir.file("odd.jpg")
        try Texture.jpeg(src, width: 630, height: 470)
        let crop = PixelRect(x: 0, y: 0, width: 160, height: 160)
        #expect(throws: ImagingError.self) {
            try CropExporter.export(
                source: src, crop: crop, output: dir.file("a.jpg"), options: ExportOptions(lossless: true, transform: .right))
        }
        #expect(!FileManager.default.fileExists(atPath: dir.file("a.jpg")))
        let preferred = try CropExporter.export(
            source: src, crop: crop, output: dir.file("b.jpg"),
            options: ExportOptions(preferLossless: true, transform: .right))
        #expect(!preferred.lossless)
        // The transpose moves no partial block, so it stays lossless on the same file.
        let transposed = try CropExporter.export(
            source: src, crop: crop, output: dir.file("c.jpg"),
            options: ExportOptions(preferLossless: true, transform: .leftMirrored))
        #expect(transposed.lossless)
        // A corner off the turned block grid is refused, not silently moved.
        let grid = try #require(LosslessJPEG.grid(path: src))
        let info = try ImageProbe.probe(path: src)
        #expect(
            !LosslessTurnCheck(
                info: info, crop: PixelRect(x: 8, y: 0, width: 16, height: 16), transform: .leftMirrored,
                grid: grid
            ).isEligible)
    }
}

/// The export's own refusals for a straightened crop, before anything is written.
@Suite struct StraightenedExportRefusalTests {
    @Test func losslessAndACropOutsideTheTurnedPictureAreRefused() throws {
        let dir = TempFolder("straighten-refusals")
        defer { dir.remove() }
        let src = dir.file("src.jpg")
        try Tool.run([Tool.convert, "-size", "320x240", "plasma:fractal", src])
        let inside = PixelRect(x: 60, y: 60, width: 200, height: 120)
        let lossless = imagingError {
            try CropExporter.export(
                source: src, crop: inside, output: dir.file("a.jpg"),
                options: ExportOptions(lossless: true, straighten: StraightenAngle(degrees: 3)))
        }
        #expect(lossless == .invalidRequest(.losslessNotStraightened))
        let box = TurnedPicture(width: 320, height: 240, angle: StraightenAngle(degrees: 3)).boundingSize
        let whole = PixelRect(x: 0, y: 0, width: box.width, height: box.height)
        let outside = imagingError {
            try CropExporter.export(
                source: src, crop: whole, output: dir.file("b.png"),
                options: ExportOptions(straighten: StraightenAngle(degrees: 3)))
        }
        #expect(outside == .invalidRequest(.cropOutsideStraightened(whole)))
        #expect(
            !FileManager.default.fileExists(atPath: dir.file("a.jpg"))
                && !FileManager.default.fileExists(atPath: dir.file("b.png")))
    }
}
