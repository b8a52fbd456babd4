// One decode of a picture for several exports: each export from it writes the very bytes the export decoding alone writes.

import CropKit
import Foundation
import Imaging
import OddFiles
import Testing

@Suite struct DecodedPictureTests {
    init() { DecodedPicture.shortcut.keep() }

    /// A 500 × 360 plasma picture as `kind`: `png`, `png16` (16-bit), `tif`, `jpg` with EXIF, or
    /// `turned.jpg` (stored turned a quarter: EXIF orientation 6).
    static func picture(_ kind: String, in dir: TempFolder) throws -> String {
        let path = dir.file("picture." + (kind == "png16" ? "png" : kind == "turned.jpg" ? "jpg" : kind))
        try Tool.run([
            "convert", "-seed", "5", "-size", "500x360", "plasma:fractal", "-depth", kind == "png16" ? "16" : "8", path,
        ])
        if kind.hasSuffix("jpg") {
            try Tool.run([
                "exiftool", "-q", "-overwrite_original", "-Artist=A test", "-Orientation#=\(kind == "jpg" ? 1 : 6)", path,
            ])
        }
        return path
    }

    /// Crops that decode the whole picture: straightened, turned and straightened, scaled, in a circle.
    static let crops: [(PixelRect, ExportOptions)] = [
        (PixelRect(x: 40, y: 30, width: 200, height: 150), ExportOptions(quality: 90, straighten: StraightenAngle(degrees: 4.5))),
        (
            PixelRect(x: 20, y: 60, width: 180, height: 220),
            ExportOptions(quality: 85, transform: .left, straighten: StraightenAngle(degrees: -3))
        ),
        (PixelRect(x: 100, y: 50, width: 240, height: 200), ExportOptions(outputSize: .longerSide(100), straighten: .zero)),
        (
            PixelRect(x: 150, y: 80, width: 160, height: 160),
            ExportOptions(shape: .circle, straighten: StraightenAngle(degrees: 2))
        ),
    ]

    @Test(arguments: ["png", "png16", "tif", "jpg", "turned.jpg"])
    func exportsFromOneDecodeAreTheExportsAlone(kind: String) throws {
        let dir = TempFolder("decoded-\(kind)")
        defer { dir.remove() }
        let path = try Self.picture(kind, in: dir)
        let info = try ImageProbe.probe(path: path)
        #expect(DecodedPicture.pays(info, crops: Self.crops.map(\.1)))
        let decoded = try #require(DecodedPicture.decode(info))
        // A PNG's pixels come from libspng's rows, and are libvips' own (its load makes the exports alone).
        #expect(DecodedPicture.shortcut.count(path) == (kind.hasPrefix("png") ? 1 : 0))
        for (index, (crop, options)) in Self.crops.enumerated() {
            let format = options.shape == .circle ? "png" : "jpg"
            let alone = dir.file("alone-\(index).\(format)"), shared = dir.file("shared-\(index).\(format)")
            let first = try CropExporter.export(info, crop: crop, output: alone, options: options)
            let second = try CropExporter.export(info, crop: crop, output: shared, options: options, decoded: decoded)
            #expect(second.width == first.width && second.height == first.height && second.leftOut == first.leftOut)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: shared))
            #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: alone))), "\(kind) crop \(index)")
        }
    }

    /// A scan of three prints on a near-white lid as `kind`: an 8-bit, 16-bit, interlaced or
    /// transparent PNG, or one whose EXIF says it is stored turned a quarter.
    static func scan(_ kind: String, in dir: TempFolder) throws -> String {
        let path = dir.file("scan-\(kind).png")
        let settings: [String: [String]] = [
            "png16": ["-depth", "16"], "interlaced": ["-interlace", "PNG"], "alpha": ["-alpha", "set"],
        ]
        try Tools.printScan(path, settings: settings[kind] ?? [])
        if kind == "turned" { try Tool.run(["exiftool", "-q", "-overwrite_original", "-Orientation#=6", path]) }
        return path
    }

    @Test(arguments: ["png", "png16", "interlaced", "alpha", "turned"])
    func findPhotosOnTheDecodedScanFindsWhatItFindsOnTheFile(kind: String) throws {
        let dir = TempFolder("decoded-find-\(kind)")
        defer { dir.remove() }
        let path = try Self.scan(kind, in: dir)
        let info = try ImageProbe.probe(path: path)
        let decoded = try #require(DecodedPicture.decode(info))
        let prints = try #require(try PhotoSuggestions.findPhotos(in: decoded, info))
        #expect(prints == (try PhotoSuggestions.findPhotos(path: path)))
        #expect(prints.count == 3)
        // Interlaced rows come pass by pass: libvips' own load decodes those.
        #expect(DecodedPicture.shortcut.count(path) == (kind == "interlaced" ? 0 : 1))
        // Not a PNG, or another file's pixels: not found there (the file's own thumbnail is the finder's).
        let jpeg = try ImageProbe.probe(path: try Self.picture("jpg", in: dir))
        #expect(try PhotoSuggestions.findPhotos(in: decoded, jpeg) == nil)
        #expect(try PhotoSuggestions.findPhotos(in: try #require(DecodedPicture.decode(jpeg)), jpeg) == nil)
    }

    @Test func aJPEGsPlainCropsDecodeAloneAndABrokenPictureIsNotDecoded() throws {
        let dir = TempFolder("decoded-refusals")
        defer { dir.remove() }
        let jpeg = try ImageProbe.probe(path: try Self.picture("jpg", in: dir))
        let plain = [ExportOptions(), ExportOptions(transform: .right)]
        #expect(!DecodedPicture.pays(jpeg, crops: plain))
        #expect(!DecodedPicture.pays(jpeg, crops: [ExportOptions(straighten: StraightenAngle(degrees: 1))] + plain))
        #expect(
            DecodedPicture.pays(
                jpeg,
                crops: [
                    ExportOptions(straighten: StraightenAngle(degrees: 1)),
                    ExportOptions(straighten: StraightenAngle(degrees: -1)),
                ]))
        // A PNG damaged two thirds of the way down: no decoded picture, so each export decodes what it needs
        // itself, as it would alone: a crop above the damage is made, one across it is refused.
        let png = try Self.picture("png", in: dir)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: png)))
        for index in (bytes.count * 2 / 3)..<(bytes.count * 2 / 3 + 64) { bytes[index] ^= 0x5A }
        try Data(bytes).write(to: URL(fileURLWithPath: png))
        let info = try ImageProbe.probe(path: png)
        #expect(DecodedPicture.decode(info) == nil)
        let above = try CropExporter.export(info, crop: Self.crops[0].0, output: dir.file("above.jpg"), options: Self.crops[0].1)
        #expect(above.width == 200 && above.height == 150)
        #expect(throws: ImagingError.self) {
            try CropExporter.export(
                info, crop: PixelRect(x: 0, y: 200, width: 500, height: 160), output: dir.file("across.jpg"),
                options: Self.crops[0].1)
        }
    }
}
