// A sidecar's frames and cuts made by the real binary without --crop, one result a frame, against ImageMagick's -chop and -crop.

import CropKit
import Foundation
import Imaging
import Testing

@testable import TestSupport

extension HeadlessBinaryTests {
    @Suite struct KeptFrames {
        /// The picture's size, upright.
        static let size = PixelSize(width: 300, height: 200)
        /// Three frames in whole pixels, as ImageMagick's geometry says them.
        static let geometries = ["100x80+10+20", "120x90+150+60", "60x60+40+120"]

        static func rect(_ geometry: String, on size: PixelSize = size) -> CropRect {
            let n = geometry.split(whereSeparator: { $0 == "x" || $0 == "+" }).compactMap { Int($0) }
            return CropRect(
                pixelRect: PixelRect(x: n[2], y: n[3], width: n[0], height: n[1]), imageWidth: size.width,
                imageHeight: size.height)
        }

        /// Keeps `frames` and `cuts` for `image` as the window's Keep Crop does: an editor holding them,
        /// stored by `StoredCrop.addFrames(of:)`, written by the sidecar's writer.
        static func keep(_ frames: [FrameState], cuts: [PictureCut] = [], for image: URL) throws {
            var editor = CropEditor()
            editor.load(uprightWidth: size.width, uprightHeight: size.height, crop: .unit)
            for cut in cuts { try editor.addCut(cut) }
            if frames.count > 1 { try editor.setFrames(frames) } else { editor.commit(frames[0].crop) }
            var crop = StoredCrop(rect: .unit)
            crop.addFrames(of: editor)
            _ = try Sidecar.write(crop, for: image.path)
        }

        static func imageMagick(_ w: Workspace, _ operations: [String], to output: String) throws {
            try Tool.run("convert", [w.url("in/pic.png").path] + operations + ["+repage", w.url(output).path])
        }

        static func differing(_ w: Workspace, _ a: String, _ b: String) throws -> Int {
            try HeadlessBinaryTests.Cut.differingPixels(w.url(a), w.url(b))
        }

        @Test func everyKeptFrameIsAResultPixelForPixelImageMagicksCrop() throws {
            let w = try Workspace()
            try HeadlessBinaryTests.Cut.picture(w, "in/pic.png")
            try Self.keep(Self.geometries.map { FrameState(crop: Self.rect($0)) }, for: w.url("in/pic.png"))
            try expectSuccess(in: w, ["--output=out/f.png", "in/pic.png"], source: "in/pic.png")
            let names = try FileManager.default.contentsOfDirectory(atPath: w.url("out").path).sorted()
            #expect(names == ["f-1.png", "f-2.png", "f-3.png"])
            for (index, geometry) in Self.geometries.enumerated() {
                try Self.imageMagick(w, ["-crop", geometry], to: "out/im-\(index + 1).png")
                #expect(try Tool.size(of: w.url("out/f-\(index + 1).png")) == Tool.size(of: w.url("out/im-\(index + 1).png")))
                #expect(try Self.differing(w, "out/f-\(index + 1).png", "out/im-\(index + 1).png") == 0, "\(geometry)")
            }
            // The comparison tells frames apart.
            #expect(try Self.differing(w, "out/f-1.png", "out/im-3.png") > 0 || Tool.size(of: w.url("out/f-1.png")) != "60x60")
            // --rotate turns every frame with the picture.
            try expectSuccess(in: w, ["--rotate=90", "--output=out/turned.png", "in/pic.png"], source: "in/pic.png")
            for index in 1...3 {
                try Tool.run("convert", [w.url("out/f-\(index).png").path, "-rotate", "90", w.url("out/r-\(index).png").path])
                #expect(try Self.differing(w, "out/turned-\(index).png", "out/r-\(index).png") == 0)
            }
        }

