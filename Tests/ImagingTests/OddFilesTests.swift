// Files other viewers open (OddFiles): repairable damage opens and saves exactly, missing data and odd TIFFs are refused.

import CropKit
import Foundation
import Imaging
import OddFiles
import Testing
import Wording

@Suite struct OddFilesTests {
    /// The middle half of a file's picture (all of a one-pixel one).
    static func middle(_ file: OddFile) -> PixelRect {
        let (w, h) = file.size
        return PixelRect(x: w / 4, y: h / 4, width: max(1, w / 2), height: max(1, h / 2))
    }

    /// jpegtran's lossless cut, the oracle: it warns about the same damage (exit 2) and still writes.
    static func jpegtran(_ source: String, _ crop: PixelRect, into path: String) throws {
        let geometry = "\(crop.width)x\(crop.height)+\(crop.x)+\(crop.y)"
        try Tool.run(
            ["sh", "-c", "jpegtran -crop \(geometry) -copy all \"$1\" > \"$2\"", "sh", source, path], allowFailure: true)
        #expect((bytes(of: path)?.count ?? 0) > 100, "jpegtran wrote nothing for \(source)")
    }

    /// Every file whose damage libjpeg or libpng repairs, or whose layout is odd but valid: it opens
    /// (header and display thumbnail), its crop saved as PNG holds exactly ImageMagick's decode of
    /// that crop, it re-encodes as JPEG, and a JPEG cuts losslessly to jpegtran's pixels.
    @Test func repairableFilesOpenAndSaveExactly() throws {
        let dir = TempFolder("odd-repairable")
        defer { dir.remove() }
        let files = try OddFiles.make(in: dir.path).filter { $0.kind == .recoverable }
        #expect(files.count == 8)
        for file in files {
            let info = try ImageProbe.probe(path: file.path)
            #expect(info.width == file.size.width && info.height == file.size.height, "\(file.name)")
            let shown = try DisplayThumbnail.load(path: file.path, maxWidth: 1000, maxHeight: 1000)
            #expect(shown.pixels.width == file.size.width && shown.pixels.height == file.size.height, "\(file.name)")

            let crop = Self.middle(file), png = dir.file("\(file.name).png")
            let result = try CropExporter.export(source: file.path, crop: crop, output: png)
            #expect(result.leftOut.isEmpty, "\(file.name): \(result.leftOut)")
            #expect(mismatch(try Tool.decode(png), try Tool.decode(file.path, crop: crop)) == nil, "\(file.name)")
            let reencoded = dir.file("\(file.name).reencoded.jpg")
            try CropExporter.export(source: file.path, crop: crop, output: reencoded, options: ExportOptions(quality: 90))
            #expect(try Tool.size(reencoded) == (crop.width, crop.height), "\(file.name)")

            guard info.isJPEG else { continue }
            let grid = PixelRect(x: 16, y: 16, width: 200, height: 120)
            let lossless = dir.file("\(file.name).lossless.jpg"), reference = dir.file("\(file.name).jpegtran.jpg")
            let cut = try CropExporter.export(
                source: file.path, crop: grid, output: lossless, options: ExportOptions(lossless: true))
            try Self.jpegtran(file.path, grid, into: reference)
            #expect(mismatch(try Tool.decode(lossless), try Tool.decode(reference)) == nil, "\(file.name) lossless")
            // The only one with anything to leave out: an EXIF block exiv2 cannot read, copied by the cut.
            #expect(
                cut.leftOut.map(\.what) == (file.name == "broken-exif-offset.jpg" ? ["the EXIF data"] : []),
                "\(file.name): \(cut.leftOut)")
        }
    }

    /// Image data that stops before the picture's end is refused as it was, by the window's decode,
    /// the export and the lossless cut alike, and nothing is left behind. The one with an end
    /// marker appended opened in the window before (its thumbnail decoded grey rows).
    @Test func filesCutShortAreRefusedEverywhere() throws {
        let dir = TempFolder("odd-cut")
        defer { dir.remove() }
        let files = try OddFiles.make(in: dir.path).filter { $0.kind == .cutShort }
        #expect(files.map(\.name).sorted() == ["cut-short-with-end-marker.jpg", "cut-short.jpg"])
        let before = dir.entries
        for file in files {
            let attempts: [(String, () throws -> Any)] = [
                ("thumbnail", { try DisplayThumbnail.load(path: file.path, maxWidth: 400, maxHeight: 400) }),
                (
                    "export",
                    {
                        try CropExporter.export(
                            source: file.path, crop: PixelRect(x: 0, y: 0, width: 64, height: 64),
                            output: dir.file("out.png"))
                    }
                ),
                (
                    "lossless",
                    {
                        try CropExporter.export(
                            source: file.path, crop: PixelRect(x: 0, y: 0, width: 64, height: 64),
                            output: dir.file("out.jpg"), options: ExportOptions(lossless: true))
                    }
                ),
            ]
            for (what, attempt) in attempts {
                let message = imagingError { try attempt() }?.message ?? "accepted"
                #expect(message.contains("incomplete"), "\(file.name) \(what): \(message)")
            }
        }
        #expect(dir.entries == before, "left behind: \(Set(dir.entries).subtracting(before))")
    }

    /// TIFF layouts libvips 8.14 cannot decode are valid files (ImageMagick reads each) and are
    /// refused as not supported, naming the layout, not as damaged.
    @Test func unsupportedTIFFLayoutsAreNamed() throws {
        let dir = TempFolder("odd-tiff")
        defer { dir.remove() }
        let files = try OddFiles.make(in: dir.path).filter { $0.kind == .unsupportedTIFF }
        let layouts = [
            "tiled-planar.tif": "tiled, with separate colour planes", "twelve-bit.tif": "12 bits per sample",
            "old-style-jpeg.tif": "old-style JPEG compression",
        ]
        #expect(Set(files.map(\.name)) == Set(layouts.keys))
        for file in files {
            #expect(try Tool.size(file.path) == file.size, "ImageMagick reads \(file.name)")
            let expected = "this TIFF variant is not supported (\(layouts[file.name] ?? ""))"
            let opening = imagingError { try DisplayThumbnail.load(path: file.path, maxWidth: 400, maxHeight: 400) }
            #expect(opening?.message == expected, "\(file.name): \(opening?.message ?? "opened")")
            let saving = imagingError {
                try CropExporter.export(
                    source: file.path, crop: PixelRect(x: 0, y: 0, width: 8, height: 8),
                    output: dir.file("out.png"))
            }
            #expect(saving?.message == expected, "\(file.name): \(saving?.message ?? "saved")")
        }
    }
}
