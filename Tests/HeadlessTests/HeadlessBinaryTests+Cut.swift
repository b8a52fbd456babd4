// --cut: the real binary against ImageMagick's -chop, on the picture as displayed, in a batch and a pipe; every refusal.

import CropKit
import Foundation
import Testing

@testable import TestSupport

extension HeadlessBinaryTests {
    @Suite struct Cut {
        /// A 300 × 200 picture with detail everywhere, so a row or column out of place shows.
        static func picture(_ w: Workspace, _ relative: String, size: String = "300x200") throws {
            try Tool.run("convert", ["-seed", "3", "-size", size, "plasma:fractal", "-depth", "8", w.url(relative).path])
        }

        /// ImageMagick's -chop of `geometries` in order after `before` (its own orientation options), as PNG.
        static func chopped(
            _ w: Workspace, _ source: String, before: [String] = [], _ geometries: [String], after: [String] = [],
            to output: String
        ) throws {
            let chops = geometries.flatMap { ["-chop", $0] }
            try Tool.run("convert", [w.url(source).path] + before + chops + after + ["+repage", w.url(output).path])
        }

        /// How many pixels differ by more than `fuzz` (ImageMagick's compare, an oracle apart from libvips).
        static func differingPixels(_ a: URL, _ b: URL, fuzz: String = "0") throws -> Int {
            let outcome = try Tool.outcome("compare", ["-metric", "AE", "-fuzz", fuzz, a.path, b.path, "null:"])
            let count = outcome.errors.split(separator: " ").first.flatMap { Double($0) }
            guard outcome.status != 2, let count else { throw Tool.Failure(description: "compare failed: \(outcome.errors)") }
            return Int(count)
        }

        /// One cut and several, of rows and of columns, with and without --crop: pixel for pixel -chop's.
        @Test(arguments: [
            ["0x50+0+60"], ["40x0+100+0"], ["0x1+0+0"], ["1x0+299+0"],
            ["0x50+0+60", "40x0+100+0", "0x10+0+0"], ["0x30+0+20", "0x30+0+20"], ["100x0+0+0", "100x0+100+0"],
            // Sixty cuts: the crop is made of hundreds of pieces.
            (0..<30).map { "0x2+0+\($0 * 3)" } + (0..<30).map { "3x0+\($0 * 4)+0" },
        ])
        func cutsArePixelForPixelImageMagicksChop(_ geometries: [String]) throws {
            let w = try Workspace()
            try Self.picture(w, "in/pic.png")
            try expectSuccess(
                in: w, geometries.map { "--cut=\($0)" } + ["--output=out/ours.png", "in/pic.png"], source: "in/pic.png")
            try Self.chopped(w, "in/pic.png", geometries, to: "out/im.png")
            #expect(try Tool.size(of: w.url("out/ours.png")) == Tool.size(of: w.url("out/im.png")))
            #expect(try Self.differingPixels(w.url("out/ours.png"), w.url("out/im.png")) == 0)
            // The crop is measured on the joined picture, as -crop after -chop is.
            try expectSuccess(
                in: w, geometries.map { "--cut=\($0)" } + ["--crop=90x70+5+15", "--output=out/part.png", "in/pic.png"],
                source: "in/pic.png", output: "out/part.png", size: "90x70")
            try Self.chopped(w, "in/pic.png", geometries, after: ["-crop", "90x70+5+15"], to: "out/im-part.png")
            #expect(try Self.differingPixels(w.url("out/part.png"), w.url("out/im-part.png")) == 0)
        }

        /// The comparison can fail: a cut one row off is told apart (by the one row of the result it changes).
        @Test func aCutOneRowOffIsToldApart() throws {
            let w = try Workspace()
            try Self.picture(w, "in/pic.png")
            try expectSuccess(in: w, ["--cut=0x50+0+60", "--output=out/ours.png", "in/pic.png"], source: "in/pic.png")
            try Self.chopped(w, "in/pic.png", ["0x50+0+61"], to: "out/off.png")
            #expect(try Self.differingPixels(w.url("out/ours.png"), w.url("out/off.png")) > 100)
        }

