// --perspective and --upright: the real binary against ImageMagick's -distort Perspective and Upright's model; refusals.

import CropKit
import Foundation
import Imaging
import Testing

@testable import TestSupport

extension HeadlessBinaryTests {
    @Suite struct Perspective {
        /// The corners the tests give, clockwise from the top left, on an 800 × 600 picture.
        static let corners = [
            CropPoint(x: 120, y: 80), CropPoint(x: 700, y: 130), CropPoint(x: 760, y: 560), CropPoint(x: 60, y: 500),
        ]
        static var argument: String { corners.map { "\(Int($0.x)),\(Int($0.y))" }.joined(separator: ",") }

        /// A smooth photo-like picture (ImageMagick's resampling and ours agree where nothing is finer than a pixel).
        private func smoothPicture(_ w: Workspace, _ relative: String) throws {
            try Tool.run(
                "convert",
                ["-seed", "7", "-size", "800x600", "plasma:fractal", "-blur", "0x2", "-depth", "8", w.url(relative).path])
        }

        /// ImageMagick's -distort Perspective of `corners` to the corners of `size` (its pixels cover i…i+1 too).
        private func imageMagick(_ w: Workspace, _ corners: [CropPoint], _ size: PixelSize, to output: String) throws {
            let targets = [(0, 0), (size.width, 0), (size.width, size.height), (0, size.height)]
            let pairs = zip(corners, targets).map { "\($0.x),\($0.y) \($1.0),\($1.1)" }.joined(separator: "  ")
            try Tool.run(
                "convert",
                [
                    w.url("in/smooth.png").path, "-virtual-pixel", "edge",
                    "-define", "distort:viewport=\(size.width)x\(size.height)+0+0", "-distort", "Perspective", pairs,
                    "+repage", "-depth", "8", w.url(output).path,
                ])
        }

        private func meanDifference(_ a: URL, _ b: URL) throws -> Double {
            let mean = try Tool.run(
                "convert", [a.path, b.path, "-compose", "difference", "-composite", "-format", "%[fx:mean]", "info:"])
            return try #require(Double(mean)) * 255
        }

        /// The corners given are rectified at the quadrilateral's own resolution in --aspect's proportions, as
        /// ImageMagick's -distort Perspective makes the same corners into the same size; in percent, the same.
        @Test func givenCornersAreRectifiedAsImageMagickDoes() throws {
            let w = try Workspace()
            try smoothPicture(w, "in/smooth.png")
            let quad = try #require(PerspectiveQuad(Self.corners))
            let size = Rectification.naturalSize(quad: quad, ratio: 3.0 / 2.0)
            try expectSuccess(
                in: w, ["--perspective=\(Self.argument)", "--aspect=3:2", "--output=out/ours.png", "in/smooth.png"],
                source: "in/smooth.png", output: "out/ours.png", size: "\(size.width)x\(size.height)")
            try imageMagick(w, Self.corners, size, to: "out/im.png")
            let difference = try meanDifference(w.url("out/ours.png"), w.url("out/im.png"))
            #expect(difference <= 1, "mean absolute difference \(difference) levels")
            // A top left corner 10 pixels off is told apart: the comparison can fail.
            var off = Self.corners
            off[0] = CropPoint(x: off[0].x + 10, y: off[0].y + 10)
            try imageMagick(w, off, size, to: "out/off.png")
            #expect(try meanDifference(w.url("out/ours.png"), w.url("out/off.png")) > 2 * max(difference, 0.5))
            // The same corners in percent of the picture: the same pixels.
            let percent = Self.corners.map { "\($0.x / 8)%,\($0.y / 6)%" }.joined(separator: ",")
            try expectSuccess(
                in: w, ["--perspective=\(percent)", "--aspect=3:2", "--output=out/percent.png", "in/smooth.png"],
                source: "in/smooth.png", output: "out/percent.png", size: "\(size.width)x\(size.height)")
            #expect(try meanDifference(w.url("out/ours.png"), w.url("out/percent.png")) == 0)
        }

