// Keep Crop's sidecar and a zoomed view's region through the decoder: the same crop read back, the same pixels.

import CropKit
import Decoding
import Foundation
import Imaging
import OddFiles
import Testing

@Suite struct SidecarAndRegionThroughDecoderTests {
    private func photo(_ scratch: Scratch) throws -> String { try scratch.plasma("photo.jpg", width: 400, height: 300) }

    @Test func aSidecarWrittenThroughTheDecoderReadsBackHereAndThere() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let image = try photo(scratch)
        let crop = StoredCrop(rect: CropRect(x: 0.1, y: 0.2, width: 0.5, height: 0.4), shape: .circle, outputSize: 256)
        #expect(try DecoderPool.shared.writeSidecar(crop, for: image) == nil)
        let here = try #require(try Sidecar.read(for: image))
        let there = try #require(try DecoderPool.shared.storedCrop(path: image))
        #expect(here.source == .sidecar(image + ".xmp") && there.source == here.source)
        #expect(there.crop == here.crop && here.crop.shape == .circle && here.crop.outputSize == 256)
        #expect(abs(here.crop.rect.x - 0.1) < 1e-5 && abs(here.crop.rect.width - 0.5) < 1e-5)
        // Written again over the first: the old tags stay, the crop is the new one.
        let second = StoredCrop(rect: CropRect(x: 0, y: 0, width: 1, height: 0.5))
        #expect(try DecoderPool.shared.writeSidecar(second, for: image) == nil)
        #expect(try Sidecar.read(for: image)?.crop.rect.height == 0.5)
        #expect(scratch.entries == ["photo.jpg", "photo.jpg.xmp"])
    }

    @Test func anUnreadableSidecarIsSetAsideByTheEditor() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let image = try photo(scratch)
        let junk = Data("not xmp at all \u{0}\u{1}".utf8)
        try junk.write(to: URL(fileURLWithPath: image + ".xmp"))
        #expect(throws: ImagingError.sidecar(.unreadable(name: "photo.jpg.xmp"))) {
            try DecoderPool.shared.storedCrop(path: image)
        }
        let backup = try DecoderPool.shared.writeSidecar(StoredCrop(rect: .unit), for: image)
        #expect(backup == image + ".xmp~")
        #expect(try Data(contentsOf: URL(fileURLWithPath: image + ".xmp~")) == junk)
        #expect(try DecoderPool.shared.storedCrop(path: image)?.crop.rect == .unit)
    }

    @Test(arguments: [("jpg", 0.5), ("jpg", 1.0), ("png", 1.0)])
    func aRegionIsTheOneRenderedHere(_ format: String, _ scale: Double) throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let path = scratch.file("picture.\(format)")
        try Tools.run(["vips", "copy", try photo(scratch), path])
        let info = try DecoderPool.shared.probe(path: path)
        let region = CropRect(x: 0.25, y: 0.1, width: 0.5, height: 0.6)
        let there = try DecoderPool.shared.renderRegion(info, region: region, scale: scale)
        let here = try RegionRender.render(try ImageProbe.probe(path: path), region: region, scale: scale)
        #expect(there.region == here.region)
        #expect(there.pixels.width == here.pixels.width && there.pixels.height == here.pixels.height)
        #expect(there.pixels.bytes == here.pixels.bytes)
    }

    /// The flag lives in memory both processes map: the decoder's strip loop stops where it is, and
    /// the same decoder takes the next job (it was not killed).
    @Test func aRenderCancelledWhileTheDecoderWorksStopsThere() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let path = scratch.file("huge.png")
        try Tools.run(["vips", "black", path, "14000", "10000", "--bands", "3"])
        let pool = DecoderPool(size: 1)
        let info = try pool.probe(path: path)
        // The foot of the picture: the strip reader passes every row above it.
        let region = CropRect(x: 0, y: 0.9, width: 1, height: 0.1)
        var start = Date()
        _ = try pool.renderRegion(info, region: region, scale: 0.25)
        let whole = Date().timeIntervalSince(start)
        let decoder = try #require(pool.idlePIDs.first)
        let cancellation = RenderCancellation()
        let outcome = Handoff<Result<RenderedRegion, ImagingError>>()
        Thread.detachNewThread {
            outcome.set(
                Result { () throws(ImagingError) in
                    try pool.renderRegion(info, region: region, scale: 0.25, cancellation: cancellation)
                })
        }
        #expect(waitFor(30) { !pool.workingPIDs.isEmpty })
        start = Date()
        cancellation.cancel()
        #expect(waitFor(30) { outcome.value != nil })
        let stopped = Date().timeIntervalSince(start)
        #expect(throws: ImagingError.renderCancelled) { try outcome.value?.get() }
        #expect(stopped < whole / 2, "stopped after \(stopped) s; the whole render takes \(whole) s")
        #expect(pool.idlePIDs == [decoder])
    }

    @Test func aCancelledRenderDoesNotStart() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let path = try photo(scratch)
        let info = try DecoderPool.shared.probe(path: path)
        let cancellation = RenderCancellation()
        cancellation.cancel()
        #expect(throws: ImagingError.renderCancelled) {
            try DecoderPool.shared.renderRegion(info, region: .unit, scale: 1, cancellation: cancellation)
        }
    }
}
