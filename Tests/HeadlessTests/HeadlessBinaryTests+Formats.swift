// --aspect, --size and --print-size lists: one result an entry, each of its ratio and size, in batches and pipes; refusals.

import Foundation
import Testing

@testable import TestSupport

extension HeadlessBinaryTests {
    @Suite struct Formats {
        /// `W H` of a result by libvips' own header reader, apart from ImageMagick's.
        static func vipsSize(_ url: URL) throws -> (Int, Int) {
            let width = try Tool.run("vipsheader", ["-f", "width", url.path])
            let height = try Tool.run("vipsheader", ["-f", "height", url.path])
            return (Int(width) ?? -1, Int(height) ?? -1)
        }

        static func photo(_ w: Workspace, _ relative: String, size: String = "900x600") throws {
            try Tool.run("convert", ["-seed", "4", "-size", size, "plasma:fractal", "-depth", "8", w.url(relative).path])
        }

        /// Each ratio is one result named by it, the largest of its ratio (to within a pixel's rounding),
        /// and the same pixels the single ratio's command gives; with a list of sizes, exactly those.
        @Test func eachRatioIsOneResultOfItsRatioAndSize() throws {
            let w = try Workspace()
            try Self.photo(w, "in/photo.png")
            try expectSuccess(
                in: w, ["--crop=auto", "--aspect=1:1,4:5,16:9", "--output=out/feed.png", "in/photo.png"], source: "in/photo.png")
            let ratios = [("1x1", 1, 1), ("4x5", 4, 5), ("16x9", 16, 9)]
            for (label, across, down) in ratios {
                let (width, height) = try Self.vipsSize(w.url("out/feed-\(label).png"))
                #expect(abs(width * down - height * across) < max(across, down), "\(label): \(width)x\(height)")
                #expect(width == 900 || height == 600, "\(label): not the largest, \(width)x\(height)")
                try expectSuccess(
                    in: w, ["--crop=auto", "--aspect=\(across):\(down)", "--output=out/one-\(label).png", "in/photo.png"],
                    source: "in/photo.png")
                #expect(
                    try HeadlessBinaryTests.Cut.differingPixels(w.url("out/feed-\(label).png"), w.url("out/one-\(label).png"))
                        == 0)
            }
            try expectSuccess(
                in: w,
                [
                    "--crop=auto", "--aspect=1:1,4:5,16:9", "--size=500x500,400x500,1920x1080", "--output=out/sized.jpg",
                    "in/photo.png",
                ], source: "in/photo.png")
            for (label, size) in [("1x1", (500, 500)), ("4x5", (400, 500)), ("16x9", (1920, 1080))] {
                #expect(try Self.vipsSize(w.url("out/sized-\(label).jpg")) == size, "\(label)")
            }
            // Sizes alone give the ratios, and name the results; prints likewise, at --resolution.
            try expectSuccess(
                in: w, ["--crop=auto", "--size=300x300,200x100", "--output=out/by-size.png", "in/photo.png"],
                source: "in/photo.png")
            #expect(try Self.vipsSize(w.url("out/by-size-300x300.png")) == (300, 300))
            #expect(try Self.vipsSize(w.url("out/by-size-200x100.png")) == (200, 100))
            try expectSuccess(
                in: w, ["--crop=auto", "--print-size=6x4in,a5", "--resolution=50", "--output=out/print.png", "in/photo.png"],
                source: "in/photo.png")
            #expect(try Self.vipsSize(w.url("out/print-6x4in.png")) == (300, 200))
            #expect(try Self.vipsSize(w.url("out/print-a5.png")) == (291, 413))
        }

        /// Lists work wherever their single value does: --crop=trim with ratios, a plain crop with sizes.
        @Test func listsWorkWhereTheirSingleValueDoes() throws {
            let w = try Workspace()
            try Tool.run("convert", ["-size", "300x200", "gradient:navy-orange", w.url("in/inner.png").path])
            try Tool.run(
                "convert", [w.url("in/inner.png").path, "-bordercolor", "white", "-border", "150", w.url("in/framed.png").path])
            try expectSuccess(
                in: w, ["--crop=trim", "--aspect=1:1,3:1", "--output=out/trim.png", "in/framed.png"], source: "in/framed.png")
            #expect(try Self.vipsSize(w.url("out/trim-1x1.png")) == (300, 300))
            #expect(try Self.vipsSize(w.url("out/trim-3x1.png")) == (600, 200))
            try expectSuccess(
                in: w, ["--crop=400x300+10+10", "--size=200,100", "--output=out/crop.png", "in/framed.png"],
                source: "in/framed.png")
            #expect(try Self.vipsSize(w.url("out/crop-200.png")) == (200, 150))
            #expect(try Self.vipsSize(w.url("out/crop-100.png")) == (100, 75))
        }

