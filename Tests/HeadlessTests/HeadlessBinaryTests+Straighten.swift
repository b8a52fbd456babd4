// --straighten: the real binary's turn against ImageMagick's -distort SRT, nothing from outside, shapes, sidecar, auto, refusals.

import CropKit
import Foundation
import Testing

@testable import TestSupport

extension HeadlessBinaryTests {
    @Suite struct Straighten {
        /// A smooth photo-like picture: fractal plasma, blurred (ImageMagick's EWA resampling and
        /// libvips' bicubic only agree where there is no detail finer than a pixel).
        private func smoothPicture(_ w: Workspace, _ relative: String, size: String = "600x400") throws {
            try Tool.run("convert", ["-size", size, "plasma:fractal", "-blur", "0x3", "-depth", "8", w.url(relative).path])
        }

        /// The mean absolute difference of two pictures in 8-bit levels, over every channel.
        private func meanDifference(_ a: URL, _ b: URL) throws -> Double {
            let mean = try Tool.run(
                "convert", [a.path, b.path, "-compose", "difference", "-composite", "-format", "%[fx:mean]", "info:"])
            return try #require(Double(mean)) * 255
        }

        /// ImageMagick's `-distort SRT` placing the picture's centre where the model puts it in the
        /// crop: the turned box's centre less the crop's corner (ImageMagick's pixels cover i…i+1 too).
        private func imageMagickReference(
            _ w: Workspace, source: String, width: Int, height: Int, angle: Double, crop: PixelRect, output: String,
            before operators: [String] = []
        ) throws {
            let box = TurnedPicture(width: width, height: height, angle: StraightenAngle(degrees: angle)).boundingSize
            let x = Double(box.width) / 2 - Double(crop.x), y = Double(box.height) / 2 - Double(crop.y)
            try Tool.run(
                "convert",
                [
                    w.url(source).path
                ] + operators + [
                    "-define", "distort:viewport=\(crop.width)x\(crop.height)+0+0",
                    "-distort", "SRT", "\(Double(width) / 2),\(Double(height) / 2) 1 \(angle) \(x),\(y)", "+repage",
                    "-depth", "8", w.url(output).path,
                ])
        }

        @Test(arguments: [
            (7.0, PixelRect(x: 120, y: 80, width: 400, height: 300)), (-3.25, PixelRect(x: 31, y: 40, width: 530, height: 330)),
        ])
        func matchesImageMagickDistortSRT(angle: Double, crop: PixelRect) throws {
            let w = try Workspace()
            try smoothPicture(w, "in/smooth.png")
            try expectSuccess(
                in: w, ["--straighten=\(angle)", "--crop=\(crop)", "--output=out/ours.png", "in/smooth.png"],
                source: "in/smooth.png", output: "out/ours.png", size: "\(crop.width)x\(crop.height)")
            try imageMagickReference(
                w, source: "in/smooth.png", width: 600, height: 400, angle: angle, crop: crop, output: "out/im.png")
            let difference = try meanDifference(w.url("out/ours.png"), w.url("out/im.png"))
            #expect(difference <= 2, "mean absolute difference \(difference) levels")
            // The other way round is far off: the comparison can tell the direction apart.
            try imageMagickReference(
                w, source: "in/smooth.png", width: 600, height: 400, angle: -angle, crop: crop, output: "out/wrong.png")
            #expect(try meanDifference(w.url("out/ours.png"), w.url("out/wrong.png")) > 4)
        }

        /// The angle applies last: after the EXIF orientation, the flip and the quarter turn.
        @Test func theTurnComesAfterOrientationFlipAndRotate() throws {
            let w = try Workspace()
            try smoothPicture(w, "in/smooth.png")
            try Tool.run(
                "convert", [w.url("in/smooth.png").path, "-rotate", "270", "-quality", "97", w.url("in/tagged.jpg").path])
            try Tool.run("exiftool", ["-q", "-overwrite_original", "-Orientation#=6", w.url("in/tagged.jpg").path])
            let crop = PixelRect(x: 60, y: 70, width: 300, height: 420)
            try expectSuccess(
                in: w,
                [
                    "--flip=horizontal", "--rotate=90", "--straighten=4", "--crop=\(crop)", "--output=out/ours.png",
                    "in/tagged.jpg",
                ],
                source: "in/tagged.jpg", output: "out/ours.png", size: "300x420")
            // The tagged JPEG shows the 600×400 picture upright; flipped and turned it is 400×600.
            try imageMagickReference(
                w, source: "in/tagged.jpg", width: 400, height: 600, angle: 4, crop: crop, output: "out/im.png",
                before: ["-auto-orient", "-flop", "-rotate", "90"])
            let difference = try meanDifference(w.url("out/ours.png"), w.url("out/im.png"))
            #expect(difference <= 2, "mean absolute difference \(difference) levels")
        }

