// A lossless WebP cropped into WebP keeps every pixel (written lossless); a lossy one stays lossy.

import CropKit
import Foundation
import Imaging
import Testing

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
        let result = try Imaging.export(source: src, crop: crop, output: out)
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
        _ = try Imaging.export(source: src, crop: PixelRect(x: 0, y: 0, width: 200, height: 150), output: out)
        #expect(try chunk(out) == "VP8")
    }
}
