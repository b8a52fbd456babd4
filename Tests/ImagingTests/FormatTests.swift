// Formats in and out: WebP, TIFF, GIF (first frame), HEIF or its clear refusal; alpha kept; JPEG quality chosen right.

import CropKit
import Foundation
import Imaging
import Testing
import Wording

@Suite struct FormatTests {
    /// An 8-bit RGB picture whose samples encode their coordinates, written as PPM.
    static func codedPPM(_ path: String, width: Int = 50, height: Int = 40) -> [Int] {
        var samples: [Int] = []
        for y in 0..<height { for x in 0..<width { samples += [x * 5, y * 6, (x * 7 + y * 3) & 0xFF] } }
        Netpbm.write(path, width: width, height: height, channels: 3, sixteenBit: false, samples: samples)
        return samples
    }

    static func rect(_ samples: [Int], width: Int, channels: Int, _ crop: PixelRect) -> [Int] {
        var out: [Int] = []
        for y in crop.y..<(crop.y + crop.height) {
            let start = (y * width + crop.x) * channels
            out += samples[start..<(start + crop.width * channels)]
        }
        return out
    }

    /// Lossless WebP and TIFF sources open, and crops out of them are exact.
    @Test(arguments: [("webp", ["-define", "webp:lossless=true"]), ("tif", ["-compress", "lzw"])])
    func losslessSourcesOpenAndCropExactly(ext: String, options: [String]) throws {
        let dir = TempFolder("in-\(ext)")
        defer { dir.remove() }
        let samples = Self.codedPPM(dir.file("src.ppm"))
        let src = dir.file("src.\(ext)")
        try Tool.run(["convert", dir.file("src.ppm")] + options + [src])
        let info = try ImageProbe.probe(path: src)
        #expect(info.width == 50 && info.height == 40 && !info.hasAlpha)
        let crop = PixelRect(x: 11, y: 7, width: 23, height: 17)
        for outExt in ["png", "tif", "webp"] where outExt != "webp" || ext == "webp" {
            let out = dir.file("out.\(outExt)")
            try CropExporter.export(source: src, crop: crop, output: out)
            #expect(try Tool.size(out) == (23, 17))
            if outExt != "webp" {
                let wrong = mismatch(try Tool.decode(out), Self.rect(samples, width: 50, channels: 3, crop))
                #expect(wrong == nil, "\(ext) → \(outExt): \(wrong ?? "")")
            }
        }
        let (_, pixels) = try DisplayThumbnail.load(path: src, maxWidth: 100, maxHeight: 100)
        #expect(pixels.width == 50 && pixels.height == 40)
        #expect(Array(pixels.bytes[0..<4]) == [0, 0, 0, 255])
        let last = (39 * 50 + 49) * 4
        let lastPixel: [UInt8] = [245, 234, 204, 255]  // x 49 × 5, y 39 × 6, (49 × 7 + 39 × 3) mod 256
        #expect(Array(pixels.bytes[last..<(last + 4)]) == lastPixel)
    }

    @Test func webpOutputOfAnOpaquePictureIsCloseAndSized() throws {
        let dir = TempFolder("out-webp")
        defer { dir.remove() }
        let samples = Self.codedPPM(dir.file("src.ppm"))
        try Tool.run(["convert", dir.file("src.ppm"), dir.file("src.png")])
        let crop = PixelRect(x: 4, y: 4, width: 40, height: 30)
        try CropExporter.export(source: dir.file("src.png"), crop: crop, output: dir.file("out.webp"))
        #expect(try Tool.identify("%m %w %h", dir.file("out.webp")) == "WEBP 40 30")
        let got = try Tool.decode(dir.file("out.webp"))
        let want = Self.rect(samples, width: 50, channels: 3, crop)
        let meanError = zip(got, want).map { abs($0 - $1) }.reduce(0, +) / max(want.count, 1)
        #expect(got.count == want.count && meanError <= 6, "mean error \(meanError)")
    }

