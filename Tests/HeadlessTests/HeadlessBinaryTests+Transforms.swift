// --rotate and --flip: the real binary's output against ImageMagick's -rotate, -flop and -flip, and bad values refused.

import Foundation
import Testing

@testable import TestSupport

extension HeadlessBinaryTests {
    @Suite struct Transforms {
        /// Runs crop-editor on a 400×300 PNG and expects the pixels of ImageMagick's `operators` on
        /// the same file (ImageMagick applies them in the order given, crop included).
        private func expectMatch(
            _ arguments: [String], imageMagick operators: [String], size: String,
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let w = try Workspace()
            try w.picture("in/photo.png")
            let result = try w.run(arguments + ["--output=out/a.png", "in/photo.png"])
            #expect(result.exited && result.status == 0, "stderr: \(result.standardError)", sourceLocation: sourceLocation)
            #expect(result.standardError.isEmpty && result.standardOutput.isEmpty, sourceLocation: sourceLocation)
            #expect(try Tool.size(of: w.url("out/a.png")) == size, sourceLocation: sourceLocation)
            try Tool.run("convert", [w.url("in/photo.png").path] + operators + [w.url("out/reference.png").path])
            #expect(
                try Tool.run("identify", ["-format", "%#", w.url("out/a.png").path])
                    == Tool.run("identify", ["-format", "%#", w.url("out/reference.png").path]),
                "\(arguments) differs from convert \(operators)", sourceLocation: sourceLocation)
            #expect(w.temporaryLeftovers().isEmpty, sourceLocation: sourceLocation)
        }

        @Test func rotate90TurnsClockwise() throws {
            try expectMatch(["--rotate=90", "--crop=100%x100%"], imageMagick: ["-rotate", "90"], size: "300x400")
        }

        @Test func rotate180() throws {
            try expectMatch(["--rotate", "180", "--crop=100%x100%"], imageMagick: ["-rotate", "180"], size: "400x300")
        }

        /// The crop is measured on the turned picture, so ImageMagick turns first and crops after.
        @Test func rotate270WithACropOnTheTurnedPicture() throws {
            try expectMatch(
                ["--rotate=270", "--crop=120x250+30+100"],
                imageMagick: ["-rotate", "270", "-crop", "120x250+30+100", "+repage"], size: "120x250")
        }

        @Test func flipHorizontalIsFlop() throws {
            try expectMatch(
                ["--flip=horizontal", "--crop=200x100+150+20"],
                imageMagick: ["-flop", "-crop", "200x100+150+20", "+repage"], size: "200x100")
        }

        @Test func flipVerticalIsFlip() throws {
            try expectMatch(["--flip=vertical", "--crop=100%x100%"], imageMagick: ["-flip"], size: "400x300")
        }

        /// Both: the flip comes first whatever the order on the command line.
        @Test func flipThenRotate() throws {
            try expectMatch(
                ["--rotate=90", "--flip=horizontal", "--crop=150x120+40+200"],
                imageMagick: ["-flop", "-rotate", "90", "-crop", "150x120+40+200", "+repage"], size: "150x120")
            try expectMatch(
                ["--flip=vertical", "--rotate=270", "--crop=100%x100%"],
                imageMagick: ["-flip", "-rotate", "270"], size: "300x400")
        }

        /// A crop that fits the upright 400×300 picture but not the turned 300×400 one.
        @Test func aCropOutsideTheTurnedPicture() throws {
            let w = try Workspace()
            try w.picture("in/photo.png")
            let result = try expectCleanFailure(
                in: w, ["--rotate=90", "--crop=400x300+0+0", "--output=out/a.png", "in/photo.png"],
                image: "in/photo.png", reasons: ["outside", "300x400", "300×400"],
                output: "out/a.png")
            #expect(result.status != 0)
        }

        @Test func badValuesAreOneLineWithExitTwo() throws {
            let w = try Workspace()
            try w.picture("in/photo.png")
            for (option, words) in [
                ("--rotate=45", ["--rotate must be 90, 180 or 270"]),
                ("--rotate=-90", ["--rotate must be 90, 180 or 270"]),
                ("--flip=diagonal", ["--flip must be horizontal or vertical"]),
            ] {
                let result = try expectCleanFailure(
                    in: w, ["--crop=10x10", "--output=out/a.png", option, "in/photo.png"],
                    image: "in/photo.png", reasons: words, output: "out/a.png")
                #expect(result.status == 2, "\(option)")
            }
            let sidecar = try expectCleanFailure(
                in: w, ["--sidecar", "--crop=10x10", "--rotate=90", "in/photo.png"],
                image: "in/photo.png", reasons: ["--rotate applies to --output"], output: nil)
            #expect(sidecar.status == 2)
        }
    }
}
