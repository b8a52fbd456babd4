// Circle crops read back by ImageMagick: transparent corners, a soft edge, the source's pixels inside, every sample kind.

import CropKit
import Foundation
import Imaging
import Testing
import Wording

@Suite struct CircleExportTests {
    static let width = 120, height = 90
    /// The cut every test makes: square, so the ellipse is a circle, away from the edges.
    static let crop = PixelRect(x: 23, y: 11, width: 64, height: 64)

    /// A PNG from samples written byte by byte (`channels` 1 grey, 2 grey+alpha, 3 RGB, 4 RGBA).
    static func png(
        _ dir: TempFolder, _ name: String, channels: Int, sixteenBit: Bool = false,
        samples: [Int]
    ) throws -> String {
        let pnm = dir.file(name + (channels == 1 ? ".pgm" : channels == 3 ? ".ppm" : ".pam")), png = dir.file(name + ".png")
        Netpbm.write(pnm, width: width, height: height, channels: channels, sixteenBit: sixteenBit, samples: samples)
        try Tool.run([Tool.convert, pnm, png])
        return png
    }

    /// The samples of `crop` out of a row-major picture `width` wide.
    static func cut(_ samples: [Int], channels: Int, _ crop: PixelRect = crop) -> [Int] {
        FormatTests.rect(samples, width: width, channels: channels, crop)
    }

    /// Every `channels`-th sample from `offset`: one channel of interleaved pixels.
    static func channel(_ samples: [Int], _ offset: Int, of channels: Int) -> [Int] {
        stride(from: offset, to: samples.count, by: channels).map { samples[$0] }
    }

    /// ImageMagick's alpha (0…1) at the four corners and the centre of a 64×64 result, by `-fx`.
    static func cornerAndCentreAlpha(_ path: String) throws -> String {
        try Tool.text([
            Tool.convert, path, "-format",
            "%[fx:p{0,0}.a] %[fx:p{63,0}.a] %[fx:p{0,63}.a] %[fx:p{63,63}.a] %[fx:p{32,32}.a]", "info:",
        ])
    }

    /// The written alpha against the coverage sampled 64×64 per pixel (no shared math): within 10 %.
    static func expectAlphaFollowsTheCircle(_ alpha: [Int], maximum: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let mask = CircleMask(width: crop.width, height: crop.height)
        var worst = 0.0, partial = 0
        for y in 0..<crop.height {
            for x in 0..<crop.width {
                let a = Double(alpha[y * crop.width + x]) / Double(maximum)
                worst = max(worst, abs(a - CircleMaskTests.sampledCoverage(mask, x: x, y: y, samples: 16)))
                if a > 0, a < 1 { partial += 1 }
            }
        }
        #expect(worst < 0.1, "alpha is \(worst) away from the circle's coverage", sourceLocation: sourceLocation)
        #expect(partial > 100, "only \(partial) soft edge pixels: the edge is not anti-aliased", sourceLocation: sourceLocation)
    }

    @Test func anRGBCircleHasTransparentCornersASoftEdgeAndTheSourcesPixels() throws {
        let dir = TempFolder("circle-rgb")
        defer { dir.remove() }
        let samples = Texture.samples(width: Self.width, height: Self.height, seed: 3)
        let src = try Self.png(dir, "src", channels: 3, samples: samples)
        let out = dir.file("out.png")
        let result = try CropExporter.export(source: src, crop: Self.crop, output: out, options: ExportOptions(shape: .circle))
        #expect(result.width == 64 && result.height == 64 && !result.lossless)
        #expect(try Tool.vipsSize(out) == "64x64")
        let header = try #require(PNGBytes.header(out))
        #expect(header.colourType == 6 && header.bitDepth == 8, "RGBA, 8 bits: \(header)")
        #expect(try Self.cornerAndCentreAlpha(out) == "0 0 0 0 1")
        let rgba = try Tool.decode(out, channels: "rgba")
        Self.expectAlphaFollowsTheCircle(Self.channel(rgba, 3, of: 4), maximum: 255)
        // The colours are the source's, untouched, wherever the circle shows anything.
        let want = Self.cut(samples, channels: 3)
        for pixel in 0..<(64 * 64) where rgba[pixel * 4 + 3] > 0 {
            let got = Array(rgba[(pixel * 4)..<(pixel * 4 + 3)]), expected = Array(want[(pixel * 3)..<(pixel * 3 + 3)])
            guard got == expected else {
                Issue.record("pixel \(pixel % 64),\(pixel / 64) is \(got), the source's is \(expected)")
                break
            }
        }
        #expect(dir.strayTemporaries.isEmpty)
    }