    /// GIF: the first frame of an animation, at the frame's size, not the pages stacked.
    @Test func gifOpensItsFirstFrame() throws {
        let dir = TempFolder("gif")
        defer { dir.remove() }
        let src = dir.file("anim.gif")
        try Tool.run(["convert", "-delay", "10", "-size", "40x30", "xc:red", "xc:blue", src])
        #expect(
            try Tool.text(["identify", "-format", "%n\n", src]).split(separator: "\n").first == "2", "the fixture has two frames")
        let info = try ImageProbe.probe(path: src)
        #expect(info.width == 40 && info.height == 30)
        let out = dir.file("out.png")
        try CropExporter.export(source: src, crop: PixelRect(x: 0, y: 0, width: 40, height: 30), output: out)
        #expect(try Tool.size(out) == (40, 30))
        let px = try Tool.decode(out)
        #expect(px.count == 40 * 30 * 3)
        #expect(
            stride(from: 0, to: px.count, by: 3).allSatisfy { px[$0] == 255 && px[$0 + 1] == 0 && px[$0 + 2] == 0 },
            "every pixel of the first (red) frame")
        let (_, pixels) = try DisplayThumbnail.load(path: src, maxWidth: 100, maxHeight: 100)
        #expect(pixels.width == 40 && pixels.height == 30)
        #expect(Array(pixels.bytes[0..<3]) == [255, 0, 0])
    }

    /// RGBA with an alpha ramp: PNG keeps it exactly, WebP keeps it (alpha is coded losslessly), TIFF too.
    @Test func alphaIsKeptInPNGWebPAndTIFF() throws {
        let dir = TempFolder("alpha")
        defer { dir.remove() }
        let w = 64, h = 32
        var samples: [Int] = []
        for y in 0..<h { for x in 0..<w { samples += [200, 100, 50, (x * 4 + y) & 0xFF] } }
        Netpbm.write(dir.file("src.pam"), width: w, height: h, channels: 4, sixteenBit: false, samples: samples)
        try Tool.run(["convert", dir.file("src.pam"), dir.file("src.png")])
        #expect(PNGBytes.header(dir.file("src.png"))?.colourType == 6)
        #expect(try ImageProbe.probe(path: dir.file("src.png")).hasAlpha)
        let crop = PixelRect(x: 8, y: 2, width: 48, height: 28)
        let want = Self.rect(samples, width: w, channels: 4, crop)
        for ext in ["png", "webp", "tif"] {
            let out = dir.file("out.\(ext)")
            try CropExporter.export(source: dir.file("src.png"), crop: crop, output: out)
            #expect(
                try Tool.identify("%A", out).lowercased().hasPrefix("blend") || Tool.identify("%A", out).lowercased() == "true",
                "\(ext) has an alpha channel")
            #expect(try ImageProbe.probe(path: out).hasAlpha, "\(ext)")
            let got = try Tool.decode(out, channels: "rgba")
            #expect(got.count == want.count)
            let alphaGot = stride(from: 3, to: got.count, by: 4).map { got[$0] }
            let alphaWant = stride(from: 3, to: want.count, by: 4).map { want[$0] }
            #expect(mismatch(alphaGot, alphaWant) == nil, "\(ext): alpha must be exact: \(mismatch(alphaGot, alphaWant) ?? "")")
            if ext != "webp" { #expect(mismatch(got, want) == nil, "\(ext): \(mismatch(got, want) ?? "")") }
        }
        // The display thumbnail carries the alpha too.
        let (_, pixels) = try DisplayThumbnail.load(path: dir.file("src.png"), maxWidth: 64, maxHeight: 64)
        #expect(pixels.bytes[3] == 0 && pixels.bytes[(5 * w + 10) * 4 + 3] == 45)
    }

    @Test func jpegQualityDefaultsToTheSourcesOrNinetyTwo() throws {
        let dir = TempFolder("quality")
        defer { dir.remove() }
        try Tool.run(["convert", "-seed", "3", "-size", "128x96", "plasma:fractal", "-quality", "75", dir.file("q75.jpg")])
        try Tool.run(["convert", "-seed", "3", "-size", "128x96", "plasma:fractal", dir.file("src.png")])
        let crop = PixelRect(x: 3, y: 5, width: 100, height: 80)
        func quality(_ path: String) throws -> Int { Int(try Tool.identify("%Q", path)) ?? -1 }
        #expect(try quality(dir.file("q75.jpg")) == 75)

        for q in [30, 75, 97] {
            let source = dir.file("q\(q).jpg"), out = dir.file("from\(q).jpg")
            if q != 75 {
                try Tool.run(["convert", "-seed", "3", "-size", "128x96", "plasma:fractal", "-quality", "\(q)", source])
            }
            try CropExporter.export(source: source, crop: crop, output: out)
            let got = try quality(out)
            #expect(abs(got - q) <= 2, "keeps the source's quality \(q): \(got)")
        }
        try CropExporter.export(source: dir.file("src.png"), crop: crop, output: dir.file("fromPNG.jpg"))
        #expect(abs(try quality(dir.file("fromPNG.jpg")) - 92) <= 1, "92 for a non-JPEG source")
        try CropExporter.export(
            source: dir.file("q75.jpg"), crop: crop, output: dir.file("q40.jpg"), options: ExportOptions(quality: 40))
        #expect(abs(try quality(dir.file("q40.jpg")) - 40) <= 2, "an explicit quality is used")
        try CropExporter.export(
            source: dir.file("src.png"), crop: crop, output: dir.file("q100.jpeg"), options: ExportOptions(quality: 100))
        #expect(try quality(dir.file("q100.jpeg")) == 100)
        // Out of range is refused before anything is written.
        for bad in [0, 101, -5] {
            #expect(
                imagingError {
                    try CropExporter.export(
                        source: dir.file("src.png"), crop: crop, output: dir.file("bad.jpg"),
                        options: ExportOptions(quality: bad))
                } != nil)
        }
        #expect(!exists(dir.file("bad.jpg")))
        // A lower quality makes a smaller WebP: the setting reaches the WebP encoder as well.
        try CropExporter.export(
            source: dir.file("src.png"), crop: crop, output: dir.file("lo.webp"), options: ExportOptions(quality: 10))
        try CropExporter.export(
            source: dir.file("src.png"), crop: crop, output: dir.file("hi.webp"), options: ExportOptions(quality: 95))
        #expect(bytes(of: dir.file("lo.webp"))!.count < bytes(of: dir.file("hi.webp"))!.count)
    }

    @Test func outputFormatComesFromTheName() throws {
        #expect(OutputFormat(path: "a/b.PNG") == .png)
        #expect(OutputFormat(path: "x.jpeg") == .jpeg && OutputFormat(path: "x.JPG") == .jpeg)
        #expect(OutputFormat(path: "x.webp") == .webp)
        #expect(OutputFormat(path: "x.tif") == .tiff && OutputFormat(path: "x.tiff") == .tiff)
        #expect(OutputFormat(path: "x.bmp") == nil && OutputFormat(path: "noext") == nil)
        let dir = TempFolder("names")
        defer { dir.remove() }
        try Tool.run(["convert", "-size", "20x20", "xc:red", dir.file("src.png")])
        let crop = PixelRect(x: 0, y: 0, width: 10, height: 10)
        for (name, magick) in [
            ("a.PNG", "PNG"), ("b.JPEG", "JPEG"), ("c.webp", "WEBP"), ("d.tiff", "TIFF"), ("e.jpg", "JPEG"), ("f.tif", "TIFF"),
        ] {
            try CropExporter.export(source: dir.file("src.png"), crop: crop, output: dir.file(name))
            #expect(try Tool.identify("%m", dir.file(name)) == magick, "\(name)")
        }
        let error = imagingError { try CropExporter.export(source: dir.file("src.png"), crop: crop, output: dir.file("g.bmp")) }
        #expect(error?.message.contains("bmp") == true, "\(error?.message ?? "no error")")
        #expect(!exists(dir.file("g.bmp")))
    }

    /// Formats the app does not open (decoders are attack surface) are refused by name, not tried.
    @Test func unsupportedInputsAreRefused() throws {
        let dir = TempFolder("unsupported")
        defer { dir.remove() }
        _ = Self.codedPPM(dir.file("a.ppm"))
        FileManager.default.createFile(
            atPath: dir.file("b.svg"),
            contents: Data("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>".utf8))
        FileManager.default.createFile(atPath: dir.file("c.jpg"), contents: Data("this is not a picture".utf8))
        FileManager.default.createFile(atPath: dir.file("d.png"), contents: Data())
        for name in ["a.ppm", "b.svg", "c.jpg", "d.png", "missing.png"] {
            let error = imagingError { try ImageProbe.probe(path: dir.file(name)) }
            #expect(error != nil && !(error?.message.isEmpty ?? true), "\(name): \(error?.message ?? "opened")")
        }
        #expect(imagingError { try ImageProbe.probe(path: dir.path) }?.message.contains("folder") == true)
    }

    /// HEIF where libvips has it; otherwise a .heic is refused with a message that says so.
    @Test func heifOpensOrIsClearlyRefused() throws {
        let dir = TempFolder("heif")
        defer { dir.remove() }
        let src = dir.file("src.heic")
        try Tool.run(["convert", "-size", "64x48", "xc:red", "-fill", "blue", "-draw", "rectangle 32,0 63,47", src])
        #expect(try Tool.identify("%m", src) == "HEIC", "ImageMagick made a real HEIF file")
        if ImagingLibraries.supportsHEIF {
            let info = try ImageProbe.probe(path: src)
            #expect(info.width == 64 && info.height == 48)
            let out = dir.file("out.png")
            try CropExporter.export(source: src, crop: PixelRect(x: 32, y: 0, width: 32, height: 48), output: out)
            #expect(try Tool.size(out) == (32, 48))
            let px = try Tool.decode(out)
            let centre = (24 * 32 + 16) * 3
            #expect(px[centre + 2] > 200 && px[centre] < 60, "the right half is blue: \(px[centre..<(centre + 3)])")
            let (_, pixels) = try DisplayThumbnail.load(path: src, maxWidth: 32, maxHeight: 32)
            #expect(pixels.width == 32 && pixels.height == 24)
        } else {
            let error = imagingError { try ImageProbe.probe(path: src) }
            let message = try #require(error, "a .heic without HEIF support must be refused").message
            #expect(
                message.localizedCaseInsensitiveContains("HEIF") || message.localizedCaseInsensitiveContains("HEIC")
                    || message.contains("not supported"), "message: \(message)")
            #expect(
                !message.contains("only JPEG, PNG, WebP, TIFF, GIF and HEIF"), "it must not claim HEIF is supported: \(message)")
        }
    }
}
