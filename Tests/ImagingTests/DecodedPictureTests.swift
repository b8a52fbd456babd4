// One decode of a picture for several exports: each export from it writes the very bytes the export decoding alone writes.

import CropKit
import Foundation
import Imaging
import Testing

@Suite struct DecodedPictureTests {
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
