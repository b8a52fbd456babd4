// The lossless crop from the source's own coefficients, for every kind of JPEG: jpegtran's pixels, TurboJPEG's transform's bytes.

import CTurboJPEG
import CropKit
import Foundation
import ImagingCore
import Testing

@testable import Imaging

@Suite struct LosslessCropKindsTests {
    /// One 1003 × 757 plasma (sizes off the block grid, so the crops reach partial blocks) in each
    /// layout a camera, a scanner or a web tool writes. All but two are read row by row as the crop is
    /// written (one scan holding every component); the progressive one and the one in a scan per
    /// component are read whole first.
    static let kinds: [(name: String, options: [String])] = [
        ("420.jpg", ["-sampling-factor", "2x2"]), ("444.jpg", ["-sampling-factor", "1x1"]),
        ("422.jpg", ["-sampling-factor", "2x1"]), ("progressive.jpg", ["-interlace", "JPEG"]),
        ("grey.jpg", ["-colorspace", "Gray"]), ("cmyk.jpg", ["-colorspace", "CMYK"]),
        ("restarts.jpg", ["-define", "jpeg:restart-interval=3"]), ("scans.jpg", ["-sampling-factor", "2x2"]),
    ]

    @Test(arguments: kinds.map(\.name)) func theCropIsJpegtransPixelsAndTurboJPEGsBytes(kind: String) throws {
        let dir = TempFolder("lossless-kinds")
        defer { dir.remove() }
        let options = try #require(Self.kinds.first { $0.name == kind }).options
        let source = dir.file(kind)
        try Tool.run(["convert", "-size", "1003x757", "-seed", "5", "plasma:fractal", "-quality", "88"] + options + [source])
        if kind == "scans.jpg" {
            // Sequential still, but one scan per component (jpegtran's scan script: one line each).
            let script = dir.file("scans.txt"), interleaved = dir.file("interleaved.jpg")
            try "0;\n1;\n2;\n".write(toFile: script, atomically: true, encoding: .utf8)
            try FileManager.default.moveItem(atPath: source, toPath: interleaved)
            try Tool.run(["jpegtran", "-copy", "all", "-scans", script, "-outfile", source, interleaved])
        }
        let info = try ImageProbe.probe(path: source)
        let data = try Data(contentsOf: URL(fileURLWithPath: source))
        // Inside; from the corner; to the right and bottom edges (partial blocks); the whole picture.
        for crop in [
            PixelRect(x: 16, y: 32, width: 480, height: 320), PixelRect(x: 0, y: 0, width: 35, height: 19),
            PixelRect(x: 896, y: 656, width: 107, height: 101), PixelRect(x: 0, y: 0, width: 1003, height: 757),
        ] {
            let check = try LosslessJPEG.check(info: info, crop: crop, data: data)
            guard check.reason == nil else { continue }
            let mine = try LosslessJPEG.crop(data, path: source, check: check)
            // TurboJPEG's transform (transupp's crop, which copies the crop first) writes the same bytes.
            let theirs = try LosslessJPEG.transform(
                data, path: source, region: check.storedRect, operation: TJXOP_NONE, options: TJXOPT_CROP,
                copyMarkers: true, failure: .losslessCut)
            #expect(mine == theirs, "\(kind) \(crop): not TurboJPEG's bytes")
            // And jpegtran's pixels.
            let out = dir.file("mine.jpg"), reference = dir.file("jpegtran.jpg")
            try mine.write(to: URL(fileURLWithPath: out))
            try LosslessJPEGTests.jpegtran(source, stored: check.storedRect, into: reference)
            let a = try Tool.run(["convert", out, "-depth", "8", "rgb:-"]).out
            let b = try Tool.run(["convert", reference, "-depth", "8", "rgb:-"]).out
            #expect(mismatch(a, b) == nil, "\(kind) \(crop): differs from jpegtran's: \(mismatch(a, b) ?? "")")
            #expect(try Tool.size(out) == (crop.width, crop.height))
        }
    }

    /// Off the block grid, the C side refuses by itself too (the Swift check comes first in the app).
    @Test func anOffsetOffTheGridIsRefused() throws {
        let dir = TempFolder("lossless-offgrid")
        defer { dir.remove() }
        let source = dir.file("s.jpg")
        try Tool.run(["convert", "-size", "64x64", "xc:gray", "-sampling-factor", "2x2", source])
        let data = try Data(contentsOf: URL(fileURLWithPath: source))
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        var warnings: Int32 = 0
        var message = [CChar](repeating: 0, count: Int(JMSG_LENGTH_MAX))
        let status = data.withUnsafeBytes {
            cjc_crop(
                $0.bindMemory(to: UInt8.self).baseAddress, UInt($0.count), 8, 0, 16, 16, 1, &output, &size, &warnings, &message)
        }
        free(output)
        #expect(status == -1)
        #expect(String(cString: message) == "the crop is not on the picture's block grid")
    }
}
