// A picture handed to the decoder as sealed bytes decodes and exports exactly as the same file does.

import CropKit
import Decoding
import Foundation
import Glibc
import Imaging
import OddFiles
import Testing

@Suite struct SealedBytesSourceTests {
    private func picture(_ format: String, in scratch: Scratch) throws -> String {
        let png = scratch.file("source.png")
        try Tools.run(["convert", "-seed", "11", "-size", "160x120", "plasma:fractal", png])
        let path = scratch.file("picture.\(format)")
        try Tools.run(["vips", "copy", png, path])
        return path
    }

    @Test(arguments: ["jpg", "png", "webp", "tif"])
    func bytesDecodeAndExportAsTheFileDoes(_ format: String) throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let path = try picture(format, in: scratch)
        let bytes = try SealedBytes([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), name: "Pasted Image")
        let source = DecoderSource.bytes(bytes)
        let fromBytes = try DecoderPool.shared.probe(source)
        let fromFile = try DecoderPool.shared.probe(path: path)
        #expect(fromBytes.path == "Pasted Image")
        #expect(fromBytes == fromFile.named("Pasted Image"))
        let shownBytes = try DecoderPool.shared.displayThumbnail(source, maxWidth: 100, maxHeight: 100)
        let shownFile = try DecoderPool.shared.displayThumbnail(path: path, maxWidth: 100, maxHeight: 100)
        #expect(shownBytes.pixels.bytes == shownFile.pixels.bytes)
        let crop = PixelRect(x: 10, y: 20, width: 90, height: 70)
        _ = try DecoderPool.shared.export(fromFile, crop: crop, output: scratch.file("file.png"))
        _ = try DecoderPool.shared.export(fromBytes, from: source, crop: crop, output: scratch.file("bytes.png"))
        let fileResult = try Data(contentsOf: URL(fileURLWithPath: scratch.file("file.png")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.file("bytes.png"))) == fileResult)
        let (encoded, mapping) = try DecoderPool.shared.encodedExport(fromBytes, from: source, crop: crop, format: .png)
        #expect(encoded.width == 90 && encoded.height == 70)
        #expect(mapping.withUnsafeBytes { Data($0) } == fileResult)
        let region = try DecoderPool.shared.renderRegion(
            fromBytes, from: source, region: CropRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5), scale: 0.5)
        let fileRegion = try DecoderPool.shared.renderRegion(
            fromFile, region: CropRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5), scale: 0.5)
        #expect(region.pixels.bytes == fileRegion.pixels.bytes)
        let target = SmartCropTarget.ratio(1)
        #expect(
            try DecoderPool.shared.smartCrop(source, transform: .up, target: target)
                == DecoderPool.shared.smartCrop(path: path, transform: .up, target: target))
    }

    @Test func standardInputsBytesAreReadWholeAndSealed() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let path = try picture("png", in: scratch)
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let file = open(path, O_RDONLY)
        defer { close(file) }
        let bytes = try SealedBytes.reading(from: file, name: "standard input")
        #expect(bytes.count == original.count)
        #expect(bytes.mapped()?.withUnsafeBytes { [UInt8]($0) } == original)
        let info = try DecoderPool.shared.probe(.bytes(bytes))
        #expect(info.width == 160 && info.height == 120)
    }

    @Test func bytesPastTheLimitAreRefusedAndNoneIsEmpty() throws {
        var pipeEnds: [Int32] = [-1, -1]
        #expect(pipe(&pipeEnds) == 0)
        let chunk = [UInt8](repeating: 7, count: 4096)
        // 12 KiB through a pipe (it holds 64 KiB, so no writer thread is needed) against a limit of 10 KiB.
        for _ in 0..<3 { _ = chunk.withUnsafeBytes { write(pipeEnds[1], $0.baseAddress, $0.count) } }
        close(pipeEnds[1])
        #expect(throws: ImagingError.unreadable(.overLimit(bytes: 10 * 1024))) {
            try SealedBytes.reading(from: pipeEnds[0], name: "standard input", limit: 10 * 1024)
        }
        close(pipeEnds[0])
        #expect(throws: ImagingError.unreadable(.empty)) { try SealedBytes([], name: "nothing") }
        #expect(throws: ImagingError.unsupported(.notAnImage)) {
            try DecoderPool.shared.probe(.bytes(try SealedBytes(Array("not a picture".utf8), name: "text")))
        }
    }
}