        /// A batch names each result DIR/NAME-ENTRY.EXT; a picture piped in is read once for all of them.
        @Test func aBatchAndAPipeMakeEveryResult() throws {
            let w = try Workspace()
            try Self.photo(w, "in/a.png")
            try Self.photo(w, "in/b.png", size: "600x900")
            try expectSuccess(
                in: w,
                ["--crop=auto", "--aspect=1:1,4:5", "--jobs=2", "--format=jpg", "--output-dir=out/dir", "in/a.png", "in/b.png"],
                source: "in/a.png")
            let names = try FileManager.default.contentsOfDirectory(atPath: w.url("out/dir").path).sorted()
            #expect(names == ["a-1x1.jpg", "a-4x5.jpg", "b-1x1.jpg", "b-4x5.jpg"])
            #expect(try Self.vipsSize(w.url("out/dir/b-4x5.jpg")) == (600, 750))
            // In a batch, a picture one of whose results exists fails alone, nothing of it written; the other goes on.
            try FileManager.default.createDirectory(at: w.url("out/taken"), withIntermediateDirectories: true)
            try Self.photo(w, "out/taken/a-4x5.jpg", size: "10x10")
            let taken = try w.run([
                "--crop=auto", "--aspect=1:1,4:5", "--format=jpg", "--output-dir=out/taken", "in/a.png", "in/b.png",
            ])
            #expect(taken.status == 1)
            #expect(
                taken.errorLines == [
                    "crop-editor: in/a.png: its result out/taken/a-4x5.jpg exists already, and several results never replace "
                        + "a file: move it or choose another --output"
                ])
            let written = try FileManager.default.contentsOfDirectory(atPath: w.url("out/taken").path).sorted()
            #expect(written == ["a-4x5.jpg", "b-1x1.jpg", "b-4x5.jpg"])
            let piped = try PipedRun(
                ["--crop=auto", "--aspect=1:1,4:5", "--output=out/piped.png", "-"], input: Data(contentsOf: w.url("in/a.png")),
                in: w)
            #expect(piped.status == 0 && piped.errorLines.isEmpty, "\(piped.errorLines)")
            #expect(try Self.vipsSize(w.url("out/piped-1x1.png")) == (600, 600))
            #expect(try Self.vipsSize(w.url("out/piped-4x5.png")) == (480, 600))
        }

        static let refusals: [([String], String)] = [
            (
                ["--aspect=1:1,4:5", "--size=1,2,3"],
                "--aspect lists 2 entries and --size 3: give lists of the same length, or one value for all"
            ),
            (["--aspect=1:1,4:5,abc"], "--aspect must be two positive numbers as W:H, e.g. 4:5, not “abc”"),
            (["--aspect=1:1,,4:5"], "--aspect must be two positive numbers as W:H, e.g. 4:5, not “”"),
            (
                ["--aspect=1:1,1:1"],
                "--aspect gives 1:1 twice: each result is named by its entry, so give each once"
            ),
            (
                ["--aspect=" + (1...33).map { "\($0):1" }.joined(separator: ",")],
                "--aspect lists 33 entries: at most 32 results of one picture"
            ),
        ]

        /// Every bad list: one exact line, exit 2, nothing written; an existing target: exit 1 naming it, none
        /// written; one result that fails: its line naming its output, exit 1, the others written.
        @Test func badListsAreOneLineAndNothingWritten() throws {
            let w = try Workspace()
            try Self.photo(w, "in/photo.png")
            for (options, reason) in Self.refusals {
                let result = try expectCleanFailure(
                    in: w, ["--crop=auto"] + options + ["--output=out/x.png", "in/photo.png"], image: "in/photo.png",
                    reasons: [reason], output: "out/x-1x1.png")
                #expect(result.errorLines == ["crop-editor: in/photo.png: \(reason)"], "\(options)")
                #expect(result.status == 2, "\(options)")
            }
            let toStandardOutput = try expectCleanFailure(
                in: w, ["--crop=auto", "--aspect=1:1,4:5", "--format=png", "--output=-", "in/photo.png"], image: "in/photo.png",
                reasons: ["--aspect lists 2 entries, one result each, and --output=- takes one: give --output=FILE"], output: nil)
            #expect(toStandardOutput.status == 2)
            let sidecar = try expectCleanFailure(
                in: w, ["--crop=auto", "--aspect=1:1,4:5", "--sidecar", "in/photo.png"], image: "in/photo.png",
                reasons: ["--aspect lists 2 entries, one result each, and --sidecar keeps one crop: give --output=FILE"],
                output: "in/photo.png.xmp")
            #expect(sidecar.status == 2)
            // A target that exists: named, and nothing written, not even the others.
            try Self.photo(w, "out/taken-4x5.png", size: "10x10")
            let taken = try expectCleanFailure(
                in: w, ["--crop=auto", "--aspect=1:1,4:5,16:9", "--output=out/taken.png", "in/photo.png"], image: "in/photo.png",
                reasons: ["its result out/taken-4x5.png exists already"], output: "out/taken-1x1.png")
            #expect(taken.status == 1 && !w.exists("out/taken-16x9.png"))
            // The 4:5 crop cannot be made 1000×1000: that one fails, the square is written.
            let mixed = try w.run(["--crop=auto", "--aspect=1:1,4:5", "--size=1000x1000", "--output=out/m.jpg", "in/photo.png"])
            #expect(mixed.status == 1)
            #expect(
                mixed.errorLines == [
                    "crop-editor: in/photo.png (out/m-4x5.jpg): the crop is 480×600, a ratio of 4:5, but 1000×1000 needs 1:1: "
                        + "crop to that ratio first"
                ])
            #expect(try Self.vipsSize(w.url("out/m-1x1.jpg")) == (1000, 1000))
            #expect(!w.exists("out/m-4x5.jpg") && w.temporaryLeftovers().isEmpty)
        }
    }
}