        /// --crop is measured on the rectified picture, and --size scales what it cuts.
        @Test func theCropAndTheSizeWorkOnTheRectifiedPicture() throws {
            let w = try Workspace()
            try smoothPicture(w, "in/smooth.png")
            let whole = ["--perspective=\(Self.argument)", "--aspect=3:2"]
            try expectSuccess(in: w, whole + ["--output=out/whole.png", "in/smooth.png"], source: "in/smooth.png")
            try expectSuccess(
                in: w, whole + ["--crop=200x100+40+30", "--output=out/part.png", "in/smooth.png"], source: "in/smooth.png",
                output: "out/part.png", size: "200x100")
            try Tool.run(
                "convert", [w.url("out/whole.png").path, "-crop", "200x100+40+30", "+repage", w.url("out/cut.png").path])
            #expect(try meanDifference(w.url("out/part.png"), w.url("out/cut.png")) <= 0.5)
            try expectSuccess(
                in: w, whole + ["--size=300x200", "--output=out/sized.jpg", "in/smooth.png"], source: "in/smooth.png",
                output: "out/sized.jpg", size: "300x200")
            // A page by its paper's name: A4 at 300 ppi, its ratio taken for the page's without --aspect.
            try expectSuccess(
                in: w, ["--perspective=\(Self.argument)", "--print-size=a4", "--output=out/a4.png", "in/smooth.png"],
                source: "in/smooth.png", output: "out/a4.png", size: "2480x3508")
            try expectSuccess(
                in: w, whole + ["--print-size=6x4in", "--resolution=100", "--output=out/print.png", "in/smooth.png"],
                source: "in/smooth.png", output: "out/print.png", size: "600x400")
        }

        /// A batch over two jobs and a pipe make what one file's command makes.
        @Test func aBatchAndAPipeRectifyAsOneFileDoes() throws {
            let w = try Workspace()
            try smoothPicture(w, "in/smooth.png")
            try FileManager.default.copyItem(at: w.url("in/smooth.png"), to: w.url("in/copy.png"))
            let corners = "--perspective=15%,13%,87%,21%,95%,93%,7%,83%"
            try expectSuccess(in: w, [corners, "--output=out/one.png", "in/smooth.png"], source: "in/smooth.png")
            try expectSuccess(
                in: w, [corners, "--jobs=2", "--output-dir=out/batch", "in/smooth.png", "in/copy.png"], source: "in/smooth.png")
            for name in ["smooth.png", "copy.png"] {
                #expect(try meanDifference(w.url("out/one.png"), w.url("out/batch/" + name)) == 0, "\(name)")
            }
            let piped = try PipedRun(
                [corners, "--format=png", "--output=-", "-"], input: Data(contentsOf: w.url("in/smooth.png")), in: w)
            #expect(piped.status == 0)
            try piped.output.write(to: w.url("out/piped.png"))
            #expect(try meanDifference(w.url("out/one.png"), w.url("out/piped.png")) == 0)
        }

        /// auto finds a page photographed at a slant: the result is the page (white), in its proportions; a
        /// picture without one is one line, exit 1, nothing written.
        @Test func autoFindsThePageOrSaysThereIsNone() throws {
            let w = try Workspace()
            try Tool.run(
                "convert",
                [
                    "-seed", "3", "-size", "900x700", "plasma:", "-blur", "0x2", "-modulate", "40", "-fill", "white",
                    "-draw", "polygon 180,110 700,150 660,600 210,560", "-depth", "8", w.url("in/page.png").path,
                ])
            try expectSuccess(in: w, ["--perspective=auto", "--output=out/page.png", "in/page.png"], source: "in/page.png")
            let brightness = try #require(
                Double(Tool.run("convert", [w.url("out/page.png").path, "-format", "%[fx:mean]", "info:"])))
            #expect(brightness > 0.9, "the result is not the white page: mean \(brightness)")
            try Tool.run("convert", ["-size", "600x400", "gradient:gray20-gray80", w.url("in/plain.png").path])
            try expectCleanFailure(
                in: w, ["--perspective=auto", "--output=out/none.png", "in/plain.png"], image: "in/plain.png",
                reasons: ["found no document"], output: "out/none.png")
        }

