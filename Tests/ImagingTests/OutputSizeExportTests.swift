// Exports scaled to an output size: N on the longer side, pixels close to ImageMagick's resize, metadata true, bad sizes refused.

import CropKit
import Foundation
import Imaging
import Testing
import Wording

@Suite struct OutputSizeExportTests {
    /// A smooth 400×300 8-bit picture (plasma), so two good resamplers agree closely.
    static func source(_ dir: TempFolder) throws -> String {
        let src = dir.file("src.png")
        try Tool.run([Tool.convert, "-seed", "3", "-size", "400x300", "plasma:fractal", "-depth", "8", src])
        return src
    }

    /// Our export at `size` against ImageMagick's `-crop … -resize N×N` of the same source.
    private func expectClose(
        _ src: String, crop: PixelRect, size: Int, expected: String, tolerance: Double,
        in dir: TempFolder, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let out = dir.file("out-\(size).png"), ref = dir.file("ref-\(size).png")
        let result = try CropExporter.export(
            source: src, crop: crop, output: out, options: ExportOptions(outputSize: .longerSide(size)))
        #expect("\(result.width)x\(result.height)" == expected, sourceLocation: sourceLocation)
        #expect(try Tool.vipsSize(out) == expected, sourceLocation: sourceLocation)
        try Tool.run([Tool.convert, src, "-crop", crop.description, "+repage", "-resize", "\(size)x\(size)", ref])
        #expect(try Tool.vipsSize(ref) == expected, "ImageMagick's own size", sourceLocation: sourceLocation)
        let error = try Tool.rmse(out, ref)
        #expect(error < tolerance, "RMSE \(error) against ImageMagick", sourceLocation: sourceLocation)
    }

    @Test func downscalingGivesExactlyNOnTheLongerSide() throws {
        let dir = TempFolder("size-down")
        defer { dir.remove() }
        let src = try Self.source(dir)
        // About 0.003 (0.007 at 7 pixels); the same cut one pixel to the side is 0.010 away.
        try expectClose(
            src, crop: PixelRect(x: 50, y: 50, width: 200, height: 100), size: 64, expected: "64x32",
            tolerance: 0.006, in: dir)
        try expectClose(
            src, crop: PixelRect(x: 10, y: 0, width: 130, height: 299), size: 97, expected: "42x97",
            tolerance: 0.006, in: dir)
        try expectClose(
            src, crop: PixelRect(x: 0, y: 0, width: 400, height: 300), size: 7, expected: "7x5",
            tolerance: 0.015, in: dir)
    }

    @Test func upscalingGivesExactlyNOnTheLongerSide() throws {
        let dir = TempFolder("size-up")
        defer { dir.remove() }
        let src = try Self.source(dir)
        // About 0.005: the two enlarge with different kernels; the cut one pixel to the side is 0.024 away.
        try expectClose(
            src, crop: PixelRect(x: 50, y: 50, width: 20, height: 10), size: 333, expected: "333x167",
            tolerance: 0.01, in: dir)
        try expectClose(
            src, crop: PixelRect(x: 100, y: 80, width: 45, height: 61), size: 500, expected: "369x500",
            tolerance: 0.01, in: dir)
    }

    /// 16 bits stay 16 bits through the scaling, grey stays grey.
    @Test func sampleKindsSurviveTheScaling() throws {
        let dir = TempFolder("size-kinds")
        defer { dir.remove() }
        let rgb16 = dir.file("rgb16.png"), grey = dir.file("grey.png")
        try Tool.run([Tool.convert, "-seed", "4", "-size", "200x150", "plasma:fractal", "-depth", "16", rgb16])
        try Tool.run([
            Tool.convert, "-seed", "4", "-size", "200x150", "plasma:fractal", "-colorspace", "Gray", "-depth", "8", grey,
        ])
        let crop = PixelRect(x: 0, y: 0, width: 200, height: 150)
        _ = try CropExporter.export(source: rgb16, crop: crop, output: dir.file("a.png"), options: ExportOptions(outputSize: 80))
        #expect(try Tool.identify("%w %h %z", dir.file("a.png")) == "80 60 16")
        _ = try CropExporter.export(source: grey, crop: crop, output: dir.file("b.png"), options: ExportOptions(outputSize: 300))
        #expect(PNGBytes.header(dir.file("b.png"))?.colourType == 0)
        #expect(try Tool.vipsSize(dir.file("b.png")) == "300x225")
    }

    /// Colours are weighted by alpha while scaling: transparent red does not bleed into opaque blue.
    @Test func transparentColoursDoNotBleed() throws {
        let dir = TempFolder("size-alpha")
        defer { dir.remove() }
        let w = 100, h = 40
        var samples: [Int] = []
        for _ in 0..<h { for x in 0..<w { samples += x < 50 ? [255, 0, 0, 0] : [0, 0, 255, 255] } }
        Netpbm.write(dir.file("src.pam"), width: w, height: h, channels: 4, sixteenBit: false, samples: samples)
        try Tool.run([Tool.convert, dir.file("src.pam"), dir.file("src.png")])
        let out = dir.file("out.png")
        _ = try CropExporter.export(
            source: dir.file("src.png"), crop: PixelRect(x: 0, y: 0, width: w, height: h), output: out,
            options: ExportOptions(outputSize: 30))
        #expect(try Tool.vipsSize(out) == "30x12")
        let rgba = try Tool.decode(out, channels: "rgba")
        func pixel(_ x: Int, _ y: Int) -> [Int] { Array(rgba[((y * 30 + x) * 4)..<((y * 30 + x) * 4 + 4)]) }
        #expect(pixel(3, 6)[3] == 0, "deep in the transparent half")
        #expect(pixel(27, 6) == [0, 0, 255, 255], "deep in the opaque half")
        // Beside the boundary the alpha ramps, but whatever shows is blue, never purple.
        for x in 13...18 where pixel(x, 6)[3] > 16 {
            #expect(pixel(x, 6)[0] <= 2 && pixel(x, 6)[2] >= 250, "column \(x): \(pixel(x, 6))")
        }
    }