        /// A kept angle seen through --flip turns the other way, and its crop is mirrored on the box.
        @Test func aKeptAngleIsMirroredWithThePicture() throws {
            let w = try Workspace()
            try smoothPicture(w, "in/smooth.png")
            try expectSuccess(
                in: w, ["--sidecar", "--straighten=5", "--crop=300x200+100+90", "in/smooth.png"], source: "in/smooth.png")
            try expectSuccess(
                in: w, ["--flip=horizontal", "--output=out/kept.png", "in/smooth.png"], source: "in/smooth.png",
                output: "out/kept.png", size: "300x200")
            let box = TurnedPicture(width: 600, height: 400, angle: StraightenAngle(degrees: 5)).boundingSize
            try expectSuccess(
                in: w,
                [
                    "--flip=horizontal", "--straighten=-5", "--crop=300x200+\(box.width - 400)+90", "--output=out/explicit.png",
                    "in/smooth.png",
                ],
                source: "in/smooth.png", output: "out/explicit.png", size: "300x200")
            #expect(try meanDifference(w.url("out/kept.png"), w.url("out/explicit.png")) == 0)
        }

        /// Without --crop: the largest rectangle of the picture's proportions inside the turned
        /// picture, and not one pixel of it from outside the picture.
        @Test func aUniformPictureTurnedSevenDegreesHasNoPixelFromOutside() throws {
            let w = try Workspace()
            try Tool.run("convert", ["-size", "601x401", "xc:rgb(200,100,50)", w.url("in/flat.png").path])
            let turned = TurnedPicture(width: 601, height: 401, angle: StraightenAngle(degrees: 7))
            let expected = turned.pixelRect(for: turned.largestUprightCrop)
            try expectSuccess(
                in: w, ["--straighten=7", "--output=out/flat.png", "in/flat.png"], source: "in/flat.png",
                output: "out/flat.png", size: "\(expected.width)x\(expected.height)")
            let extremes = try Tool.run(
                "convert",
                [
                    w.url("out/flat.png").path, "-format",
                    "%[fx:minima.r*255] %[fx:maxima.r*255] %[fx:minima.g*255] %[fx:maxima.g*255] %[fx:minima.b*255] %[fx:maxima.b*255]",
                    "info:",
                ]
            ).split(separator: " ").compactMap { Double($0) }
            #expect(extremes.count == 6)
            for (index, colour) in [200.0, 100, 50].enumerated() {
                #expect(abs(extremes[2 * index] - colour) <= 1 && abs(extremes[2 * index + 1] - colour) <= 1, "\(extremes)")
            }
        }

        @Test func sixteenBitsAndAlphaAreKept() throws {
            let w = try Workspace()
            try Tool.run(
                "convert",
                [
                    "-size", "300x200", "gradient:red-blue", "-depth", "16", "(", "-size", "300x200", "gradient:white-gray20",
                    ")",
                    "-compose", "copyopacity", "-composite", w.url("in/deep.png").path,
                ])
            try expectSuccess(
                in: w, ["--straighten=-3.5", "--crop=200x150+40+30", "--output=out/deep.png", "in/deep.png"],
                source: "in/deep.png", output: "out/deep.png", size: "200x150")
            #expect(try Tool.run("identify", ["-format", "%z %A", w.url("out/deep.png").path]) == "16 True")
            // The alpha gradient turned, not lost: the top is more opaque than the bottom.
            let top = try Tool.run(
                "convert",
                [w.url("out/deep.png").path, "-alpha", "extract", "-crop", "200x10+0+0", "-format", "%[fx:mean]", "info:"])
            let bottom = try Tool.run(
                "convert",
                [w.url("out/deep.png").path, "-alpha", "extract", "-crop", "200x10+0+140", "-format", "%[fx:mean]", "info:"])
            #expect(try #require(Double(top)) > (try #require(Double(bottom))) + 0.1)
        }

        @Test func aCircleAndASizeCompose() throws {
            let w = try Workspace()
            try smoothPicture(w, "in/smooth.png")
            try expectSuccess(
                in: w,
                [
                    "--straighten=5", "--crop=200x200+60+20", "--shape=circle", "--size=100", "--output=out/round.png",
                    "in/smooth.png",
                ],
                source: "in/smooth.png", output: "out/round.png", size: "100x100")
            let corner = try Tool.run(
                "convert", [w.url("out/round.png").path, "-format", "%[fx:p{0,0}.a] %[fx:p{50,50}.a]", "info:"])
            #expect(corner == "0 1")
        }

