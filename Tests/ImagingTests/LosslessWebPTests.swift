// A lossless WebP cropped into WebP keeps every pixel (written lossless); a lossy one stays lossy at a quality close to its own.

import CropKit
import Foundation
import Testing

@testable import Imaging

@Suite struct LosslessWebPTests {
    /// The chunk holding a WebP's pixels as exiftool's verbose listing names it (an oracle of its own):
    /// `VP8L` (lossless) or `VP8` (lossy).
    private func chunk(_ path: String) throws -> String {
        let listing = try Tool.text(["exiftool", "-v", path])
        if listing.contains("RIFF 'VP8L' chunk") { return "VP8L" }
        return listing.contains("RIFF 'VP8 ' chunk") ? "VP8" : "none"
    }

    @Test func aLosslessWebPStaysLossless() throws {
        let dir = TempFolder("webp-lossless")
        defer { dir.remove() }
        let src = dir.file("src.webp"), out = dir.file("out.webp")
        try Tool.run([
            Tool.convert, "-seed", "7", "-size", "400x300", "plasma:fractal", "-define", "webp:lossless=true", src,
        ])
        let crop = PixelRect(x: 100, y: 75, width: 200, height: 150)
        let result = try CropExporter.export(source: src, crop: crop, output: out)
        #expect(result.width == 200 && result.height == 150)
        #expect(try chunk(out) == "VP8L")
        let got = try Tool.decode(out), want = try Tool.decode(src, crop: crop)
        #expect(mismatch(got, want) == nil, "every pixel of the source's region")
    }

    @Test func aLossyWebPStaysLossy() throws {
        let dir = TempFolder("webp-lossy")
        defer { dir.remove() }
        let src = dir.file("src.webp"), out = dir.file("out.webp")
        try Tool.run([Tool.convert, "-seed", "7", "-size", "400x300", "plasma:fractal", "-quality", "80", src])
        #expect(try chunk(src) == "VP8")
        _ = try CropExporter.export(source: src, crop: PixelRect(x: 0, y: 0, width: 200, height: 150), output: out)
        #expect(try chunk(out) == "VP8")
    }

    /// The quality read back from a lossy WebP's frame header is the one libvips (libwebp) wrote it
    /// with, within a few steps: the estimate `aLossyWebPKeepsItsOwnQuality` relies on.
    @Test(arguments: [20, 40, 60, 75, 90])
    func theQualityOfALossyWebPIsReadFromItsFrameHeader(quality: Int) throws {
        let dir = TempFolder("webp-quality")
        defer { dir.remove() }
        let src = dir.file("src.webp")
        try Tool.run([Tool.convert, "-seed", "7", "-size", "400x300", "plasma:fractal", dir.file("plasma.png")])
        try Tool.run(["vips", "copy", dir.file("plasma.png"), "\(src)[Q=\(quality)]"])
        let written = try #require(bytes(of: src))
        let estimate = try #require(WebPQuality.estimate([UInt8](written)))
        #expect(abs(estimate - quality) <= 3, "wrote \(quality), read \(estimate)")
    }

    /// A lossy WebP of quality 40 cropped into WebP (and into JPEG) is written at about 40, not at the
    /// default: a re-encode keeps the source's quality, as a JPEG's does.
    @Test func aLossyWebPKeepsItsOwnQuality() throws {
        let dir = TempFolder("webp-keeps")
        defer { dir.remove() }
        let src = dir.file("src.webp"), out = dir.file("out.webp"), jpeg = dir.file("out.jpg")
        try Tool.run([Tool.convert, "-seed", "7", "-size", "400x300", "plasma:fractal", dir.file("plasma.png")])
        try Tool.run(["vips", "copy", dir.file("plasma.png"), "\(src)[Q=40]"])
        let crop = PixelRect(x: 0, y: 0, width: 200, height: 150)
        _ = try CropExporter.export(source: src, crop: crop, output: out)
        let cropped = try #require(bytes(of: out))
        let kept = try #require(WebPQuality.estimate([UInt8](cropped)))
        #expect(abs(kept - 40) <= 4, "the crop was written at about \(kept)")
        _ = try CropExporter.export(source: src, crop: crop, output: jpeg)
        // ImageMagick's own estimate of the JPEG's quality (an oracle apart from ours).
        let jpegQuality = try #require(Int(try Tool.identify("%Q", jpeg)))
        #expect(abs(jpegQuality - 40) <= 5, "the JPEG was written at \(jpegQuality)")
    }
}