        /// Named frames (Formats') name their files by ratio; each keeps its own angle, shape and size.
        @Test func eachFrameKeepsItsNameAngleShapeAndSize() throws {
            let w = try Workspace()
            try HeadlessBinaryTests.Cut.picture(w, "in/pic.png")
            let tilted = StraightenAngle(degrees: 3)
            try Self.keep(
                [
                    FrameState(crop: Self.rect("80x80+20+20"), aspectRatio: .square, name: "1:1"),
                    FrameState(crop: Self.rect("80x100+150+50"), outputSize: .longerSide(50), name: "4:5"),
                    FrameState(crop: Self.rect("100x60+100+70"), angle: tilted, shape: .circle, name: "round"),
                ], for: w.url("in/pic.png"))
            try expectSuccess(in: w, ["--output=out/post.png", "in/pic.png"], source: "in/pic.png")
            let names = try FileManager.default.contentsOfDirectory(atPath: w.url("out").path).sorted()
            #expect(names == ["post-1x1.png", "post-4x5.png", "post-round.png"])
            #expect(try Tool.size(of: w.url("out/post-4x5.png")) == "40x50")
            // The tilted circle is what the command line cuts when told the same angle, crop and shape.
            var editor = CropEditor()
            editor.load(
                uprightWidth: Self.size.width, uprightHeight: Self.size.height,
                frames: [FrameState(crop: Self.rect("100x60+100+70"), angle: tilted)])
            let crop = editor.cropPixels
            try expectSuccess(
                in: w,
                [
                    "--straighten=3", "--crop=\(crop.width)x\(crop.height)+\(crop.x)+\(crop.y)", "--shape=circle",
                    "--output=out/told.png", "in/pic.png",
                ], source: "in/pic.png")
            #expect(try Self.differing(w, "out/post-round.png", "out/told.png") == 0)
            try expectSuccess(
                in: w,
                [
                    "--crop=\(crop.width)x\(crop.height)+\(crop.x)+\(crop.y)", "--shape=circle", "--output=out/level.png",
                    "in/pic.png",
                ],
                source: "in/pic.png")
            #expect(try Self.differing(w, "out/post-round.png", "out/level.png") > 100)
        }

        /// Kept cuts are made: ImageMagick's -chop, then -crop of each frame on the joined picture.
        @Test func keptCutsAreImageMagicksChopThenCrop() throws {
            let w = try Workspace()
            try HeadlessBinaryTests.Cut.picture(w, "in/pic.png")
            let cut = PictureCut(axis: .rows, start: 60, length: 40)
            let joined = PixelSize(width: 300, height: 160)
            let frames = ["100x80+20+30", "90x50+180+100"]
            try Self.keep(frames.map { FrameState(crop: Self.rect($0, on: joined)) }, cuts: [cut], for: w.url("in/pic.png"))
            try expectSuccess(in: w, ["--output=out/c.png", "in/pic.png"], source: "in/pic.png")
            for (index, geometry) in frames.enumerated() {
                try Self.imageMagick(w, ["-chop", "0x40+0+60", "-crop", geometry], to: "out/im-\(index + 1).png")
                #expect(try Self.differing(w, "out/c-\(index + 1).png", "out/im-\(index + 1).png") == 0, "\(geometry)")
            }
            // Without the chop the first frame's pixels differ: the cut was made.
            try Self.imageMagick(w, ["-crop", frames[0]], to: "out/unchopped.png")
            #expect(try Self.differing(w, "out/c-1.png", "out/unchopped.png") > 100)
            // One frame with a cut is one result, named as asked, to a file or standard output.
            try Self.keep([FrameState(crop: Self.rect(frames[0], on: joined))], cuts: [cut], for: w.url("in/pic.png"))
            try expectSuccess(in: w, ["--output=out/one.png", "in/pic.png"], source: "in/pic.png")
            #expect(try Self.differing(w, "out/one.png", "out/im-1.png") == 0)
            let piped = try PipedRun(["--format=png", "--output=-", "in/pic.png"], input: nil, in: w)
            #expect(piped.status == 0 && piped.errorLines.isEmpty)
            try piped.output.write(to: w.url("out/piped.png"))
            #expect(try Self.differing(w, "out/piped.png", "out/im-1.png") == 0)
        }

