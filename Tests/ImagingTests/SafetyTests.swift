// Saving safely: never the source, nothing partial, no stray temporaries; huge, truncated and odd inputs refused cleanly.

import CropKit
import Foundation
import Imaging
import Testing
import Wording

@Suite struct SafetyTests {
    static func makeJPEG(_ path: String, size: String = "320x240") throws {
        try Tool.run([
            "convert", "-seed", "2", "-size", size, "plasma:fractal", "-sampling-factor", "2x2,1x1,1x1", "-quality", "85", path,
        ])
    }

    static let crop = PixelRect(x: 16, y: 16, width: 100, height: 80)

    @Test func exportIntoAMissingFolderThrowsAndLeavesNothing() throws {
        let dir = TempFolder("safe-missing")
        defer { dir.remove() }
        try Self.makeJPEG(dir.file("src.jpg"))
        let out = dir.file("nowhere/out.png")
        let error = imagingError { try CropExporter.export(source: dir.file("src.jpg"), crop: Self.crop, output: out) }
        #expect(error?.message.contains("does not exist") == true, "\(error?.message ?? "no error")")
        #expect(!exists(dir.file("nowhere")))
        #expect(dir.entries == ["src.jpg"])
    }

    @Test func theSourceIsNeverTheOutput() throws {
        let dir = TempFolder("safe-source")
        defer { dir.remove() }
        try FileManager.default.createDirectory(atPath: dir.file("sub"), withIntermediateDirectories: true)
        let src = dir.file("src.jpg")
        try Self.makeJPEG(src)
        try FileManager.default.createSymbolicLink(atPath: dir.file("link.jpg"), withDestinationPath: src)
        let before = try #require(bytes(of: src))
        for spelling in [src, dir.file("sub/../src.jpg"), dir.file("./src.jpg"), dir.file("link.jpg")] {
            for options in [ExportOptions(), ExportOptions(lossless: true), ExportOptions(preferLossless: true)] {
                let crop = PixelRect(x: 16, y: 16, width: 100, height: 80)
                let error = imagingError { try CropExporter.export(source: src, crop: crop, output: spelling, options: options) }
                #expect(error?.message.contains("source") == true, "\(spelling): \(error?.message ?? "overwrote the source")")
            }
        }
        #expect(bytes(of: src) == before, "the source's bytes are unchanged")
        #expect(dir.entries == ["link.jpg", "src.jpg", "sub"])
    }

    @Test func overwritingTheSourceNeedsExplicitPermission() throws {
        let dir = TempFolder("safe-overwrite")
        defer { dir.remove() }
        let src = dir.file("src.jpg")
        try Self.makeJPEG(src)
        let result = try CropExporter.export(
            source: src, crop: Self.crop, output: src, options: ExportOptions(allowOverwritingSource: true))
        #expect(result.width == 100 && result.height == 80)
        #expect(try Tool.size(src) == (100, 80))
        #expect(dir.entries == ["src.jpg"])
    }

    /// A failure with an existing output leaves its bytes as they were: before writing (bad geometry) and after
    /// the temporary was written (the rename fails because the target is a folder).
    @Test func aFailedExportLeavesTheExistingOutputAlone() throws {
        let dir = TempFolder("safe-existing")
        defer { dir.remove() }
        let src = dir.file("src.jpg"), out = dir.file("out.jpg")
        try Self.makeJPEG(src)
        try Self.makeJPEG(out, size: "50x50")
        let before = try #require(bytes(of: out))
        let lossless = imagingError {
            try CropExporter.export(
                source: src, crop: PixelRect(x: 3, y: 0, width: 10, height: 10), output: out,
                options: ExportOptions(lossless: true))
        }
        #expect(lossless != nil)
        let outside = imagingError {
            try CropExporter.export(source: src, crop: PixelRect(x: 300, y: 0, width: 100, height: 10), output: out)
        }
        #expect(outside != nil)
        let empty = imagingError {
            try CropExporter.export(source: src, crop: PixelRect(x: 0, y: 0, width: 0, height: 10), output: out)
        }
        #expect(empty != nil)
        #expect(bytes(of: out) == before)
        #expect(dir.strayTemporaries.isEmpty, "\(dir.strayTemporaries)")

        try FileManager.default.createDirectory(atPath: dir.file("taken.png"), withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: dir.file("taken.png/keep"), contents: Data("keep".utf8))
        let renameFails = imagingError { try CropExporter.export(source: src, crop: Self.crop, output: dir.file("taken.png")) }
        #expect(renameFails != nil, "exporting over a folder must fail")
        #expect(bytes(of: dir.file("taken.png/keep")) == Data("keep".utf8))
        #expect(dir.strayTemporaries.isEmpty, "the temporary written before the failed rename is gone: \(dir.strayTemporaries)")
        #expect(dir.entries == ["out.jpg", "src.jpg", "taken.png"])
    }

    @Test func successLeavesOnlyTheOutput() throws {
        let dir = TempFolder("safe-clean")
        defer { dir.remove() }
        let src = dir.file("src.jpg")
        try Self.makeJPEG(src)
        for name in ["a.png", "b.jpg", "c.webp", "d.tif"] {
            try CropExporter.export(source: src, crop: Self.crop, output: dir.file(name))
        }
        try CropExporter.export(source: src, crop: Self.crop, output: dir.file("e.jpg"), options: ExportOptions(lossless: true))
        // Replacing an existing file works and leaves no temporary either.
        try CropExporter.export(source: src, crop: PixelRect(x: 0, y: 0, width: 10, height: 10), output: dir.file("a.png"))
        #expect(try Tool.size(dir.file("a.png")) == (10, 10))
        #expect(dir.entries == ["a.png", "b.jpg", "c.webp", "d.tif", "e.jpg", "src.jpg"])
    }

