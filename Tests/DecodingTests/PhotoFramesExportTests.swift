// A scan's prints exported in one decoder job (the scan decoded once) are byte for byte what exporting each alone writes.

import CropKit
import Decoding
import Foundation
import Imaging
import ImagingCore
import OddFiles
import Testing

@Suite struct PhotoFramesExportTests {
    /// `Tools.printScan` as `format` (`png`, `jpg` with a camera's EXIF, `tif`, or a 16-bit `png`,
    /// named `png16`).
    static func scan(_ format: String, in scratch: Scratch) throws -> String {
        let sixteen = format == "png16"
        let path = scratch.file("scan." + (sixteen ? "png" : format))
        try Tools.printScan(path, settings: ["-depth", sixteen ? "16" : "8"])
        if format == "jpg" {
            try Tools.run(["exiftool", "-q", "-overwrite_original", "-Make=Scanner", "-Artist=A test", path])
        }
        return path
    }

    /// What `--crop=photos` makes of the prints found on `scan`, on the picture as shown after
    /// `transform`: each print's cut, straightened by its own tilt, written to PREFIX-N.jpg. Found
    /// as the command line finds them, the decoder keeping the scan (a PNG's) for the exports next;
    /// they are the prints found on the file's own thumbnail.
    static func frames(
        _ scan: String, info: ImageInfo, transform: ImageOrientation, prefix: String, pool: DecoderPool = .shared
    ) throws -> [DecoderPool.FrameExport] {
        let onThumbnail = try pool.findPhotos(.file(scan), info: info)
        let prints = try pool.findPhotos(.file(scan), info: info, keepsPicture: true)
        #expect(prints == onThumbnail)
        #expect(prints.count == 3)
        let upright = PixelSize(width: info.width, height: info.height)
        let shown = transform.displayedSize(storedWidth: info.width, storedHeight: info.height)
        return prints.enumerated().compactMap { index, found in
            let print = found.mapped(by: transform, pictureSize: upright)
            guard let cut = print.cut(pictureWidth: shown.width, pictureHeight: shown.height) else { return nil }
            let options = ExportOptions(quality: 90, transform: transform, straighten: print.straighten)
            return DecoderPool.FrameExport(crop: cut, output: "\(prefix)-\(index + 1).jpg", options: options)
        }
    }

    @Test(arguments: [
        ("png", ImageOrientation.up), ("jpg", .up), ("tif", .up), ("png16", .up), ("png", .right), ("jpg", .upMirrored),
    ])
    func oneDecodeWritesWhatEachExportAloneWrites(format: String, transform: ImageOrientation) throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let scan = try Self.scan(format, in: scratch)
        let info = try DecoderPool.shared.probe(path: scan)
        let frames = try Self.frames(scan, info: info, transform: transform, prefix: scratch.file("together"))
        #expect(frames.count == 3)
        let together = DecoderPool.shared.export(info, from: .file(scan), frames: frames)
        for (frame, result) in zip(frames, together) {
            let alone = frame.output.replacingOccurrences(of: "together", with: "alone")
            let single = try DecoderPool.shared.export(
                info, from: .file(scan), crop: frame.crop, output: alone, options: frame.options)
            let made = try result.get()
            #expect(
                made
                    == ExportResult(
                        outputPath: frame.output, width: single.width, height: single.height, lossless: single.lossless,
                        leftOut: single.leftOut))
            // The same bytes: the same pixels and the same metadata.
            let written = try Data(contentsOf: URL(fileURLWithPath: frame.output))
            #expect(written == (try Data(contentsOf: URL(fileURLWithPath: alone))), "\(format) \(frame.output)")
        }
        if format == "jpg" {
            #expect(try exiftool(["Make", "Artist"], frames[0].output) == ["Scanner", "A test"])
        }
    }

    /// As the command line runs it (one decoder for the file): the scan decoded whole once, to find
    /// the prints and to cut them out; with no picture kept (a test's job came between), the exports
    /// decode it once more.
    @Test func aScanIsDecodedOnceToFindItsPrintsAndExportThem() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let scan = try Self.scan("png", in: scratch)
        let pool = DecoderPool(size: 1, decoderEnvironment: ["CROP_EDITOR_DECODER_TEST_REQUESTS": "1"])
        pool.decodesOneFile = true
        defer { pool.shutdown() }
        let info = try pool.probe(path: scan)
        let frames = try Self.frames(scan, info: info, transform: .up, prefix: scratch.file("out"), pool: pool)
        #expect(pool.export(info, from: .file(scan), frames: frames).allSatisfy { (try? $0.get()) != nil })
        let once = try pool.tryEscaping(.countWholeDecodes, on: .file(scan))
        #expect(once == "1")
        let again = frames.map { frame in
            var other = frame
            other.output = frame.output.replacingOccurrences(of: "out-", with: "again-")
            return other
        }
        #expect(pool.export(info, from: .file(scan), frames: again).allSatisfy { (try? $0.get()) != nil })
        let twice = try pool.tryEscaping(.countWholeDecodes, on: .file(scan))
        #expect(twice == "2")
        // The one decode of the first count was Find Photos' own.
        #expect(try pool.findPhotos(.file(scan), info: info, keepsPicture: true).count == 3)
        let thrice = try pool.tryEscaping(.countWholeDecodes, on: .file(scan))
        #expect(thrice == "3")
    }

    /// The picture decoded whole takes at most a quarter of what a decoder may reserve: a 600-dpi A4
    /// scan fits many times over, even as 16-bit RGBA; the largest the pixel limit lets through, as
    /// 8-bit RGBA, does not (its crops each decode it, as before).
    @Test func theDecodedPictureLeavesTheDecoderMostOfItsAddressSpace() {
        #expect(UInt64(DecodedPicture.memoryBudget) * 4 == DecoderLimits.addressSpace)
        #expect(4960 * 7016 * 8 * 4 < DecodedPicture.memoryBudget)
        #expect(SupportedImages.pixelLimit * 4 > DecodedPicture.memoryBudget)
    }

    @Test func aFrameThatFailsLeavesTheOthersWritten() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let scan = try Self.scan("png", in: scratch)
        let info = try DecoderPool.shared.probe(path: scan)
        var frames = try Self.frames(scan, info: info, transform: .up, prefix: scratch.file("out"))
        var outside = frames[0]
        outside.crop = PixelRect(x: 600, y: 500, width: 300, height: 300)
        outside.output = scratch.file("outside.jpg")
        var nowhere = frames[1]
        nowhere.output = scratch.file("missing/nowhere.jpg")
        frames.insert(outside, at: 1)
        frames.append(nowhere)
        let results = DecoderPool.shared.export(info, from: .file(scan), frames: frames)
        #expect(results.count == 5)
        for index in [0, 2, 3] {
            #expect((try? results[index].get())?.outputPath == frames[index].output)
            #expect(FileManager.default.fileExists(atPath: frames[index].output))
        }
        #expect(throws: ImagingError.self) { try results[1].get() }
        #expect(throws: ImagingError.writeFailed(.folderMissing(scratch.file("missing")))) { try results[4].get() }
        #expect(!FileManager.default.fileExists(atPath: frames[1].output))
        // Nothing else in the folder: no temporary left, nothing written under another name.
        #expect(scratch.entries == ["out-1.jpg", "out-2.jpg", "out-3.jpg", "scan.png"])
    }
}
