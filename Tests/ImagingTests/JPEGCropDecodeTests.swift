// The re-encoded export's crop decoded alone: libvips' pixels for every JPEG layout, and the bytes libvips' load makes.

import CropKit
import Foundation
import Imaging
import OddFiles
import Testing

@Suite(.serialized) struct JPEGCropDecodeTests {
    init() { JPEGCropDecode.shortcut.keep() }

    /// How many crops of `path` were decoded alone so far.
    static func alone(_ path: String) -> Int { JPEGCropDecode.shortcut.count(path) }

    /// One JPEG layout, made by libjpeg's own cjpeg from a noisy texture (every pixel's chroma differs from
    /// its neighbours', so a chroma sample upsampled from the wrong neighbour shows).
    struct Kind: Sendable, CustomStringConvertible {
        let name: String
        let cjpeg: [String]
        var grey = false
        var description: String { name }
    }

    static let kinds: [Kind] = [
        Kind(name: "4:4:4", cjpeg: ["-sample", "1x1"]),
        Kind(name: "4:2:2", cjpeg: ["-sample", "2x1"]),
        Kind(name: "4:2:0", cjpeg: ["-sample", "2x2"]),
        Kind(name: "4:1:1", cjpeg: ["-sample", "4x1"]),
        Kind(name: "4:4:0", cjpeg: ["-sample", "1x2"]),
        Kind(name: "grey", cjpeg: ["-grayscale"], grey: true),
        Kind(name: "progressive 4:2:0", cjpeg: ["-sample", "2x2", "-progressive"]),
        Kind(name: "restart markers 4:2:2", cjpeg: ["-sample", "2x1", "-restart", "1"]),
        Kind(name: "arithmetic coding 4:2:0", cjpeg: ["-sample", "2x2", "-arithmetic"]),
        Kind(name: "progressive arithmetic 4:4:4", cjpeg: ["-sample", "1x1", "-progressive", "-arithmetic"]),
        Kind(name: "optimized tables 4:1:1", cjpeg: ["-sample", "4x1", "-optimize"]),
    ]

    /// A `width`×`height` JPEG of `kind` at `path`.
    static func make(_ kind: Kind, _ path: String, width: Int, height: Int, seed: UInt64 = 7) throws {
        let ppm = path + ".ppm"
        Netpbm.write(
            ppm, width: width, height: height, channels: 3, sixteenBit: false,
            samples: Texture.samples(width: width, height: height, seed: seed))
        defer { try? FileManager.default.removeItem(atPath: ppm) }
        try Tool.run(["cjpeg", "-quality", "90"] + kind.cjpeg + ["-outfile", path, ppm])
    }

    /// Crops of a `w`×`h` picture that reach every edge and corner, cross iMCU boundaries at odd offsets,
    /// and are as small as one pixel and as large as the picture.
    static func crops(_ w: Int, _ h: Int) -> [PixelRect] {
        [
            PixelRect(x: 0, y: 0, width: w, height: h),
            PixelRect(x: 0, y: 0, width: 37, height: 29),
            PixelRect(x: w - 41, y: h - 23, width: 41, height: 23),
            PixelRect(x: w / 4 + 3, y: h / 4 + 5, width: w / 2, height: h / 2),
            PixelRect(x: 0, y: h / 3 + 1, width: w, height: h / 5),
            PixelRect(x: w / 2 + 1, y: h / 2 + 3, width: 1, height: 1),
            PixelRect(x: w - 1, y: 0, width: 1, height: h),
            PixelRect(x: 15, y: 17, width: 18, height: 2),
            PixelRect(x: 16, y: 32, width: 16, height: 16),
            PixelRect(x: 31, y: 33, width: 50, height: 40),
            PixelRect(x: 0, y: h - 1, width: w, height: 1),
        ]
    }

    /// What one export made: the result's bytes, or the line it was refused with.
    static func outcome(
        _ source: String, _ crop: PixelRect, _ output: String, options: ExportOptions = ExportOptions(quality: 90),
        alone: Bool
    ) -> String {
        JPEGCropDecode.shortcut.takeLibvipsWay(source, !alone)
        defer { JPEGCropDecode.shortcut.takeLibvipsWay(source, false) }
        try? FileManager.default.removeItem(atPath: output)
        do {
            try CropExporter.export(source: source, crop: crop, output: output, options: options)
            return "wrote \(bytes(of: output)?.base64EncodedString() ?? "nothing")"
        } catch {
            return "refused: \(error.message)"
        }
    }