    /// The metadata tells the written size; a turned source comes out upright.
    @Test func theMetadataHasTheScaledSize() throws {
        let dir = TempFolder("size-meta")
        defer { dir.remove() }
        let src = try MetadataTests.makeSource(dir)
        // Upright the source is 240×320; 100×50 scaled to 60 is 60×30.
        for ext in ["jpg", "png", "webp", "tif"] {
            let out = dir.file("out.\(ext)")
            let result = try CropExporter.export(
                source: src, crop: PixelRect(x: 10, y: 20, width: 100, height: 50), output: out,
                options: ExportOptions(outputSize: 60))
            #expect(result.width == 60 && result.height == 30 && !result.lossless)
            #expect(try Tool.vipsSize(out) == "60x30", "\(ext)")
            let tags = try Tool.exif(out)
            MetadataTests.checkKept(tags, ext)
            MetadataTests.checkUpright(tags, ext)
            if let width = tags.int("ExifImageWidth") {
                #expect(width == 60 && tags.int("ExifImageHeight") == 30, "\(ext): EXIF size \(width)")
            }
        }
    }

    /// A JPEG cut that could be lossless is re-encoded when a size is asked for: the window's preference yields.
    @Test func preferringLosslessYieldsToAnOutputSize() throws {
        let dir = TempFolder("size-prefer")
        defer { dir.remove() }
        let src = dir.file("src.jpg")
        try Texture.jpeg(src, width: 320, height: 240)
        let crop = PixelRect(x: 16, y: 16, width: 160, height: 160)
        let plain = try CropExporter.export(
            source: src, crop: crop, output: dir.file("a.jpg"), options: ExportOptions(preferLossless: true))
        #expect(plain.lossless, "the fixture's cut is on the block grid")
        let scaled = try CropExporter.export(
            source: src, crop: crop, output: dir.file("b.jpg"),
            options: ExportOptions(preferLossless: true, outputSize: 50))
        #expect(!scaled.lossless && scaled.width == 50 && scaled.height == 50)
        #expect(try Tool.vipsSize(dir.file("b.jpg")) == "50x50")
    }

    @Test func losslessAndAnOutputSizeAreRefused() throws {
        let dir = TempFolder("size-lossless")
        defer { dir.remove() }
        let src = dir.file("src.jpg")
        try Texture.jpeg(src, width: 320, height: 240)
        let out = dir.file("out.jpg")
        let error = imagingError {
            try CropExporter.export(
                source: src, crop: PixelRect(x: 16, y: 16, width: 160, height: 160), output: out,
                options: ExportOptions(lossless: true, outputSize: 50))
        }
        #expect(error?.message.contains("lossless cut keeps the crop's own pixels") == true, "\(error?.message ?? "no error")")
        #expect(!exists(out) && dir.strayTemporaries.isEmpty)
    }

    /// Sizes no file can hold are refused before anything is written, each with its reason.
    @Test func impossibleSizesAreRefused() throws {
        let dir = TempFolder("size-bad")
        defer { dir.remove() }
        let src = try Self.source(dir)
        let crop = PixelRect(x: 0, y: 0, width: 400, height: 300)
        let cases: [(String, Int, String)] = [
            ("a.png", 0, "at least 1 pixel"),
            ("b.png", -5, "at least 1 pixel"),
            ("c.webp", 16384, "WebP image holds at most 16383 pixels a side"),
            ("d.jpg", 70000, "JPEG image holds at most 65500 pixels a side"),
            ("e.png", 40000, "40000×30000 pixels is over the limit"),
            ("f.tif", 20_000_000, "TIFF image holds at most 10000000 pixels a side"),
        ]
        for (name, size, words) in cases {
            let error = imagingError {
                try CropExporter.export(
                    source: src, crop: crop, output: dir.file(name), options: ExportOptions(outputSize: .longerSide(size)))
            }
            #expect(error?.message.contains(words) == true, "\(name) at \(size): \(error?.message ?? "no error")")
            #expect(!exists(dir.file(name)))
        }
        #expect(dir.strayTemporaries.isEmpty)
        // The largest WebP there is, from a sliver, is fine.
        let result = try CropExporter.export(
            source: src, crop: PixelRect(x: 0, y: 0, width: 400, height: 1), output: dir.file("g.webp"),
            options: ExportOptions(outputSize: 16383))
        #expect(result.width == 16383 && result.height == 41)
        #expect(try Tool.vipsSize(dir.file("g.webp")) == "16383x41")
    }

    /// Both at once: scaled first, then the circle cut at the final size, so its edge stays one pixel soft.
    @Test func aCircleAtAnOutputSize() throws {
        let dir = TempFolder("size-circle")
        defer { dir.remove() }
        let src = try Self.source(dir)
        let out = dir.file("out.png")
        let result = try CropExporter.export(
            source: src, crop: PixelRect(x: 100, y: 50, width: 200, height: 200), output: out,
            options: ExportOptions(shape: .circle, outputSize: 64))
        #expect(result.width == 64 && result.height == 64)
        #expect(try Tool.vipsSize(out) == "64x64")
        #expect(try CircleExportTests.cornerAndCentreAlpha(out) == "0 0 0 0 1")
        let alpha = CircleExportTests.channel(try Tool.decode(out, channels: "rgba"), 3, of: 4)
        CircleExportTests.expectAlphaFollowsTheCircle(alpha, maximum: 255)
    }
}