        /// The cuts are measured on the picture as displayed: after --flip and --rotate (ImageMagick's -flop
        /// -rotate 90), and after a JPEG's EXIF orientation (-auto-orient; both decode it, to within its rounding).
        @Test func cutsAreMadeOnThePictureAsDisplayed() throws {
            let w = try Workspace()
            try Self.picture(w, "in/pic.png")
            let cuts = ["0x40+0+100", "30x0+50+0"]
            try expectSuccess(
                in: w,
                cuts.map { "--cut=\($0)" } + ["--flip=horizontal", "--rotate=90", "--output=out/turned.png", "in/pic.png"],
                source: "in/pic.png", output: "out/turned.png", size: "170x260")
            try Self.chopped(w, "in/pic.png", before: ["-flop", "-rotate", "90"], cuts, to: "out/im-turned.png")
            #expect(try Self.differingPixels(w.url("out/turned.png"), w.url("out/im-turned.png")) == 0)

            try Tool.run("convert", [w.url("in/pic.png").path, "-quality", "95", w.url("in/turned.jpg").path])
            try Tool.run("exiftool", ["-q", "-n", "-Orientation=6", "-overwrite_original", w.url("in/turned.jpg").path])
            try expectSuccess(
                in: w, cuts.map { "--cut=\($0)" } + ["--output=out/exif.png", "in/turned.jpg"], source: "in/turned.jpg",
                output: "out/exif.png", size: "170x260")
            try Self.chopped(w, "in/turned.jpg", before: ["-auto-orient"], cuts, to: "out/im-exif.png")
            #expect(try Self.differingPixels(w.url("out/exif.png"), w.url("out/im-exif.png"), fuzz: "2%") == 0)
            // Cut on the stored picture instead, the result is told apart.
            try Self.chopped(w, "in/turned.jpg", before: ["-auto-orient", "-rotate", "180"], cuts, to: "out/wrong.png")
            #expect(try Self.differingPixels(w.url("out/exif.png"), w.url("out/wrong.png"), fuzz: "2%") > 1000)
            // A JPEG result is the same picture within a JPEG's error, --size scales the joined picture.
            try expectSuccess(
                in: w, cuts.map { "--cut=\($0)" } + ["--size=340x520", "--quality=100", "--output=out/big.jpg", "in/turned.jpg"],
                source: "in/turned.jpg", output: "out/big.jpg", size: "340x520")
        }

        /// A batch over two jobs and a pipe make what one file's command makes.
        @Test func aBatchAndAPipeCutAsOneFileDoes() throws {
            let w = try Workspace()
            try Self.picture(w, "in/pic.png")
            try Self.picture(w, "in/other.png", size: "320x240")
            let cuts = ["--cut=0x50+0+60", "--cut=40x0+100+0"]
            try expectSuccess(in: w, cuts + ["--output=out/one.png", "in/pic.png"], source: "in/pic.png")
            try expectSuccess(
                in: w, cuts + ["--jobs=2", "--output-dir=out/batch", "in/pic.png", "in/other.png"], source: "in/pic.png")
            #expect(try Self.differingPixels(w.url("out/one.png"), w.url("out/batch/pic.png")) == 0)
            try Self.chopped(w, "in/other.png", ["0x50+0+60", "40x0+100+0"], to: "out/im-other.png")
            #expect(try Self.differingPixels(w.url("out/batch/other.png"), w.url("out/im-other.png")) == 0)
            let piped = try PipedRun(
                cuts + ["--format=png", "--output=-", "-"], input: Data(contentsOf: w.url("in/pic.png")), in: w)
            #expect(piped.status == 0 && piped.errorLines.isEmpty)
            try piped.output.write(to: w.url("out/piped.png"))
            #expect(try Self.differingPixels(w.url("out/one.png"), w.url("out/piped.png")) == 0)
        }