        /// --upright=auto on a street front seen by a camera turned up: what the model's own correction of the file
        /// gives, rectified as --perspective makes those corners (and turned with --rotate); no lines is one line.
        @Test func uprightMakesWhatTheModelsCorrectionGives() throws {
            let w = try Workspace()
            // Eight columns from the foot of the picture to its top, leaning in towards a point far above it.
            let columns = stride(from: 100, through: 800, by: 100).map { x in
                "line \(x),600 \(450 + Int(Double(x - 450) * 0.8)),0"
            }
            try Tool.run(
                "convert",
                ["-size", "900x600", "xc:#c8c0b0", "-stroke", "#303030", "-strokewidth", "5"]
                    + columns.flatMap { ["-draw", $0] } + ["-depth", "8", w.url("in/street.png").path])
            guard case .corrected(let correction) = try PerspectiveSuggestions.upright(path: w.url("in/street.png").path) else {
                Issue.record("the model found no correction for the street")
                return
            }
            let size = correction.rectification.size
            try expectSuccess(
                in: w, ["--upright=auto", "--output=out/upright.png", "in/street.png"], source: "in/street.png",
                output: "out/upright.png", size: "\(size.width)x\(size.height)")
            let corners = correction.rectification.quad.corners.map { "\($0.x),\($0.y)" }.joined(separator: ",")
            let ratio = "\(size.width):\(size.height)"
            try expectSuccess(
                in: w,
                [
                    "--perspective=\(corners)", "--aspect=\(ratio)", "--size=\(size.width)x\(size.height)",
                    "--output=out/given.png", "in/street.png",
                ], source: "in/street.png")
            #expect(try meanDifference(w.url("out/upright.png"), w.url("out/given.png")) <= 0.5)
            try expectSuccess(
                in: w, ["--upright=auto", "--rotate=90", "--output=out/turned.png", "in/street.png"], source: "in/street.png",
                output: "out/turned.png", size: "\(size.height)x\(size.width)")
            try Tool.run("convert", [w.url("out/upright.png").path, "-rotate", "90", w.url("out/rotated.png").path])
            #expect(try meanDifference(w.url("out/turned.png"), w.url("out/rotated.png")) <= 0.5)
            try Tool.run("convert", ["-size", "600x400", "xc:gray50", w.url("in/flat.png").path])
            try expectCleanFailure(
                in: w, ["--upright=auto", "--output=out/flat.png", "in/flat.png"], image: "in/flat.png",
                reasons: ["found no vertical or level lines"], output: "out/flat.png")
        }

