// --cut with --crop=trim and --crop=auto: the measures read the joined picture, as they read a file already chopped.

import CropKit
import Foundation
import Testing

@testable import TestSupport

extension HeadlessBinaryTests {
    @Suite struct CutMeasures {
        /// A white page with a red block in the band to be cut and a blue one below it: trimmed whole, the
        /// box holds both; with the band cut, the blue one alone.
        static func page(_ w: Workspace, _ relative: String) throws {
            try Tool.run(
                "convert",
                [
                    "-size", "300x200", "xc:white", "-fill", "#d02020", "-draw", "rectangle 40,20 120,45", "-fill",
                    "#2040c0", "-draw", "rectangle 150,120 260,170", w.url(relative).path,
                ])
        }

        /// Trim after a cut: the result is what trimming the file ImageMagick chopped gives, and that box is
        /// ImageMagick's own -trim of it; the uncut trim holds the red block too, so the cut is seen.
        @Test func trimMeasuresThePictureTheCutsLeave() throws {
            let w = try Workspace()
            try Self.page(w, "in/page.png")
            let cut = "0x60+0+10"
            try Cut.chopped(w, "in/page.png", [cut], to: "in/chopped.png")
            try expectSuccess(
                in: w, ["--crop=trim", "--output=out/chopped-trim.png", "in/chopped.png"], source: "in/chopped.png")
            try expectSuccess(
                in: w, ["--cut=\(cut)", "--crop=trim", "--output=out/ours.png", "in/page.png"], source: "in/page.png",
                output: "out/ours.png", size: "111x51")
            #expect(try Cut.differingPixels(w.url("out/ours.png"), w.url("out/chopped-trim.png")) == 0)
            try Tool.run("convert", [w.url("in/chopped.png").path, "-trim", "+repage", w.url("out/im-trim.png").path])
            #expect(try Cut.differingPixels(w.url("out/ours.png"), w.url("out/im-trim.png")) == 0)
            try expectSuccess(
                in: w, ["--crop=trim", "--output=out/uncut.png", "in/page.png"], source: "in/page.png",
                output: "out/uncut.png", size: "221x151")
        }

        /// The smart crop after cuts: what it suggests on the file ImageMagick chopped, pixel for pixel, for
        /// a ratio and for a list of ratios; a batch over two jobs does the same.
        @Test func theSmartCropMeasuresThePictureTheCutsLeave() throws {
            let w = try Workspace()
            try Cut.picture(w, "in/pic.png", size: "400x300")
            let cuts = ["0x120+0+0", "80x0+300+0"]
            try Cut.chopped(w, "in/pic.png", cuts, to: "in/chopped.png")
            try expectSuccess(
                in: w, ["--crop=auto", "--aspect=1:1", "--output=out/chopped-auto.png", "in/chopped.png"],
                source: "in/chopped.png", output: "out/chopped-auto.png", size: "180x180")
            let cutOptions = cuts.map { "--cut=\($0)" }
            try expectSuccess(
                in: w, cutOptions + ["--crop=auto", "--aspect=1:1", "--output=out/ours.png", "in/pic.png"],
                source: "in/pic.png", output: "out/ours.png", size: "180x180")
            #expect(try Cut.differingPixels(w.url("out/ours.png"), w.url("out/chopped-auto.png")) == 0)
            // A list of ratios: one result each, each the chopped file's.
            try expectSuccess(
                in: w, cutOptions + ["--crop=auto", "--aspect=1:1,16:9", "--output=out/list.png", "in/pic.png"],
                source: "in/pic.png", output: "out/list-16x9.png", size: "320x180")
            try expectSuccess(
                in: w, ["--crop=auto", "--aspect=16:9", "--output=out/chopped-wide.png", "in/chopped.png"],
                source: "in/chopped.png", output: "out/chopped-wide.png", size: "320x180")
            #expect(try Cut.differingPixels(w.url("out/list-16x9.png"), w.url("out/chopped-wide.png")) == 0)
            #expect(try Cut.differingPixels(w.url("out/list-1x1.png"), w.url("out/chopped-auto.png")) == 0)
            // A batch: each picture's own cut and measure.
            try FileManager.default.copyItem(at: w.url("in/pic.png"), to: w.url("in/again.png"))
            let batch = try w.run(
                cutOptions + ["--crop=auto", "--aspect=1:1", "--jobs=2", "--output-dir=out/batch", "in/pic.png", "in/again.png"])
            #expect(batch.status == 0, "\(batch.errorLines)")
            for name in ["pic", "again"] {
                #expect(try Cut.differingPixels(w.url("out/batch/\(name).png"), w.url("out/chopped-auto.png")) == 0)
            }
        }

        /// A cut that does not fit is refused with the cut's own line before anything is measured.
        @Test func aCutOutsideThePictureIsRefusedBeforeTheMeasure() throws {
            let w = try Workspace()
            try Self.page(w, "in/page.png")
            for options in [["--crop=trim"], ["--crop=auto", "--aspect=1:1"]] {
                let result = try expectCleanFailure(
                    in: w, ["--cut=0x250+0+0"] + options + ["--output=out/bad.png", "in/page.png"], image: "in/page.png",
                    reasons: ["the cut 0x250+0+0 reaches outside the 300×200 picture, whose rows are 0 to 199"],
                    output: "out/bad.png")
                #expect(result.status == 1, "\(options)")
            }
        }
    }
}
