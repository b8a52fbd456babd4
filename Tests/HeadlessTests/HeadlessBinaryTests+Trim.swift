// --crop=trim on generated screenshots: ImageMagick's `-fuzz N% -trim` of the picture, grown to --aspect; no border, one line.

import Foundation
import OddFiles
import Testing

@testable import TestSupport

extension HeadlessBinaryTests {
    @Suite struct Trim {
        @Test(arguments: [GeneratedScreenshot.plainBorder, .transparentBorder, .touchingAnEdge])
        func theResultIsImageMagicksTrim(_ shot: GeneratedScreenshot) throws {
            let w = try Workspace()
            let source = w.url("in/" + shot.fileName).path
            try shot.make(at: source)
            for tolerance in [0, 10, 25] {
                let run = try w.run(["--crop=trim", "--trim-tolerance=\(tolerance)", "--output=out/t\(tolerance).png", source])
                #expect(run.status == 0 && run.errorLines.isEmpty, "\(run.errorLines)")
                let oracle = w.url("out/im\(tolerance).png").path
                try Tool.run("convert", [source, "-fuzz", "\(tolerance)%", "-trim", "+repage", oracle])
                // The same pixels: ImageMagick's compare counts none that differ.
                let differing = try Tool.outcome(
                    "compare", ["-metric", "AE", w.url("out/t\(tolerance).png").path, oracle, "null:"])
                #expect(differing.errors == "0", "\(shot) at \(tolerance) %: \(differing.errors)")
            }
        }

        @Test func aNoisyJPEGIsTrimmedWithinAPixelOrTwoOfImageMagick() throws {
            let w = try Workspace()
            let source = w.url("in/" + GeneratedScreenshot.noisyJPEGBorder.fileName).path
            try GeneratedScreenshot.noisyJPEGBorder.make(at: source)
            let run = try w.run(["--crop=trim", "--output=out/t.png", source])
            #expect(run.status == 0, "\(run.errorLines)")
            let size = try Tool.run("identify", ["-format", "%w %h", w.url("out/t.png").path]).split(separator: " ").compactMap {
                Int($0)
            }
            let oracle = try GeneratedScreenshot.imageMagickTrim(source, fuzz: 10)
            #expect(
                size.count == 2 && abs(size[0] - oracle.width) <= 3 && abs(size[1] - oracle.height) <= 3,
                "\(size) against \(oracle)")
        }

        @Test func anAspectGrowsTheTrimToIt() throws {
            let w = try Workspace()
            let source = w.url("in/shot.png").path
            try GeneratedScreenshot.plainBorder.make(at: source)
            // 1:2 around the 180 × 120 window would be 360 high, past the picture: the largest 1:2 it holds.
            for (aspect, expected) in [("1:1", "180 180"), ("16:9", "213 120"), ("1:2", "150 300")] {
                let run = try w.run(["--crop=trim", "--aspect=\(aspect)", "--output=out/a.png", source])
                #expect(run.status == 0, "\(run.errorLines)")
                #expect(try Tool.run("identify", ["-format", "%w %h", w.url("out/a.png").path]) == expected, "\(aspect)")
            }
        }

        @Test func noBorderIsOneLineAndNothingWritten() throws {
            let w = try Workspace()
            let source = w.url("in/noise.png").path
            try GeneratedScreenshot.noBorder.make(at: source)
            let run = try w.run(["--crop=trim", "--output=out/t.png", source])
            #expect(run.status == 1)
            #expect(
                run.errorLines == [
                    "crop-editor: \(source): nothing to trim: no plain or transparent border around the picture (at --trim-tolerance=10)"
                ])
            #expect(!w.exists("out/t.png"))
        }

        @Test func trimsMistakesAreUsageErrors() throws {
            let w = try Workspace()
            try w.picture("in/p.png")
            let cases: [([String], String)] = [
                (["--crop=trim", "--trim-tolerance=101"], "--trim-tolerance must be a whole number from 0 to 100, not “101”"),
                (["--crop=trim", "--trim-tolerance=ten"], "--trim-tolerance must be a whole number from 0 to 100, not “ten”"),
                (["--crop=1x1+0+0", "--trim-tolerance=5"], "--trim-tolerance applies to --crop=trim only"),
                (
                    ["--crop=trim", "--straighten=2"],
                    "--crop=trim cannot be combined with --straighten: the border is found on the upright picture"
                ),
                (["--crop=trim", "--aspect=0:1"], "--aspect must be two positive numbers as W:H, e.g. 4:5, not “0:1”"),
            ]
            for (options, reason) in cases {
                let run = try w.run(options + ["--output=out/o.png", "in/p.png"])
                #expect(
                    run.status == 2 && run.errorLines == ["crop-editor: in/p.png: " + reason], "\(options): \(run.errorLines)")
            }
        }
    }
}
