// Every format the app opens decodes in the confined process exactly as it does in this one, and exports the same bytes.

import CropKit
import Decoding
import Foundation
import Imaging
import OddFiles
import Testing

@Suite struct FormatsThroughDecoderTests {
    static let formats = ["jpg", "png", "webp", "tif", "gif", "heic", "avif"]

    private func make(_ format: String, in scratch: Scratch) throws -> String {
        let png = scratch.file("source.png")
        if !FileManager.default.fileExists(atPath: png) {
            try Tools.run(["convert", "-seed", "7", "-size", "320x240", "plasma:fractal", png])
        }
        let path = scratch.file("picture.\(format)")
        try Tools.run(["vips", "copy", png, path])
        return path
    }

    @Test(arguments: formats)
    func theThumbnailIsTheOneDecodedHere(_ format: String) throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let path = try make(format, in: scratch)
        let confined = try DecoderPool.shared.displayThumbnail(path: path, maxWidth: 200, maxHeight: 200)
        let here = try DisplayThumbnail.load(path: path, maxWidth: 200, maxHeight: 200)
        #expect(confined.info == here.info)
        #expect(confined.pixels.width == here.pixels.width && confined.pixels.height == here.pixels.height)
        #expect(confined.pixels.bytes == here.pixels.bytes)
        #expect(confined.losslessGrid == LosslessJPEG.grid(info: here.info))
    }

    @Test(arguments: formats)
    func theExportIsTheOneMadeHere(_ format: String) throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let path = try make(format, in: scratch)
        let crop = PixelRect(x: 16, y: 16, width: 200, height: 120)
        let info = try DecoderPool.shared.probe(path: path)
        #expect(info == (try ImageProbe.probe(path: path)))
        let confined = try DecoderPool.shared.export(info, crop: crop, output: scratch.file("confined.png"))
        let here = try CropExporter.export(source: path, crop: crop, output: scratch.file("here.png"))
        #expect(confined.outputPath == scratch.file("confined.png"))
        #expect(confined.width == here.width && confined.height == here.height && confined.leftOut == here.leftOut)
        let confinedBytes = try Data(contentsOf: URL(fileURLWithPath: scratch.file("confined.png")))
        #expect(confinedBytes == (try Data(contentsOf: URL(fileURLWithPath: scratch.file("here.png")))))
        #expect(!scratch.entries.contains { $0.hasPrefix(".") })
    }

    @Test func aLosslessJPEGCutAndTheLevelSuggestionComeBackToo() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let path = try make("jpg", in: scratch)
        let info = try DecoderPool.shared.probe(path: path)
        let options = ExportOptions(lossless: true)
        let crop = PixelRect(x: 16, y: 16, width: 64, height: 64)
        let confined = try DecoderPool.shared.export(info, crop: crop, output: scratch.file("confined.jpg"), options: options)
        _ = try CropExporter.export(source: path, crop: crop, output: scratch.file("here.jpg"), options: options)
        #expect(confined.lossless)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: scratch.file("confined.jpg")))
                == Data(contentsOf: URL(fileURLWithPath: scratch.file("here.jpg"))))
        #expect(try DecoderPool.shared.levelSuggestion(path: path) == LevelSuggestion.suggest(path: path))
    }

    @Test func aBrokenFileIsWordedAsBefore() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let path = scratch.file("cut.jpg")
        let whole = try Data(contentsOf: URL(fileURLWithPath: try make("jpg", in: scratch)))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))
        #expect(throws: ImagingError.incomplete(.fileCutShort)) { try DecoderPool.shared.probe(path: path) }
        #expect(throws: ImagingError.unreadable(.missing)) { try DecoderPool.shared.probe(path: scratch.file("none.jpg")) }
    }
}