        @Test func aBatchNamesEachPicturesFrames() throws {
            let w = try Workspace()
            try HeadlessBinaryTests.Cut.picture(w, "in/pic.png")
            try FileManager.default.copyItem(at: w.url("in/pic.png"), to: w.url("in/b.png"))
            let frames = Self.geometries.map { FrameState(crop: Self.rect($0)) }
            try Self.keep(frames, for: w.url("in/pic.png"))
            try Self.keep(Array(frames.prefix(2)), for: w.url("in/b.png"))
            try expectSuccess(
                in: w, ["--jobs=2", "--output-dir=out/dir", "in/pic.png", "in/b.png"], source: "in/pic.png")
            let names = try FileManager.default.contentsOfDirectory(atPath: w.url("out/dir").path).sorted()
            #expect(names == ["b-1.png", "b-2.png", "pic-1.png", "pic-2.png", "pic-3.png"])
            for (index, geometry) in Self.geometries.enumerated() {
                try Self.imageMagick(w, ["-crop", geometry], to: "out/im-\(index + 1).png")
                #expect(try Self.differing(w, "out/dir/pic-\(index + 1).png", "out/im-\(index + 1).png") == 0)
            }
            #expect(try Self.differing(w, "out/dir/b-2.png", "out/im-2.png") == 0)
        }

        @Test func anExistingTargetIsOneLineAndNothingWritten() throws {
            let w = try Workspace()
            try HeadlessBinaryTests.Cut.picture(w, "in/pic.png")
            try Self.keep(Self.geometries.map { FrameState(crop: Self.rect($0)) }, for: w.url("in/pic.png"))
            try Data("mine".utf8).write(to: w.url("out/f-2.png"))
            let before = w.snapshot()
            let result = try w.run(["--output=out/f.png", "in/pic.png"])
            #expect(result.exited && result.status == 1)
            #expect(result.errorLines.count == 1)
            #expect(result.errorLines.first?.hasPrefix("crop-editor: in/pic.png: its result out/f-2.png exists already") == true)
            #expect(w.snapshot() == before)
        }

        /// A frame that cannot be made (a kept circle into a JPEG) is named; the others are written.
        @Test func aFailingFrameIsNamedAndTheOthersWritten() throws {
            let w = try Workspace()
            try HeadlessBinaryTests.Cut.picture(w, "in/pic.png")
            var frames = Self.geometries.map { FrameState(crop: Self.rect($0)) }
            frames[1].shape = .circle
            try Self.keep(frames, for: w.url("in/pic.png"))
            let result = try w.run(["--output=out/f.jpg", "in/pic.png"])
            #expect(result.exited && result.status == 1)
            #expect(result.errorLines.count == 1)
            #expect(
                result.errorLines.first?.hasPrefix("crop-editor: in/pic.png (out/f-2.jpg): the crop kept for it is a circle")
                    == true, "\(result.errorLines)")
            #expect(w.exists("out/f-1.jpg") && !w.exists("out/f-2.jpg") && w.exists("out/f-3.jpg"))
        }

        @Test func severalFramesToStandardOutputAreRefused() throws {
            let w = try Workspace()
            try HeadlessBinaryTests.Cut.picture(w, "in/pic.png")
            try Self.keep(Self.geometries.map { FrameState(crop: Self.rect($0)) }, for: w.url("in/pic.png"))
            let piped = try PipedRun(["--format=png", "--output=-", "in/pic.png"], input: nil, in: w)
            #expect(piped.exited && piped.status == 2 && piped.output.isEmpty)
            #expect(
                piped.errorLines == [
                    "crop-editor: in/pic.png: the crop kept for it has 3 frames, one result each, FILE-1.EXT, FILE-2.EXT, …, "
                        + "and --output=- takes one: give --output=FILE"
                ])
            // A --size list without --crop cannot make them either.
            let before = w.snapshot()
            let listed = try w.run(["--size=50,60", "--output=out/s.png", "in/pic.png"])
            #expect(listed.exited && listed.status == 2 && w.snapshot() == before)
            #expect(
                listed.errorLines == [
                    "crop-editor: in/pic.png: the crop kept for it has several frames or bands cut out, and a list makes one "
                        + "result an entry: give --crop with the list"
                ])
        }
    }
}
