// --shape and --size: circles and scaled results from the real binary, kept in the sidecar, every bad use refused in one line.

import Foundation
import Testing

@testable import TestSupport

extension HeadlessBinaryTests {
    @Suite struct ShapeAndSize {
        /// ImageMagick by full path: an earlier `convert` on PATH may be a stand-in, not the oracle.
        static let convert = "/usr/bin/convert", identify = "/usr/bin/identify"

        private func workspace(_ source: String = "in/photo.png") throws -> Workspace {
            let w = try Workspace()
            try w.picture(source)
            return w
        }

        /// `WxH` as libvips reads it, a second opinion beside ImageMagick's.
        private func vipsSize(_ url: URL) throws -> String {
            try Tool.run("vipsheader", ["-f", "width", url.path]) + "x" + Tool.run("vipsheader", ["-f", "height", url.path])
        }

        /// Alpha (0…1) at the four corners and the centre of a square result `side` pixels wide, by ImageMagick.
        private func cornerAndCentreAlpha(_ url: URL, side: Int) throws -> String {
            let last = side - 1, mid = side / 2
            return try Tool.run(
                Self.convert,
                [
                    url.path, "-format",
                    "%[fx:p{0,0}.a] %[fx:p{\(last),0}.a] %[fx:p{0,\(last)}.a] "
                        + "%[fx:p{\(last),\(last)}.a] %[fx:p{\(mid),\(mid)}.a]", "info:",
                ])
        }

        // MARK: Results

        @Test func aCircleHasTransparentCorners() throws {
            let w = try workspace()
            try expectSuccess(
                in: w, ["--crop=120x120+50+40", "--shape=circle", "--output=out/a.png", "in/photo.png"],
                source: "in/photo.png")
            #expect(try vipsSize(w.url("out/a.png")) == "120x120")
            #expect(try Tool.run(Self.identify, ["-format", "%[channels]", w.url("out/a.png").path]) == "srgba")
            #expect(try cornerAndCentreAlpha(w.url("out/a.png"), side: 120) == "0 0 0 0 1")
            // Inside, the pixels are ImageMagick's own crop of the same geometry.
            try Tool.run(
                Self.convert, [w.url("in/photo.png").path, "-crop", "120x120+50+40", "+repage", w.url("out/ref.png").path])
            let ours = try Tool.run(
                Self.convert, [w.url("out/a.png").path, "-format", "%[fx:p{60,60}.r] %[fx:p{30,70}.g]", "info:"])
            let theirs = try Tool.run(
                Self.convert, [w.url("out/ref.png").path, "-format", "%[fx:p{60,60}.r] %[fx:p{30,70}.g]", "info:"])
            #expect(ours == theirs)
        }

        @Test func aWebPCircle() throws {
            let w = try workspace()
            try expectSuccess(
                in: w, ["--crop=100x100", "--shape", "circle", "--output=out/a.webp", "in/photo.png"],
                source: "in/photo.png")
            #expect(try cornerAndCentreAlpha(w.url("out/a.webp"), side: 100) == "0 0 0 0 1")
        }

        @Test func sizeScalesDownAndUpToExactlyN() throws {
            let w = try workspace()
            for (size, expected) in [("64", "64x32"), ("1000", "1000x500"), ("200", "200x100")] {
                try expectSuccess(
                    in: w, ["--crop=200x100+100+100", "--size=\(size)", "--output=out/a.jpg", "in/photo.png"],
                    source: "in/photo.png")
                #expect(try vipsSize(w.url("out/a.jpg")) == expected, "--size=\(size)")
                #expect(try Tool.size(of: w.url("out/a.jpg")) == expected)
            }
            // A portrait crop: its height is the longer side.
            try expectSuccess(
                in: w, ["--crop=90x270+0+0", "--size", "30", "--output=out/b.png", "in/photo.png"],
                source: "in/photo.png")
            #expect(try vipsSize(w.url("out/b.png")) == "10x30")
        }

        @Test func aCircleAtASize() throws {
            let w = try workspace()
            try expectSuccess(
                in: w, ["--crop=150x150+100+50", "--shape=circle", "--size=48", "--output=out/a.png", "in/photo.png"],
                source: "in/photo.png")
            #expect(try vipsSize(w.url("out/a.png")) == "48x48")
            #expect(try cornerAndCentreAlpha(w.url("out/a.png"), side: 48) == "0 0 0 0 1")
        }

        // MARK: The sidecar

        /// Kept with the crop, and used by a later export without --crop.
        @Test func theSidecarKeepsShapeAndSizeForALaterExport() throws {
            let w = try workspace("in/photo.jpg")
            try expectSuccess(
                in: w, ["--sidecar", "--crop=150x150+100+50", "--shape=circle", "--size=64", "in/photo.jpg"],
                source: "in/photo.jpg")
            // exiftool, an independent reader, finds our own tags beside Lightroom's.
            let tags = try Tool.run(
                "exiftool",
                [
                    "-s3", "-XMP-cropeditor:Shape", "-XMP-cropeditor:OutputSize",
                    w.url("in/photo.jpg.xmp").path,
                ])
            #expect(tags.split(separator: "\n") == ["circle", "64"], "\(tags)")
            try expectSuccess(in: w, ["--output=out/kept.png", "in/photo.jpg"], source: "in/photo.jpg")
            #expect(try vipsSize(w.url("out/kept.png")) == "64x64")
            #expect(try cornerAndCentreAlpha(w.url("out/kept.png"), side: 64) == "0 0 0 0 1")
            // The command line wins over what was kept.
            try expectSuccess(
                in: w, ["--shape=rectangle", "--size=32", "--output=out/plain.jpg", "in/photo.jpg"],
                source: "in/photo.jpg")
            #expect(try vipsSize(w.url("out/plain.jpg")) == "32x32")
            // An explicit --crop leaves the kept shape and size alone.
            try expectSuccess(in: w, ["--crop=20x10", "--output=out/own.png", "in/photo.jpg"], source: "in/photo.jpg")
            #expect(try Tool.run(Self.identify, ["-format", "%wx%h %[channels]", w.url("out/own.png").path]) == "20x10 srgb")
        }

