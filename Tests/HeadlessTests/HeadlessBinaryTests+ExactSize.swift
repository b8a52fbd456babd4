// --size=WxH, --print-size and --resolution from the real binary: exact results, a wrong ratio refused, batches, sidecars.

import Foundation
import Testing

@testable import TestSupport

extension HeadlessBinaryTests {
    @Suite struct ExactSize {
        private func workspace(_ source: String = "in/photo.png", size: String = "400x300") throws -> Workspace {
            let w = try Workspace()
            try w.picture(source, size: size)
            return w
        }

        private func exif(_ url: URL, _ tag: String) throws -> String {
            try Tool.run("exiftool", ["-s3", "-n", "-\(tag)", url.path])
        }

        @Test func anExactSizeIsMetWhateverTheCropsRounding() throws {
            let w = try workspace()
            // 239×299 is 4:5 to within a pixel an edge; the result is exactly 1080×1350.
            try expectSuccess(
                in: w, ["--crop=239x299+10+0", "--size=1080x1350", "--output=out/a.jpg", "in/photo.png"],
                source: "in/photo.png", output: "out/a.jpg", size: "1080x1350")
            try expectSuccess(
                in: w, ["--crop=399x299", "--size=64X48", "--output=out/b.webp", "in/photo.png"],
                source: "in/photo.png", output: "out/b.webp", size: "64x48")
        }

        @Test func aCropOfAnotherRatioFailsInOneLine() throws {
            let w = try workspace()
            let result = try expectCleanFailure(
                in: w, ["--crop=300x200", "--size=1080x1350", "--output=out/a.png", "in/photo.png"], image: "in/photo.png",
                reasons: ["a ratio of 3:2, but 1080×1350 needs 4:5"], output: "out/a.png")
            #expect(result.status == 1)
        }

        @Test func theSmartCropTakesTheSizesRatio() throws {
            let w = try workspace()
            try expectSuccess(
                in: w, ["--crop=auto", "--size=512x512", "--output=out/a.png", "in/photo.png"],
                source: "in/photo.png", output: "out/a.png", size: "512x512")
            try expectSuccess(
                in: w, ["--crop=auto", "--print-size=4x6in", "--resolution=50", "--output=out/b.png", "in/photo.png"],
                source: "in/photo.png", output: "out/b.png", size: "200x300")
        }

        @Test func aPrintSizeGivesItsPixelsAndWritesItsResolution() throws {
            let w = try workspace("in/photo.jpg", size: "600x400")
            try expectSuccess(
                in: w, ["--crop=600x400", "--print-size=15x10cm", "--output=out/a.jpg", "in/photo.jpg"],
                source: "in/photo.jpg", output: "out/a.jpg", size: "1772x1181")
            #expect(try exif(w.url("out/a.jpg"), "JFIF:XResolution") == "300")
            #expect(try exif(w.url("out/a.jpg"), "EXIF:XResolution") == "300")
            try expectSuccess(
                in: w, ["--crop=600x400", "--print-size=6x4in", "--resolution=100", "--output=out/b.png", "in/photo.jpg"],
                source: "in/photo.jpg", output: "out/b.png", size: "600x400")
            // pHYs holds pixels per metre: 100 ppi is 3937.
            #expect(try exif(w.url("out/b.png"), "PixelsPerUnitX") == "3937")
            // Alone the resolution is only written.
            try expectSuccess(
                in: w, ["--crop=300x200", "--resolution=240", "--output=out/c.tif", "in/photo.jpg"],
                source: "in/photo.jpg", output: "out/c.tif", size: "300x200")
            #expect(try exif(w.url("out/c.tif"), "IFD0:XResolution") == "240")
        }

        @Test func badSizesAreRefused() throws {
            let w = try workspace()
            let cases: [([String], String)] = [
                (["--size=0x10"], "--size=WxH needs two whole numbers of pixels from 1 to"),
                (["--size=20000x10", "--output=out/a.webp"], "from 1 to 16383 for a .webp output"),
                (["--size=10x"], "--size=WxH needs two whole numbers"),
                (["--print-size=15x10"], "--print-size must be WxH in cm or in"),
                (["--print-size=15x10cm", "--size=100"], "give --size or --print-size, not both"),
                (["--print-size=15x10cm", "--resolution=0"], "--resolution must be a whole number of pixels per inch"),
                (["--resolution=abc"], "--resolution must be a whole number"),
                (["--print-size=300x300in", "--output=out/a.jpg"], "over 65500 a side for a .jpg output"),
            ]
            for (options, words) in cases {
                let output = options.first { $0.hasPrefix("--output=") }.map { String($0.dropFirst(9)) } ?? "out/x.png"
                let arguments =
                    ["--crop=100x100"] + options.filter { !$0.hasPrefix("--output=") } + ["--output=\(output)", "in/photo.png"]
                let result = try expectCleanFailure(in: w, arguments, image: "in/photo.png", reasons: [words], output: output)
                #expect(result.status == 2, "\(options)")
            }
        }

        @Test func aBatchAtAnExactSize() throws {
            let w = try Workspace()
            try w.picture("in/a.png", size: "300x200")
            try w.picture("in/b.jpg", size: "500x300")
            try w.picture("in/c.png", size: "200x300")
            let result = try w.run(["--crop=150x100", "--size=600x400", "--output-dir=out", "in/a.png", "in/b.jpg", "in/c.png"])
            #expect(result.status == 0, "\(result.standardError)")
            for name in ["a.png", "b.jpg", "c.png"] {
                #expect(try Tool.size(of: w.url("out/\(name)")) == "600x400", "\(name)")
            }
            // One picture whose crop has another ratio fails alone; the others go on.
            let mixed = try w.run([
                "--crop=50%x50%", "--size=600x400", "--output-dir=out/mixed", "in/a.png", "in/c.png", "in/b.jpg",
            ])
            #expect(mixed.status == 1)
            #expect(mixed.errorLines.count == 2, "\(mixed.errorLines)")
            #expect(mixed.errorLines.contains { $0.hasPrefix("crop-editor: in/c.png: the crop is 100×150, a ratio of 2:3") })
            #expect(try Tool.size(of: w.url("out/mixed/a.png")) == "600x400")
            #expect(!w.exists("out/mixed/c.png"))
        }

        @Test func theSidecarKeepsExactAndPrintSizes() throws {
            let w = try workspace()
            try expectSuccess(in: w, ["--sidecar", "--crop=200x250", "--size=400x500", "in/photo.png"], source: "in/photo.png")
            #expect(try Tool.run("exiftool", ["-s3", "-XMP-cropeditor:OutputSize", w.url("in/photo.png.xmp").path]) == "400x500")
            try expectSuccess(
                in: w, ["--output=out/a.png", "in/photo.png"], source: "in/photo.png", output: "out/a.png", size: "400x500")
            try expectSuccess(
                in: w, ["--sidecar", "--crop=300x200", "--print-size=6x4in", "--resolution=50", "in/photo.png"],
                source: "in/photo.png")
            try expectSuccess(
                in: w, ["--output=out/b.png", "in/photo.png"], source: "in/photo.png", output: "out/b.png", size: "300x200")
            #expect(try exif(w.url("out/b.png"), "PixelsPerUnitX") == "1969")
        }
    }
}