    /// Every layout, every crop: the PNG of the crop holds exactly the pixels of libvips' whole decode cut
    /// there (`vips crop`), and the crop was decoded alone. At 333×251 no side is a whole number of iMCUs;
    /// at 1000×760 the skip passes many iMCU rows.
    @Test(arguments: kinds) func everyLayoutGivesLibvipsPixels(kind: Kind) throws {
        let dir = TempFolder("crop-alone")
        defer { dir.remove() }
        for (w, h) in [(333, 251), (1000, 760)] {
            let source = dir.file("src-\(w).jpg")
            try Self.make(kind, source, width: w, height: h)
            for crop in Self.crops(w, h) {
                let out = dir.file("out.png"), reference = dir.file("ref.png")
                let before = Self.alone(source)
                try CropExporter.export(source: source, crop: crop, output: out)
                #expect(Self.alone(source) == before + 1, "\(kind) \(crop): not decoded alone")
                try Tool.run(["vips", "crop", source, reference, "\(crop.x)", "\(crop.y)", "\(crop.width)", "\(crop.height)"])
                let channels = kind.grey ? "gray" : "rgb"
                let mine = try Tool.decode(out, channels: channels), libvips = try Tool.decode(reference, channels: channels)
                #expect(mine.count == crop.width * crop.height * (kind.grey ? 1 : 3), "\(kind) \(crop)")
                #expect(mismatch(mine, libvips) == nil, "\(kind) \(w)×\(h) \(crop): \(mismatch(mine, libvips) ?? "")")
            }
        }
    }

    /// Re-encoded as JPEG, the result is byte for byte the one libvips' load makes: the same pixels
    /// and the same metadata (camera EXIF with GPS and a thumbnail, an ICC profile, XMP).
    @Test func resultsAreTheBytesOfLibvipsLoad() throws {
        let dir = TempFolder("crop-alone-bytes")
        defer { dir.remove() }
        let source = dir.file("src.jpg"), out = dir.file("out.jpg")
        try Self.make(Self.kinds[2], source, width: 640, height: 480)
        try Tool.run([
            "exiftool", "-q", "-overwrite_original", "-Make=Bench", "-Model=Generated", "-GPSLatitude=48.8584",
            "-GPSLatitudeRef=N", "-XMP-dc:Title=A crop", "-Orientation#=1", source,
        ])
        let icc = dir.file("icc.jpg")
        try Tool.run(["vips", "icc_transform", source, icc + "[Q=90]", "srgb"])
        for file in [source, icc] {
            for crop in [PixelRect(x: 100, y: 90, width: 320, height: 240), PixelRect(x: 0, y: 0, width: 640, height: 1)] {
                let before = Self.alone(file)
                let alone = Self.outcome(file, crop, out, alone: true)
                #expect(Self.alone(file) == before + 1)
                #expect(alone == Self.outcome(file, crop, out, alone: false), "\(file) \(crop)")
                #expect(alone.hasPrefix("wrote"), "\(alone.prefix(200))")
            }
        }
    }

    /// Every EXIF orientation under every turn of the user's: the crop as shown maps to its own
    /// rectangle of the stored grid, and the result is the bytes libvips' load makes.
    @Test func everyOrientationAndTurnMapsTheCrop() throws {
        let dir = TempFolder("crop-alone-turns")
        defer { dir.remove() }
        let plain = dir.file("plain.jpg"), out = dir.file("out.jpg")
        try Self.make(Self.kinds[2], plain, width: 200, height: 136)
        for exif in ImageOrientation.allCases {
            let source = dir.file("o\(exif.rawValue).jpg")
            FileManager.default.createFile(
                atPath: source, contents: JPEGBytes.withOrientation(try #require(bytes(of: plain)), exif.rawValue))
            for turn in ImageOrientation.allCases {
                let shown = exif.followed(by: turn).displayedSize(storedWidth: 200, storedHeight: 136)
                let crop = PixelRect(
                    x: shown.width / 5 + 1, y: shown.height / 7 + 2, width: shown.width / 2, height: shown.height / 3)
                let options = ExportOptions(quality: 90, transform: turn)
                let before = Self.alone(source)
                let alone = Self.outcome(source, crop, out, options: options, alone: true)
                #expect(Self.alone(source) == before + 1, "\(exif) then \(turn)")
                #expect(alone == Self.outcome(source, crop, out, options: options, alone: false), "\(exif) then \(turn)")
            }
        }
    }

    /// What follows the decode is today's: other formats, a circle, an output size, the metadata left out.
    @Test func everyOutputIsTheOneOfLibvipsLoad() throws {
        let dir = TempFolder("crop-alone-outputs")
        defer { dir.remove() }
        let source = dir.file("src.jpg")
        try Self.make(Self.kinds[1], source, width: 480, height: 320)
        let crop = PixelRect(x: 33, y: 47, width: 300, height: 200)
        let requests: [(String, ExportOptions)] = [
            ("out.png", ExportOptions()), ("out.webp", ExportOptions(quality: 80)), ("out.jpg", ExportOptions(quality: 75)),
            ("circle.png", ExportOptions(shape: .circle)),
            ("small.jpg", ExportOptions(quality: 90, outputSize: .longerSide(120))),
            ("bare.jpg", ExportOptions(quality: 90, strip: .all)),
        ]
        for (name, options) in requests {
            let before = Self.alone(source)
            let alone = Self.outcome(source, crop, dir.file(name), options: options, alone: true)
            #expect(Self.alone(source) == before + 1, "\(name)")
            #expect(alone == Self.outcome(source, crop, dir.file(name), options: options, alone: false), "\(name)")
        }
    }
}