        static let forms = "use 0xH+0+Y to cut H rows from row Y, or Wx0+X+0 to cut W columns from column X, e.g. 0x220+0+120"
        /// Each bad cut's options, its exit status and its line after the image's name.
        static let refusals: [([String], Int32, String)] = [
            (["--cut=0x20+0"], 2, "--cut: the cut “0x20+0” is malformed: " + Self.forms),
            (["--cut=0x50+0+10,abc"], 2, "--cut: the cut “abc” is malformed: " + Self.forms),
            (["--cut=0x0+0+5"], 2, "--cut: the cut “0x0+0+5” removes nothing: " + Self.forms),
            (
                ["--cut=30x20+1+2"], 2,
                "--cut: the cut “30x20+1+2” gives both a width (30) and a height (20): one cut removes rows (0x20+0+Y) "
                    + "or columns (30x0+X+0), give two --cut for both"
            ),
            (
                ["--cut=0x20+5+10"], 2,
                "--cut: the cut “0x20+5+10” removes rows across the whole width, so its X offset must be 0"
            ),
            (
                ["--cut=0x50+0+190"], 1,
                "the cut 0x50+0+190 reaches outside the 300×200 picture, whose rows are 0 to 199"
            ),
            (
                ["--cut=0x150+0+0", "--cut=0x20+0+40"], 1,
                "the cut 0x20+0+40 reaches outside the 300×50 picture left by the cuts before it, whose rows are 0 to 49"
            ),
            (
                ["--cut=100x0+0+0", "--cut=200x0+0+0"], 1,
                "the cut 200x0+0+0 would leave nothing of the 200×200 picture left by the cuts before it: keep at least one column"
            ),
            (
                [(0...JoinedPicture.maximumCuts).map { _ in "0x1+0+0" }.joined(separator: ",")].map { "--cut=" + $0 }, 2,
                "--cut is given 257 times: at most 256 cuts a picture"
            ),
            (["--cut=0x50+0+60", "--crop=100x160+0+0"], 1, "the crop 100x160+0+0 lies outside the 300×150 image"),
            (
                ["--cut=0x5+0+0", "--straighten=2"], 2,
                "--cut cannot be combined with --straighten: bands are cut from the picture as displayed, not from a "
                    + "straightened or corrected one"
            ),
            (
                ["--cut=0x5+0+0", "--upright=auto"], 2,
                "--cut cannot be combined with --upright: bands are cut from the picture as displayed, not from a "
                    + "straightened or corrected one"
            ),
            (
                ["--cut=0x5+0+0", "--perspective=auto"], 2,
                "--cut cannot be combined with --perspective: bands are cut from the picture as displayed, not from a "
                    + "straightened or corrected one"
            ),
            (
                ["--cut=0x5+0+0", "--lossless"], 2,
                "--cut cannot be combined with --lossless: the joined picture is new pixels, so it must be re-encoded"
            ),
        ]

        /// Every bad cut: its exact line, its exit status (2 for the command line, 1 for this picture), nothing written.
        @Test func badCutsAreOneExactLineAndNothingWritten() throws {
            let w = try Workspace()
            try Self.picture(w, "in/pic.png")
            for (options, status, reason) in Self.refusals {
                let result = try expectCleanFailure(
                    in: w, options + ["--output=out/bad.png", "in/pic.png"], image: "in/pic.png", reasons: [reason],
                    output: "out/bad.png")
                #expect(result.errorLines == ["crop-editor: in/pic.png: \(reason)"], "\(options)")
                #expect(result.status == status, "\(options)")
            }
            let sidecar = try expectCleanFailure(
                in: w, ["--cut=0x5+0+0", "--crop=10x10", "--sidecar", "in/pic.png"], image: "in/pic.png",
                reasons: ["--cut cannot be combined with --sidecar: a sidecar keeps no cuts yet: give --output"], output: nil)
            #expect(sidecar.status == 2)
            // In a batch, a cut outside one picture fails that picture alone; the other is written.
            try Self.picture(w, "in/short.png", size: "300x100")
            let batch = try w.run(["--cut=0x150+0+0", "--output-dir=out/batch", "in/short.png"])
            #expect(batch.status == 1)
            #expect(
                batch.errorLines == [
                    "crop-editor: in/short.png: the cut 0x150+0+0 reaches outside the 300×100 picture, whose rows are 0 to 99"
                ])
            #expect(!w.exists("out/batch/short.png") && w.temporaryLeftovers().isEmpty)
            let mixed = try w.run(["--cut=0x150+0+0", "--output-dir=out/mixed", "in/pic.png", "in/short.png"])
            #expect(mixed.status == 1 && mixed.errorLines.count == 1)
            #expect(try Tool.size(of: w.url("out/mixed/pic.png")) == "300x50")
            #expect(!w.exists("out/mixed/short.png"))
        }
    }
}