    @Test func greyStaysGreyWithAlpha() throws {
        let dir = TempFolder("circle-grey")
        defer { dir.remove() }
        let samples = (0..<(Self.width * Self.height)).map { ($0 * 37 + $0 / Self.width * 11) & 0xFF }
        let src = try Self.png(dir, "src", channels: 1, samples: samples)
        let out = dir.file("out.png")
        _ = try CropExporter.export(source: src, crop: Self.crop, output: out, options: ExportOptions(shape: .circle))
        let header = try #require(PNGBytes.header(out))
        #expect(header.colourType == 4 && header.bitDepth == 8, "grey + alpha, 8 bits: \(header)")
        let pairs = try Tool.decode(out, channels: "graya")
        #expect(try Self.cornerAndCentreAlpha(out) == "0 0 0 0 1")
        Self.expectAlphaFollowsTheCircle(Self.channel(pairs, 1, of: 2), maximum: 255)
        let grey = Self.channel(pairs, 0, of: 2), alpha = Self.channel(pairs, 1, of: 2), want = Self.cut(samples, channels: 1)
        let inside = grey.indices.filter { alpha[$0] > 0 }
        #expect(mismatch(inside.map { grey[$0] }, inside.map { want[$0] }) == nil)
    }

    @Test(arguments: [3, 1]) func sixteenBitsStaySixteenBitsWithAlpha(channels: Int) throws {
        let dir = TempFolder("circle-16")
        defer { dir.remove() }
        // Busy low bytes, so any detour through 8 bits shows.
        var picture: [Int] = []
        for y in 0..<Self.height {
            for x in 0..<Self.width { for c in 0..<channels { picture.append((x * 541 + y * 13 + c * 9001) & 0xFFFF) } }
        }
        let src = try Self.png(dir, "src", channels: channels, sixteenBit: true, samples: picture)
        let out = dir.file("out.png")
        _ = try CropExporter.export(source: src, crop: Self.crop, output: out, options: ExportOptions(shape: .circle))
        let header = try #require(PNGBytes.header(out))
        #expect(header.bitDepth == 16 && header.colourType == (channels == 3 ? 6 : 4), "\(header)")
        let all = try Tool.decode(out, channels: channels == 3 ? "rgba" : "graya", depth: 16)
        let alpha = Self.channel(all, channels, of: channels + 1)
        #expect(alpha[0] == 0 && alpha[63] == 0 && alpha[63 * 64] == 0 && alpha[64 * 64 - 1] == 0)
        #expect(alpha[32 * 64 + 32] == 65535)
        Self.expectAlphaFollowsTheCircle(alpha, maximum: 65535)
        let want = Self.cut(picture, channels: channels)
        let got = all.indices.filter { $0 % (channels + 1) != channels }.map { all[$0] }
        let inside = (0..<(64 * 64)).filter { alpha[$0] > 0 }.flatMap { p in (0..<channels).map { p * channels + $0 } }
        #expect(mismatch(inside.map { got[$0] }, inside.map { want[$0] }) == nil, "16-bit samples changed")
    }

