// Pixel-exact crops: every pixel exported to a lossless format is the source pixel at the same place in the crop.

import CropKit
import Foundation
import Imaging
import Testing

@Suite struct PixelExactnessTests {
    static let width = 97, height = 61

    /// 16-bit samples that encode their coordinates, with busy low bytes so an 8-bit detour shows.
    static func sample(_ x: Int, _ y: Int, _ c: Int) -> Int {
        switch c {
        case 0: return x * 613 + 7
        case 1: return y * 1031 + 129
        case 2: return ((x ^ y) * 509 + x * 3) & 0xFFFF
        default: return (x * 311 + y * 701 + 1) & 0xFFFF
        }
    }

    static func samples(channels: Int) -> [Int] {
        var out: [Int] = []
        for y in 0..<height { for x in 0..<width { for c in 0..<channels { out.append(sample(x, y, c)) } } }
        return out
    }

    /// The crops checked: whole, 1×1 at both corners, each edge, an interior one, one from a normalized crop.
    static let crops: [PixelRect] = [
        PixelRect(x: 0, y: 0, width: width, height: height),
        PixelRect(x: 0, y: 0, width: 1, height: 1),
        PixelRect(x: width - 1, y: height - 1, width: 1, height: 1),
        PixelRect(x: width - 5, y: 3, width: 5, height: 10),
        PixelRect(x: 10, y: height - 7, width: 30, height: 7),
        PixelRect(x: 0, y: 20, width: 3, height: height - 20),
        PixelRect(x: 13, y: 17, width: 41, height: 29),
    ]

    func checkCrops(channels: Int, magickChannels: String) throws {
        let dir = TempFolder("exact")
        defer { dir.remove() }
        let ppm = dir.file(channels == 4 ? "src.pam" : "src.ppm"), png = dir.file("src.png")
        Netpbm.write(
            ppm, width: Self.width, height: Self.height, channels: channels, sixteenBit: true,
            samples: Self.samples(channels: channels))
        try Tool.run(["convert", ppm, png])
        #expect(PNGBytes.header(png)?.bitDepth == 16, "the fixture itself must be a 16-bit PNG")

        let info = try ImageProbe.probe(path: png)
        #expect(info.width == Self.width && info.height == Self.height)
        #expect(info.bitsPerSample == 16)
        #expect(info.hasAlpha == (channels == 4))

        for (n, crop) in Self.crops.enumerated() {
            let out = dir.file("crop\(n).png")
            let result = try CropExporter.export(source: png, crop: crop, output: out)
            #expect(result.width == crop.width && result.height == crop.height)
            let header = try #require(PNGBytes.header(out))
            #expect(header.width == crop.width && header.height == crop.height, "crop \(crop)")
            #expect(header.bitDepth == 16, "16-bit PNG must stay 16-bit (crop \(crop))")
            #expect(try Tool.identify("%z", out) == "16")
            let got = try Tool.decode(out, channels: magickChannels, depth: 16)
            var expected: [Int] = []
            for y in 0..<crop.height {
                for x in 0..<crop.width {
                    for c in 0..<channels { expected.append(Self.sample(x + crop.x, y + crop.y, c)) }
                }
            }
            let wrong = mismatch(got, expected)
            #expect(wrong == nil, "crop \(crop): \(wrong ?? "")")
        }
    }

    @Test func sixteenBitRGBCropsAreExact() throws {
        try checkCrops(channels: 3, magickChannels: "rgb")
    }

    @Test func sixteenBitRGBACropsAreExactAlphaIncluded() throws {
        try checkCrops(channels: 4, magickChannels: "rgba")
    }

    /// The normalized crop of the window becomes the pixel rect that export cuts: 1/4…3/4 of 100×60 is 50×30 at 25,15.
    @Test func normalizedCropBecomesThePixelRectExported() throws {
        let dir = TempFolder("normalized")
        defer { dir.remove() }
        let w = 100, h = 60
        var samples: [Int] = []
        for y in 0..<h { for x in 0..<w { samples += [x * 2, y * 4, (x + y) & 0xFF] } }
        Netpbm.write(dir.file("src.ppm"), width: w, height: h, channels: 3, sixteenBit: false, samples: samples)
        try Tool.run(["convert", dir.file("src.ppm"), dir.file("src.png")])
        let info = try ImageProbe.probe(path: dir.file("src.png"))
        let rect = CropRect(left: 0.25, top: 0.25, right: 0.75, bottom: 0.75).pixelRect(
            imageWidth: info.width, imageHeight: info.height)
        #expect(rect == PixelRect(x: 25, y: 15, width: 50, height: 30))
        try CropExporter.export(source: dir.file("src.png"), crop: rect, output: dir.file("out.png"))
        let got = try Tool.decode(dir.file("out.png"))
        #expect(PNGBytes.header(dir.file("out.png"))?.bitDepth == 8, "8-bit stays 8-bit")
        #expect(Array(got.prefix(3)) == [50, 60, 40], "top-left output pixel is source (25,15)")
        #expect(Array(got.suffix(3)) == [148, 176, 118], "bottom-right output pixel is source (74,44)")
        #expect(got.count == 50 * 30 * 3)
    }