        /// --sidecar keeps the correction with the crop (our namespace: exiftool reads the corners on the upright
        /// picture, the proportions only when given); --output without --crop then cuts the explicit command's
        /// pixels, turned by --rotate as any kept crop is. A crop kept as the editor keeps one does the same.
        @Test func aKeptPerspectiveCutsWhatTheExplicitCommandCuts() throws {
            let w = try Workspace()
            try smoothPicture(w, "in/smooth.png")
            let sidecar = w.url("in/smooth.png.xmp").path
            let given = ["--perspective=\(Self.argument)", "--crop=300x200+40+30"]
            try expectSuccess(
                in: w, given + ["--output=out/explicit.png", "in/smooth.png"], source: "in/smooth.png",
                output: "out/explicit.png", size: "300x200")
            try expectSuccess(in: w, ["--sidecar"] + given + ["in/smooth.png"], source: "in/smooth.png")
            let corners = try Tool.run("exiftool", ["-s3", "-XMP-cropeditor:PerspectiveCorners", sidecar])
            let upright = Self.corners.flatMap { [$0.x / 800, $0.y / 600] }
            #expect(zip(corners.split(separator: ",").compactMap { Double($0) }, upright).allSatisfy { abs($0 - $1) < 1e-12 })
            #expect(try Tool.run("exiftool", ["-s3", "-XMP-cropeditor:PerspectiveRatio", sidecar]) == "")
            try expectSuccess(
                in: w, ["--output=out/kept.png", "in/smooth.png"], source: "in/smooth.png", output: "out/kept.png",
                size: "300x200")
            #expect(try meanDifference(w.url("out/explicit.png"), w.url("out/kept.png")) == 0)
            try expectSuccess(
                in: w, ["--rotate=90", "--output=out/turned.png", "in/smooth.png"], source: "in/smooth.png",
                output: "out/turned.png", size: "200x300")
            try Tool.run("convert", [w.url("out/explicit.png").path, "-rotate", "90", w.url("out/rotated.png").path])
            #expect(try meanDifference(w.url("out/turned.png"), w.url("out/rotated.png")) <= 0.5)
            // Given proportions are kept as given; the editor's way of keeping a crop (the same writer) reads the same.
            let quad = try #require(PerspectiveQuad(Self.corners))
            let size = Rectification.naturalSize(quad: quad, ratio: 1.5)
            let whole = ["--perspective=\(Self.argument)", "--aspect=3:2"]
            try expectSuccess(in: w, ["--sidecar"] + whole + ["in/smooth.png"], source: "in/smooth.png")
            #expect(try Tool.run("exiftool", ["-s3", "-XMP-cropeditor:PerspectiveRatio", sidecar]) == "1.5")
            try expectSuccess(in: w, whole + ["--output=out/given.png", "in/smooth.png"], source: "in/smooth.png")
            let part = CropRect(
                pixelRect: PixelRect(x: 50, y: 20, width: 400, height: 300), imageWidth: size.width, imageHeight: size.height)
            try Sidecar.write(
                StoredCrop(
                    rect: part, perspectiveCorners: Self.corners.map { CropPoint(x: $0.x / 800, y: $0.y / 600) },
                    perspectiveRatio: 1.5),
                for: w.url("in/smooth.png").path)
            try expectSuccess(
                in: w, ["--output=out/editor.png", "in/smooth.png"], source: "in/smooth.png", output: "out/editor.png",
                size: "400x300")
            try Tool.run(
                "convert", [w.url("out/given.png").path, "-crop", "400x300+50+20", "+repage", w.url("out/cut.png").path])
            #expect(try meanDifference(w.url("out/editor.png"), w.url("out/cut.png")) <= 0.5)
        }

        @Test func badQuadrilateralsAndValuesAreOneLineAndNothingWritten() throws {
            let w = try Workspace()
            try smoothPicture(w, "in/smooth.png")
            let bad: [(String, [String])] = [
                ("120,80,760,560,700,130,60,500", ["cross"]),  // two corners swapped: the sides cross
                ("120,80,700,130,900,560,60,500", ["outside"]),  // a corner past the picture's right edge
                ("1,2,3", ["--perspective must be"]),
                ("10,10,20,10,20,20,x,20", ["--perspective must be"]),
            ]
            for (value, reasons) in bad {
                let run = try expectCleanFailure(
                    in: w, ["--perspective=\(value)", "--output=out/bad.png", "in/smooth.png"], image: nil, reasons: reasons,
                    output: "out/bad.png")
                #expect(run.status == 1 || run.status == 2, "\(value): \(run.status)")
            }
            try expectCleanFailure(
                in: w, ["--perspective=\(Self.argument)", "--lossless", "--output=out/l.jpg", "in/smooth.png"], image: nil,
                reasons: ["--lossless cannot be combined with --perspective"], output: "out/l.jpg")
        }
    }
}