        @Test func aKeptCircleWithAJPEGOutputSaysWhereTheCircleCameFrom() throws {
            let w = try workspace("in/photo.jpg")
            try expectSuccess(in: w, ["--sidecar", "--crop=100x100", "--shape=circle", "in/photo.jpg"], source: "in/photo.jpg")
            let result = try expectCleanFailure(
                in: w, ["--output=out/a.jpg", "in/photo.jpg"], image: "in/photo.jpg",
                reasons: ["kept for it is a circle"], output: "out/a.jpg")
            #expect(result.errorLines.first?.contains("--shape=rectangle") == true)
        }

        @Test func otherExportOptionsAreStillRefusedWithTheSidecar() throws {
            let w = try workspace()
            for option in ["--quality=80", "--lossless", "--strip=gps", "--rotate=90", "--flip=vertical"] {
                let name = String(option.dropFirst(2).prefix { $0 != "=" })
                let result = try expectCleanFailure(
                    in: w, ["--sidecar", "--crop=10x10", "--shape=circle", option, "in/photo.png"],
                    image: "in/photo.png", reasons: ["--\(name) applies to --output"], output: nil)
                #expect(result.status == 2)
            }
        }

        // MARK: Bad values

        @Test func aBadShape() throws {
            let w = try workspace()
            for shape in ["square", "Circle", "circle ", "oval", "0"] {
                let result = try expectCleanFailure(
                    in: w, ["--crop=10x10", "--output=out/a.png", "--shape=\(shape)", "in/photo.png"],
                    image: "in/photo.png", reasons: ["--shape must be circle or rectangle"],
                    output: "out/a.png")
                #expect(result.status == 2)
            }
            try expectCleanFailure(
                in: w, ["--crop=10x10", "--output=out/a.png", "in/photo.png", "--shape"], image: nil,
                reasons: ["--shape needs a value"], output: "out/a.png")
        }

        @Test func aBadSize() throws {
            let w = try workspace()
            for size in ["0", "-3", "abc", "1.5", "64px", "1e3", "99999999999999999999", "10000001"] {
                let result = try expectCleanFailure(
                    in: w, ["--crop=10x10", "--output=out/a.png", "--size", size, "in/photo.png"],
                    image: "in/photo.png", reasons: ["--size must be a whole number of pixels"],
                    output: "out/a.png")
                #expect(result.status == 2, "--size \(size)")
            }
            // Past what the output's format holds.
            try expectCleanFailure(
                in: w, ["--crop=10x10", "--output=out/a.webp", "--size=16384", "in/photo.png"],
                image: "in/photo.png", reasons: ["from 1 to 16383 for a .webp output"], output: "out/a.webp")
            try expectCleanFailure(
                in: w, ["--sidecar", "--crop=10x10", "--size=0", "in/photo.png"],
                image: "in/photo.png", reasons: ["--size must be a whole number of pixels"], output: nil)
        }

        /// A format without alpha cannot hold a circle's corners: refused before anything is written.
        @Test func aCircleIntoJPEGOrTIFF() throws {
            let w = try workspace()
            for output in ["out/a.jpg", "out/a.jpeg", "out/a.tif", "out/a.TIFF"] {
                let result = try expectCleanFailure(
                    in: w, ["--crop=100x100", "--shape=circle", "--output=\(output)", "in/photo.png"],
                    image: "in/photo.png", reasons: ["needs a .png or .webp"], output: output)
                #expect(result.status == 2)
            }
        }

        @Test func losslessWithACircleOrASize() throws {
            let w = try workspace("in/photo.jpg")
            let circle = try expectCleanFailure(
                in: w,
                [
                    "--crop=160x160+16+16", "--lossless", "--shape=circle", "--output=out/a.png",
                    "in/photo.jpg",
                ],
                image: "in/photo.jpg", reasons: ["--lossless cannot cut a circle"], output: "out/a.png")
            #expect(circle.status == 2)
            let sized = try expectCleanFailure(
                in: w,
                [
                    "--crop=160x160+16+16", "--lossless", "--size=80", "--output=out/a.jpg",
                    "in/photo.jpg",
                ],
                image: "in/photo.jpg", reasons: ["--lossless cannot scale to --size"], output: "out/a.jpg")
            #expect(sized.status == 2)
        }

        /// A kept size with --lossless: the export refuses rather than quietly re-encoding or ignoring the size.
        @Test func losslessWithAKeptSize() throws {
            let w = try workspace("in/photo.jpg")
            try expectSuccess(in: w, ["--sidecar", "--crop=160x160+16+16", "--size=80", "in/photo.jpg"], source: "in/photo.jpg")
            try expectCleanFailure(
                in: w, ["--lossless", "--output=out/a.jpg", "in/photo.jpg"], image: "in/photo.jpg",
                reasons: ["lossless"], output: "out/a.jpg")
        }
    }
}