        @Test func aCropReachingOutsideTheTurnedPictureIsRefused() throws {
            let w = try Workspace()
            try smoothPicture(w, "in/smooth.png")
            // The whole bounding box: its corners lie outside the turned picture.
            let result = try expectCleanFailure(
                in: w, ["--straighten=7", "--crop=100%x100%", "--output=out/a.png", "in/smooth.png"],
                image: "in/smooth.png", reasons: ["the crop reaches outside the straightened picture"], output: "out/a.png")
            #expect(result.status == 2)
        }

        @Test func badAnglesAndLosslessAreOneLineWithExitTwo() throws {
            let w = try Workspace()
            try w.picture("in/photo.jpg")
            for (arguments, words) in [
                (["--straighten=45.01"], ["out of range"]), (["--straighten=-90"], ["out of range"]),
                (["--straighten=2,5"], ["not a number of degrees"]), (["--straighten=level"], ["not a number of degrees"]),
                (["--straighten=3", "--lossless"], ["--lossless cannot straighten"]),
            ] {
                let result = try expectCleanFailure(
                    in: w, arguments + ["--crop=10x10+100+100", "--output=out/a.jpg", "in/photo.jpg"],
                    image: "in/photo.jpg", reasons: words, output: "out/a.jpg")
                #expect(result.status == 2, "\(arguments)")
            }
        }

        /// The sidecar keeps the angle (exiftool reads it back as Lightroom's CropAngle, the
        /// opposite sign) and an export from it equals the explicit command, pixel for pixel.
        @Test func theSidecarKeepsTheAngleAndExportsTheSame() throws {
            let w = try Workspace()
            try smoothPicture(w, "in/smooth.png")
            let arguments = ["--straighten=7.25", "--crop=400x300+120+80"]
            try expectSuccess(in: w, ["--sidecar"] + arguments + ["in/smooth.png"], source: "in/smooth.png")
            let angle = try Tool.run("exiftool", ["-s3", "-XMP-crs:CropAngle", w.url("in/smooth.png.xmp").path])
            #expect(Double(angle) == -7.25, "\(angle)")
            try expectSuccess(
                in: w, arguments + ["--output=out/explicit.png", "in/smooth.png"], source: "in/smooth.png",
                output: "out/explicit.png", size: "400x300")
            try expectSuccess(
                in: w, ["--output=out/kept.png", "in/smooth.png"], source: "in/smooth.png", output: "out/kept.png",
                size: "400x300")
            #expect(
                try Tool.run("compare", ["-metric", "AE", w.url("out/explicit.png").path, w.url("out/kept.png").path, "null:"])
                    == "")
            #expect(try meanDifference(w.url("out/explicit.png"), w.url("out/kept.png")) == 0)
        }

        /// A horizon tilted 4° counterclockwise comes out level; a picture without lines is refused.
        @Test func autoLevelsAHorizonAndRefusesAPictureWithoutLines() throws {
            let w = try Workspace()
            try Tool.run(
                "convert",
                [
                    "-size", "1000x700", "xc:rgb(120,170,220)", "-fill", "rgb(30,60,90)", "-draw", "rectangle 0,350 1000,700",
                    "-distort", "SRT", "-4", "+repage", "-gravity", "center", "-crop", "800x560+0+0", "+repage", "-depth", "8",
                    w.url("in/tilted.png").path,
                ])
            let result = try w.run(["--straighten=auto", "--output=out/level.png", "in/tilted.png"])
            #expect(result.status == 0, "\(result.standardError)")
            let size = try Tool.size(of: w.url("out/level.png")).split(separator: "x").compactMap { Int($0) }
            // The share of sky in a column is the horizon's row over the height.
            func horizon(atColumn x: Int) throws -> Double {
                let sky = try Tool.run(
                    "convert",
                    [
                        w.url("out/level.png").path, "-crop", "1x\(size[1])+\(x)+0", "-colorspace", "gray", "-threshold", "50%",
                        "-format", "%[fx:mean]", "info:",
                    ])
                return try #require(Double(sky)) * Double(size[1])
            }
            let left = try horizon(atColumn: 5), right = try horizon(atColumn: size[0] - 6)
            #expect(abs(left - right) <= 1.5, "the horizon runs from row \(left) to row \(right)")
            try Tool.run("convert", ["-size", "400x300", "xc:gray50", w.url("in/flat.png").path])
            let refused = try expectCleanFailure(
                in: w, ["--straighten=auto", "--output=out/flat.png", "in/flat.png"], image: "in/flat.png",
                reasons: ["found no level or plumb lines"], output: "out/flat.png")
            #expect(refused.status == 1)
        }
    }
}
