// Every PNG of the shared PngSuite corpus opens, thumbnails and exports whole and exact; corrupt PNGs are refused, never a crash.

import CropKit
import Foundation
import Imaging
import Testing
import Wording

@Suite struct PngSuiteTests {
    /// The corpus: `$CROPEDITOR_PNG_CORPUS`, else `shared/corpora/png` beside the package (as CI lays it out), else /work/shared.
    static let corpus: String? = {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidates = [
            ProcessInfo.processInfo.environment["CROPEDITOR_PNG_CORPUS"],
            package.deletingLastPathComponent().appendingPathComponent("shared/corpora/png").path,
            "/work/shared/corpora/png",
        ].compactMap { $0 }
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }()

    static let files: [String] = {
        guard let corpus, let walker = FileManager.default.enumerator(atPath: corpus) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.lowercased().hasSuffix(".png") }.sorted()
            .map { (corpus as NSString).appendingPathComponent($0) }
    }()

    static var valid: [String] { files.filter { !($0 as NSString).lastPathComponent.hasPrefix("x") } }

    @Test func theCorpusIsThere() {
        #expect(Self.corpus != nil, "no PNG corpus found (shared/corpora/png)")
        #expect(Self.valid.count >= 60, "found \(Self.valid.count) valid PNGs")
        // Every basic PNG type is in it: grey 1/2/4/8/16, RGB 8/16, palette 1/2/4/8, grey+alpha 8/16, RGBA 8/16.
        let names = Set(Self.valid.map { ($0 as NSString).lastPathComponent })
        for type in [
            "0g01", "0g02", "0g04", "0g08", "0g16", "2c08", "2c16", "3p01", "3p02", "3p04", "3p08",
            "4a08", "4a16", "6a08", "6a16",
        ] {
            #expect(names.contains("basn\(type).png"), "basn\(type).png")
        }
    }

    /// The expected fit of w×h into 16×16, never enlarged.
    static func fitted(_ w: Int, _ h: Int, _ box: Int) -> (Int, Int) {
        let s = min(Double(box) / Double(w), Double(box) / Double(h), 1)
        return (max(1, Int((Double(w) * s).rounded())), max(1, Int((Double(h) * s).rounded())))
    }

    /// One test case per file (they run in parallel).
    @Test(arguments: valid) func everyValidFileOpensThumbnailsAndExportsExactly(path: String) throws {
        let dir = TempFolder("pngsuite")
        defer { dir.remove() }
        let name = (path as NSString).lastPathComponent
        let source = try #require(PNGBytes.header(path), "\(name) has a PNG header")
        let sourceAlpha = source.colourType == 4 || source.colourType == 6 || source.chunks.contains("tRNS")

        let info: ImageInfo
        do { info = try ImageProbe.probe(path: path) } catch { Issue.record("\(name): probe failed: \(error)"); return }
        #expect(info.width == source.width && info.height == source.height, "\(name): probe size")
        #expect(info.bitsPerSample == (source.bitDepth == 16 ? 16 : 8), "\(name): bits \(info.bitsPerSample)")
        #expect(info.hasAlpha == sourceAlpha, "\(name): alpha \(info.hasAlpha)")

        let (tw, th) = Self.fitted(source.width, source.height, 16)
        do {
            let (_, pixels) = try DisplayThumbnail.load(path: path, maxWidth: 16, maxHeight: 16)
            #expect(
                pixels.width == tw && pixels.height == th, "\(name): thumbnail \(pixels.width)×\(pixels.height), want \(tw)×\(th)"
            )
            #expect(pixels.bytes.count == pixels.width * pixels.height * 4, "\(name)")
        } catch { Issue.record("\(name): thumbnail failed: \(error)") }

        let out = dir.file("out.png")
        do {
            try CropExporter.export(
                source: path, crop: PixelRect(x: 0, y: 0, width: info.width, height: info.height), output: out)
        } catch { Issue.record("\(name): export failed: \(error)"); return }
        let header = try #require(PNGBytes.header(out), "\(name): output is a PNG")
        #expect(header.width == source.width && header.height == source.height, "\(name): output size")
        if source.bitDepth == 16 { #expect(header.bitDepth == 16, "\(name): 16-bit must stay 16-bit") }
        let outAlpha = header.colourType == 4 || header.colourType == 6 || header.chunks.contains("tRNS")
        #expect(outAlpha == sourceAlpha, "\(name): alpha \(sourceAlpha) became \(outAlpha)")
        if source.colourType == 0 || source.colourType == 4 {
            #expect(header.colourType == 0 || header.colourType == 4, "\(name): grey stays grey (type \(header.colourType))")
        }
        // The pixels, both files decoded by ImageMagick at 16 bits, samples as stored (ImageMagick would
        // otherwise turn a gAMA 1.0 file's "linear" samples into sRGB): the whole-image crop changes none.
        let raw = [UInt8](try Tool.run(["convert", path, out, "-set", "colorspace", "sRGB", "-depth", "16", "rgba:-"]).out)
        let half = source.width * source.height * 8
        #expect(raw.count == 2 * half, "\(name): decoded sizes")
        if raw.count == 2 * half {
            let wrong = mismatch(Array(raw[0..<half]), Array(raw[half...]))
            #expect(wrong == nil, "\(name): pixels differ from the source: \(wrong ?? "")")
        }
        try? FileManager.default.removeItem(atPath: out)
        #expect(dir.entries.isEmpty, "left: \(dir.entries)")
    }

    /// A crop inside each basic type: the output is the source's rect, decoded by ImageMagick.
    @Test func innerCropsOfTheBasicTypesAreExact() throws {
        let dir = TempFolder("pngsuite-inner")
        defer { dir.remove() }
        let basics = Self.valid.filter { ($0 as NSString).lastPathComponent.hasPrefix("basn") }
        #expect(basics.count == 15)
        for path in basics {
            let name = (path as NSString).lastPathComponent
            let crop = PixelRect(x: 5, y: 9, width: 19, height: 13)
            let out = dir.file("inner.png")
            try CropExporter.export(source: path, crop: crop, output: out)
            let whole = try Tool.decode(path, channels: "rgba", depth: 16, storedSamples: true)
            let got = try Tool.decode(out, channels: "rgba", depth: 16, storedSamples: true)
            var expected: [Int] = []
            for y in 0..<crop.height {
                let start = ((y + crop.y) * 32 + crop.x) * 4
                expected += whole[start..<(start + crop.width * 4)]
            }
            #expect(mismatch(got, expected) == nil, "\(name): \(mismatch(got, expected) ?? "")")
        }
    }

    /// PngSuite's x* files are deliberately broken; the corpus here has none, so the same kinds of damage are made
    /// from a valid file (and any x* file a corpus does have is checked too).
    static func corruptions(of good: [UInt8]) -> [(String, [UInt8])] {
        func patched(_ at: Int, _ value: UInt8) -> [UInt8] { var b = good; b[at] = value; return b }
        // Chunks after the signature: find IDAT.
        var idat = 8
        while idat + 8 < good.count, String(decoding: good[(idat + 4)..<(idat + 8)], as: UTF8.self) != "IDAT" {
            idat += 12 + (Int(good[idat]) << 24 | Int(good[idat + 1]) << 16 | Int(good[idat + 2]) << 8 | Int(good[idat + 3]))
        }
        let idatLength = Int(good[idat]) << 24 | Int(good[idat + 1]) << 16 | Int(good[idat + 2]) << 8 | Int(good[idat + 3])
        func withIHDR(depth: UInt8, type: UInt8) -> [UInt8] {
            var b = good
            b[24] = depth; b[25] = type
            let crc = PNGBytes.be32(PNGBytes.crc32(Array(b[12..<29])))
            b.replaceSubrange(29..<33, with: crc)
            return b
        }
        var cases: [(String, [UInt8])] = [
            ("xs1n-signature", patched(1, 0x51)),
            ("xcrn-crlf", Array(good[0..<4]) + [0x0A] + Array(good[5...])),
            ("xhdn-ihdr-crc", patched(29, good[29] ^ 0xFF)),
            ("xc1n-colour-type-1", withIHDR(depth: 8, type: 1)),
            ("xd0n-depth-0", withIHDR(depth: 0, type: 2)),
            ("xd3n-depth-3", withIHDR(depth: 3, type: 2)),
            ("xcsn-idat-crc", patched(idat + 8 + idatLength, good[idat + 8 + idatLength] ^ 0xFF)),
            ("xdtn-no-idat", Array(good[0..<idat]) + Array(good[(idat + 12 + idatLength)...])),
            ("x-truncated-half", Array(good[0..<(good.count / 2)])),
            ("x-header-only", Array(good[0..<33])),
            (
                "x-zlib-garbage",
                {
                    var b = good; for i in (idat + 10)..<min(idat + 8 + idatLength, idat + 40) { b[i] = 0xA5 }; return b
                }()
            ),
        ]
        cases.append(
            (
                "x-zero-width",
                {
                    var b = good; b.replaceSubrange(16..<20, with: [0, 0, 0, 0])
                    b.replaceSubrange(29..<33, with: PNGBytes.be32(PNGBytes.crc32(Array(b[12..<29])))); return b
                }()
            ))
        return cases
    }

    @Test func corruptFilesAreRefusedWithAnError() throws {
        let dir = TempFolder("pngsuite-corrupt")
        defer { dir.remove() }
        let good = try #require(Self.valid.first { $0.hasSuffix("basn2c08.png") })
        var files = Self.files.filter { ($0 as NSString).lastPathComponent.hasPrefix("x") }
        for (name, data) in Self.corruptions(of: [UInt8](try #require(bytes(of: good)))) {
            let path = dir.file("\(name).png")
            FileManager.default.createFile(atPath: path, contents: Data(data))
            files.append(path)
        }
        let intact = try Tool.decode(good, channels: "rgba", depth: 16)
        for path in files {
            let name = (path as NSString).lastPathComponent
            let out = dir.file("out-\(name)")
            let export = imagingError {
                try CropExporter.export(source: path, crop: PixelRect(x: 0, y: 0, width: 32, height: 32), output: out)
            }
            let thumb = imagingError { try DisplayThumbnail.load(path: path, maxWidth: 64, maxHeight: 64) }
            if name.hasPrefix("xcsn") {
                // Only the IDAT checksum is wrong, the data itself is intact: libvips (through libpng's "benign"
                // CRC handling) and ImageMagick both read it. Opening it is tolerated only if nothing is garbled.
                if export == nil {
                    let got = try Tool.decode(out, channels: "rgba", depth: 16)
                    #expect(mismatch(got, intact) == nil, "\(name) opened with different pixels")
                    try FileManager.default.removeItem(atPath: out)
                }
                continue
            }
            #expect(export != nil, "\(name): export of a corrupt PNG succeeded")
            #expect(!(export?.message.isEmpty ?? false), "\(name): empty message")
            #expect(!exists(out), "\(name): an output was left")
            #expect(thumb != nil, "\(name): a corrupt PNG was shown")
        }
        #expect(dir.strayTemporaries.isEmpty)
        #expect(dir.entries.allSatisfy { $0.hasPrefix("x") }, "only the corrupt inputs are left: \(dir.entries)")
    }
}
