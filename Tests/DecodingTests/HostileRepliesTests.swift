// Every number a decoder answers is checked on receipt: 2^62 is a protocol error, never a crash or an allocation.

import CropKit
import Decoding
import Foundation
import Glibc
import ImagingCore
import OddFiles
import Testing

@Suite(.serialized) struct HostileRepliesTests {
    @Test func sizesOf2To62AreRefusedOnReceipt() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        // A picture with a plain border (Trim finds its content) and a sidecar keeping a crop.
        let image = scratch.file("p.png")
        try Tools.run(["convert", "-size", "120x80", "xc:white", "-fill", "blue", "-draw", "rectangle 30,20 90,60", image])
        let honest = DecoderPool(size: 1)
        let info = try honest.probe(path: image)
        try honest.writeSidecar(StoredCrop(rect: CropRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)), for: image)
        let memfds = memfdCount()
        let hostile = DecoderPool(size: 1, decoderEnvironment: HostileDecoder.hugeSizes.environment)
        let source = DecoderSource.file(image)
        let crop = PixelRect(x: 10, y: 10, width: 40, height: 30)
        #expect(throws: ImagingError.decoderStopped) { try hostile.probe(source) }
        #expect(throws: ImagingError.decoderStopped) { try hostile.displayThumbnail(source, maxWidth: 64, maxHeight: 64) }
        #expect(throws: ImagingError.decoderStopped) { try hostile.storedCrop(source) }
        #expect(throws: ImagingError.decoderStopped) {
            try hostile.smartCrop(source, transform: .up, target: .size(PixelSize(width: 40, height: 40)))
        }
        #expect(throws: ImagingError.decoderStopped) { try hostile.trimBorders(info, from: source) }
        #expect(throws: ImagingError.decoderStopped) { try hostile.renderRegion(info, region: .unit, scale: 0.5) }
        let whole = Rectification(
            quad: PerspectiveQuad(wholePictureOf: PixelSize(width: 120, height: 80)), size: PixelSize(width: 120, height: 80))
        #expect(throws: ImagingError.decoderStopped) {
            try hostile.renderRectified(info, transform: .up, rectification: whole, region: .unit, width: 60, height: 40)
        }
        #expect(throws: ImagingError.decoderStopped) {
            try hostile.export(info, crop: crop, output: scratch.file("out.png"))
        }
        #expect(throws: ImagingError.decoderStopped) {
            try hostile.encodedExport(info, from: source, crop: crop, format: .png)
        }
        let frames = ["one.png", "two.png"].map { DecoderPool.FrameExport(crop: crop, output: scratch.file($0)) }
        for result in hostile.export(info, from: source, frames: frames) {
            #expect(throws: ImagingError.decoderStopped) { try result.get() }
        }
        // Nothing written, nothing kept open, and an honest decoder does the same jobs.
        #expect(!FileManager.default.fileExists(atPath: scratch.file("out.png")))
        #expect(!FileManager.default.fileExists(atPath: scratch.file("one.png")))
        #expect(memfdCount(settlingTo: memfds) <= memfds)
        #expect(try honest.trimBorders(info, from: source) == .crop(PixelRect(x: 30, y: 20, width: 61, height: 41)))
    }
}