    /// The source's own alpha is multiplied by the circle: transparent stays transparent, half stays half.
    @Test func aSourcesAlphaIsMultipliedNotReplaced() throws {
        let dir = TempFolder("circle-alpha")
        defer { dir.remove() }
        var samples: [Int] = []
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                // Transparent around the circle's centre (55, 43), half transparent a little to its left.
                let alpha = abs(x - 55) <= 3 && abs(y - 43) <= 3 ? 0 : (abs(x - 40) <= 3 && abs(y - 43) <= 3 ? 128 : 255)
                samples += [x * 2, y * 2, 200, alpha]
            }
        }
        let src = try Self.png(dir, "src", channels: 4, samples: samples)
        let out = dir.file("out.png")
        _ = try CropExporter.export(source: src, crop: Self.crop, output: out, options: ExportOptions(shape: .circle))
        let rgba = try Tool.decode(out, channels: "rgba")
        func alpha(_ x: Int, _ y: Int) -> Int { rgba[(y * 64 + x) * 4 + 3] }
        #expect(alpha(55 - 23, 43 - 11) == 0, "a transparent source pixel inside the circle must stay transparent")
        #expect(alpha(40 - 23, 43 - 11) == 128, "a half transparent one stays half")
        #expect(alpha(10, 32) == 255 && alpha(0, 0) == 0 && alpha(63, 63) == 0)
        // Everywhere: the source's alpha times the circle's coverage, rounded.
        let mask = CircleMask(width: 64, height: 64)
        let wrong = (0..<(64 * 64)).first { p in
            let x = p % 64, y = p / 64
            let sourceAlpha = samples[((y + 11) * Self.width + x + 23) * 4 + 3]
            return alpha(x, y) != (sourceAlpha * Int((mask.coverage(x: x, y: y) * 255).rounded()) + 127) / 255
        }
        #expect(wrong == nil, "pixel \(wrong.map { "\($0 % 64),\($0 / 64)" } ?? "")")
    }

    @Test func aWebPCircleHasAlpha() throws {
        let dir = TempFolder("circle-webp")
        defer { dir.remove() }
        let src = try Self.png(dir, "src", channels: 3, samples: Texture.samples(width: Self.width, height: Self.height, seed: 5))
        let out = dir.file("out.webp")
        let result = try CropExporter.export(source: src, crop: Self.crop, output: out, options: ExportOptions(shape: .circle))
        #expect(result.width == 64 && result.height == 64)
        #expect(try Tool.identify("%m %w %h %[channels]", out) == "WEBP 64 64 srgba")
        #expect(try Tool.text(["vipsheader", "-f", "bands", out]) == "4")
        #expect(try Self.cornerAndCentreAlpha(out) == "0 0 0 0 1")
    }

    /// CMYK has no alpha in PNG: the circle is cut from its sRGB conversion.
    @Test func aCMYKSourceBecomesRGBWithAlpha() throws {
        let dir = TempFolder("circle-cmyk")
        defer { dir.remove() }
        let src = dir.file("cmyk.jpg")
        try Tool.run([Tool.convert, "-size", "\(Self.width)x\(Self.height)", "gradient:orange-navy", "-colorspace", "CMYK", src])
        #expect(try Tool.identify("%[colorspace]", src) == "CMYK")
        let out = dir.file("out.png")
        _ = try CropExporter.export(source: src, crop: Self.crop, output: out, options: ExportOptions(shape: .circle))
        #expect(PNGBytes.header(out)?.colourType == 6)
        #expect(try Self.cornerAndCentreAlpha(out) == "0 0 0 0 1")
    }

    /// A crop that is not square is cut in the inscribed ellipse, turned with the picture first.
    @Test func aTurnedWideCropGetsItsEllipse() throws {
        let dir = TempFolder("circle-turned")
        defer { dir.remove() }
        let src = try Self.png(dir, "src", channels: 3, samples: Texture.samples(width: Self.width, height: Self.height, seed: 8))
        let out = dir.file("out.png")
        let crop = PixelRect(x: 5, y: 10, width: 80, height: 40)
        let result = try CropExporter.export(
            source: src, crop: crop, output: out, options: ExportOptions(transform: .right, shape: .circle))
        #expect(result.width == 80 && result.height == 40)
        #expect(try Tool.vipsSize(out) == "80x40")
        let alpha = try Tool.text([
            Tool.convert, out, "-format", "%[fx:p{0,0}.a] %[fx:p{40,20}.a] %[fx:p{1,20}.a] %[fx:p{40,1}.a]", "info:",
        ])
        #expect(alpha == "0 1 1 1", "corner out, centre and the middle of each side in: \(alpha)")
    }

    @Test(arguments: ["jpg", "jpeg", "tif", "tiff"]) func aFormatWithoutAlphaIsRefusedAndNothingWritten(ext: String) throws {
        let dir = TempFolder("circle-refused")
        defer { dir.remove() }
        let src = try Self.png(dir, "src", channels: 3, samples: Texture.samples(width: Self.width, height: Self.height, seed: 1))
        let out = dir.file("out.\(ext)")
        let error = imagingError {
            try CropExporter.export(source: src, crop: Self.crop, output: out, options: ExportOptions(shape: .circle))
        }
        #expect(error?.message == "a circle crop needs a .png or .webp output for its transparent corners")
        #expect(!exists(out))
        #expect(dir.strayTemporaries.isEmpty)
    }

    /// Lossless means the source's own pixels: a circle has new ones, so asking for both is an error, never a quiet re-encode.
    @Test func losslessAndACircleAreRefused() throws {
        let dir = TempFolder("circle-lossless")
        defer { dir.remove() }
        let src = try Self.png(dir, "src", channels: 3, samples: Texture.samples(width: Self.width, height: Self.height, seed: 1))
        let out = dir.file("out.png")
        let error = imagingError {
            try CropExporter.export(
                source: src, crop: Self.crop, output: out, options: ExportOptions(lossless: true, shape: .circle))
        }
        #expect(error?.message.contains("circle crop cannot be cut losslessly") == true, "\(error?.message ?? "no error")")
        #expect(!exists(out))
    }
}