    /// Grey stays grey and exact, 8- and 16-bit.
    @Test(arguments: [false, true]) func greyCropsAreExact(sixteenBit: Bool) throws {
        let dir = TempFolder("grey")
        defer { dir.remove() }
        let w = 40, h = 30, maxval = sixteenBit ? 65535 : 255
        var samples: [Int] = []
        for y in 0..<h { for x in 0..<w { samples.append((x * 977 + y * 131) % (maxval + 1)) } }
        Netpbm.write(dir.file("src.pgm"), width: w, height: h, channels: 1, sixteenBit: sixteenBit, samples: samples)
        try Tool.run(["convert", dir.file("src.pgm"), dir.file("src.png")])
        let crop = PixelRect(x: 7, y: 5, width: 21, height: 19)
        try CropExporter.export(source: dir.file("src.png"), crop: crop, output: dir.file("out.png"))
        let header = try #require(PNGBytes.header(dir.file("out.png")))
        #expect(header.colourType == 0, "grey stays grey")
        #expect(header.bitDepth == (sixteenBit ? 16 : 8))
        let got = try Tool.decode(dir.file("out.png"), channels: "gray", depth: sixteenBit ? 16 : 8)
        var expected: [Int] = []
        for y in 0..<crop.height { for x in 0..<crop.width { expected.append(samples[(y + crop.y) * w + x + crop.x]) } }
        #expect(mismatch(got, expected) == nil, "\(mismatch(got, expected) ?? "")")
    }

    /// TIFF allows 16 bits too: a 16-bit crop to TIFF is 16-bit and exact.
    @Test func sixteenBitToTIFFIsExact() throws {
        let dir = TempFolder("tiff16")
        defer { dir.remove() }
        Netpbm.write(
            dir.file("src.ppm"), width: Self.width, height: Self.height, channels: 3, sixteenBit: true,
            samples: Self.samples(channels: 3))
        try Tool.run(["convert", dir.file("src.ppm"), dir.file("src.png")])
        let crop = PixelRect(x: 30, y: 9, width: 33, height: 44)
        try CropExporter.export(source: dir.file("src.png"), crop: crop, output: dir.file("out.tif"))
        #expect(try Tool.identify("%w %h %z", dir.file("out.tif")) == "33 44 16")
        let got = try Tool.decode(dir.file("out.tif"), channels: "rgb", depth: 16)
        var expected: [Int] = []
        for y in 0..<crop.height {
            for x in 0..<crop.width { for c in 0..<3 { expected.append(Self.sample(x + crop.x, y + crop.y, c)) } }
        }
        #expect(mismatch(got, expected) == nil, "\(mismatch(got, expected) ?? "")")
    }

    /// A 16-bit source into an 8-bit-only format is scaled (v / 257), not clipped to white.
    @Test func sixteenBitToJPEGScalesColours() throws {
        let dir = TempFolder("16to8")
        defer { dir.remove() }
        let w = 32, h = 32
        let samples = [Int](repeating: 0, count: w * h).flatMap { _ in [0x4000, 0x8000, 0xC000] }
        Netpbm.write(dir.file("src.ppm"), width: w, height: h, channels: 3, sixteenBit: true, samples: samples)
        try Tool.run(["convert", dir.file("src.ppm"), dir.file("src.png")])
        for ext in ["jpg", "webp"] {
            let out = dir.file("out.\(ext)")
            try CropExporter.export(source: dir.file("src.png"), crop: PixelRect(x: 0, y: 0, width: w, height: h), output: out)
            let px = try Tool.decode(out)
            let centre = (16 * w + 16) * 3
            #expect(
                abs(px[centre] - 64) <= 3 && abs(px[centre + 1] - 128) <= 3 && abs(px[centre + 2] - 191) <= 3,
                "\(ext): got \(px[centre..<(centre + 3)])")
        }
    }
}