    /// A relative output path (from the current folder to a temporary one) goes through the same
    /// temporary-and-rename path and lands where it names.
    @Test func relativeOutputPathsWork() throws {
        let dir = TempFolder("safe-relative")
        defer { dir.remove() }
        let src = dir.file("src.jpg")
        try Self.makeJPEG(src)
        let cwd = FileManager.default.currentDirectoryPath
        let up = cwd.split(separator: "/").map { _ in ".." }.joined(separator: "/")
        let relative = up + dir.file("out.png")
        #expect(!relative.hasPrefix("/"))
        try CropExporter.export(source: src, crop: Self.crop, output: relative)
        #expect(PNGBytes.header(dir.file("out.png"))?.width == 100)
        #expect(dir.entries == ["out.png", "src.jpg"])
    }

    /// A PNG whose header claims 100000×100000 (10 gigapixels): refused from the header, quickly, naming the limit.
    @Test func aHugePNGHeaderIsRefusedQuickly() throws {
        let dir = TempFolder("safe-huge")
        defer { dir.remove() }
        var ihdr = PNGBytes.be32(100_000) + PNGBytes.be32(100_000)
        ihdr += [8, 2, 0, 0, 0]
        // A tiny zlib stream (one stored empty block): the picture data is never reached.
        let idat: [UInt8] = [0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x01]
        let png = PNGBytes.signature + PNGBytes.chunk("IHDR", ihdr) + PNGBytes.chunk("IDAT", idat) + PNGBytes.chunk("IEND", [])
        let path = dir.file("huge.png")
        FileManager.default.createFile(atPath: path, contents: Data(png))
        #expect(
            try Tool.text(["exiftool", "-s3", "-n", "-ImageSize", path]) == "100000 100000",
            "exiftool reads the header the same way")

        let clock = ContinuousClock()
        var error: ImagingError?
        let elapsed = clock.measure { error = imagingError { try ImageProbe.probe(path: path) } }
        let message = try #require(error, "a 10-gigapixel PNG was opened").message
        #expect(message.contains("limit"), "message: \(message)")
        #expect(elapsed < .seconds(2), "took \(elapsed)")
        let thumbElapsed = clock.measure {
            #expect(
                imagingError { try DisplayThumbnail.load(path: path, maxWidth: 800, maxHeight: 800) }?.message.contains(
                    "limit") == true)
            #expect(
                imagingError {
                    try CropExporter.export(
                        source: path, crop: PixelRect(x: 0, y: 0, width: 10, height: 10),
                        output: dir.file("out.png"))
                }?.message.contains("limit") == true)
        }
        #expect(thumbElapsed < .seconds(2), "took \(thumbElapsed)")
        #expect(dir.entries == ["huge.png"])
    }

    /// The same for a JPEG whose frame header says 60000×60000 (3.6 gigapixels).
    @Test func aHugeJPEGHeaderIsRefusedQuickly() throws {
        let dir = TempFolder("safe-hugejpeg")
        defer { dir.remove() }
        let path = dir.file("huge.jpg")
        try Tool.run(["convert", "-size", "16x16", "xc:gray", path])
        var b = [UInt8](try #require(bytes(of: path)))
        let sof = try #require((0..<(b.count - 9)).first { b[$0] == 0xFF && (b[$0 + 1] == 0xC0 || b[$0 + 1] == 0xC2) })
        b.replaceSubrange((sof + 5)..<(sof + 9), with: [0xEA, 0x60, 0xEA, 0x60])
        FileManager.default.createFile(atPath: path, contents: Data(b))
        #expect(try Tool.text(["exiftool", "-s3", "-n", "-ImageSize", path]) == "60000 60000")
        let clock = ContinuousClock()
        var error: ImagingError?
        let elapsed = clock.measure { error = imagingError { try ImageProbe.probe(path: path) } }
        #expect(error?.message.contains("limit") == true, "\(error?.message ?? "opened")")
        #expect(elapsed < .seconds(2))
    }

    /// Cut at half, a JPEG and a PNG still have a readable header, but exporting them fails with a message.
    @Test(arguments: ["jpg", "png"]) func truncatedFilesFailWithAClearError(ext: String) throws {
        let dir = TempFolder("safe-trunc-\(ext)")
        defer { dir.remove() }
        let whole = dir.file("whole.\(ext)"), cut = dir.file("cut.\(ext)")
        try Tool.run(["convert", "-seed", "4", "-size", "256x192", "plasma:fractal", whole])
        let data = try #require(bytes(of: whole))
        FileManager.default.createFile(atPath: cut, contents: data.prefix(data.count / 2))
        for out in ["out.png", "out.jpg"] {
            let error = imagingError {
                try CropExporter.export(source: cut, crop: PixelRect(x: 0, y: 0, width: 256, height: 192), output: dir.file(out))
            }
            let message = try #require(error, "a truncated \(ext) exported to \(out)").message
            #expect(message.count > 8, "a message that says something: \(message)")
            #expect(!exists(dir.file(out)))
        }
        if ext == "jpg" {
            let error = imagingError {
                try CropExporter.export(
                    source: cut, crop: PixelRect(x: 0, y: 0, width: 64, height: 64),
                    output: dir.file("ll.jpg"), options: ExportOptions(lossless: true))
            }
            #expect(error != nil, "a lossless cut of a truncated JPEG must fail too")
            #expect(!exists(dir.file("ll.jpg")))
        }
        #expect(imagingError { try DisplayThumbnail.load(path: cut, maxWidth: 100, maxHeight: 100) } != nil)
        #expect(dir.strayTemporaries.isEmpty)
        #expect(dir.entries == ["cut.\(ext)", "whole.\(ext)"])
    }
}
