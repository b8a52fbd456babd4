// The lean decoder (crop-editor-jpegcut) through the real binary: its results are the decoder's byte for byte, or it hands over.

import Foundation
import OddFiles
import Testing

@testable import TestSupport

extension HeadlessBinaryTests {
    @Suite struct LeanDecoderOnTheCommandLine {
        /// JPEGs of every layout and metadata the lean decoder meets or refuses, made by ImageMagick, libjpeg's
        /// cjpeg, libvips and exiftool in the workspace's `in/`, with the odd files' JPEGs: their names.
        static func variants(_ w: Workspace) throws -> [String] {
            let base = w.url("in/base.ppm").path
            try Tool.run("convert", ["-size", "320x240", "-seed", "3", "plasma:fractal", base])
            var made: [String] = []
            func convert(_ name: String, _ options: [String]) throws {
                try Tool.run("convert", [base] + options + [w.url("in/\(name)").path])
                made.append(name)
            }
            for (name, factors) in [("s444", "1x1"), ("s422", "2x1"), ("s420", "2x2"), ("s411", "4x1")] {
                try convert("\(name).jpg", ["-quality", "85", "-sampling-factor", factors])
            }
            try convert("grey.jpg", ["-colorspace", "Gray", "-quality", "85"])
            try convert("cmyk.jpg", ["-colorspace", "CMYK", "-quality", "85"])
            try convert("progressive.jpg", ["-quality", "85", "-interlace", "JPEG"])
            try convert("jfif-300dpi.jpg", ["-quality", "85", "-density", "300", "-units", "PixelsPerInch"])
            try convert("jfif-cm.jpg", ["-quality", "85", "-density", "118", "-units", "PixelsPerCentimeter"])
            for (name, option) in [("restart.jpg", "-restart"), ("arithmetic.jpg", "-arithmetic")] {
                let arguments = option == "-restart" ? ["-restart", "2"] : [option]
                let shell = "cjpeg -quality 80 \(arguments.joined(separator: " ")) '\(base)' > '\(w.url("in/\(name)").path)'"
                try Tool.run("sh", ["-c", shell])
                made.append(name)
            }
            let camera = w.url("in/camera.jpg").path
            try Tool.run("cp", [w.url("in/s420.jpg").path, camera])
            try Tool.run("convert", ["-size", "80x60", "xc:red", w.url("in/thumb.jpg").path])
            try Tool.run(
                "exiftool",
                [
                    "-q", "-overwrite_original", "-Make=Cam", "-Model=X", "-DateTimeOriginal=2024:06:01 12:00:00",
                    "-GPSLatitude=48.8", "-GPSLatitudeRef=N", "-GPSLongitude=2.29", "-GPSLongitudeRef=E",
                    "-XMP-dc:Title=Hello", "-IPTC:City=Paris", "-ThumbnailImage<=\(w.url("in/thumb.jpg").path)", camera,
                ])
            made.append("camera.jpg")
            try Tool.run("vips", ["icc_transform", camera, w.url("in/icc.jpg").path + "[Q=90]", "srgb"])
            made.append("icc.jpg")
            for orientation in 1...8 {
                let turned = w.url("in/orientation-\(orientation).jpg").path
                try Tool.run("cp", [camera, turned])
                try Tool.run("exiftool", ["-q", "-overwrite_original", "-Orientation#=\(orientation)", turned])
                made.append("orientation-\(orientation).jpg")
            }
            // Cut short above, inside and below the crops cut here, with and without an end-of-image marker.
            let whole = try Data(contentsOf: w.url("in/s420.jpg"))
            for (place, fraction) in [("above", 0.15), ("inside", 0.45), ("below", 0.95)] {
                let kept = whole.prefix(Int(Double(whole.count) * fraction))
                try kept.write(to: w.url("in/cut-\(place).jpg"))
                try (kept + [0xFF, 0xD9]).write(to: w.url("in/cut-\(place)-ended.jpg"))
                made += ["cut-\(place).jpg", "cut-\(place)-ended.jpg"]
            }
            let odd = try OddFiles.make(in: w.url("in").path).filter { $0.name.hasSuffix(".jpg") }
            return made + odd.map(\.name)
        }

        /// Every variant, re-encoded at the source's own quality and at others, with `--strip`, turned and flipped: the same exit status, the
        /// same lines and the same file (or none) whether the lean decoder may make it or the decoder must.
        @Test func theLeanResultIsTheDecodersByteForByte() throws {
            let w = try Workspace()
            let names = try Self.variants(w)
            #expect(names.count >= 34)
            let requests = [
                [], ["--quality=90"], ["--quality=75", "--strip=gps"], ["--quality=92", "--strip=all"],
                ["--quality=88", "--rotate=90", "--flip=horizontal"],
            ]
            for name in names {
                let size =
                    try Tool.run("identify", ["-format", "%w %h\n", w.url("in/\(name)").path])
                    .split(separator: "\n").first?.split(separator: " ").compactMap { Int($0) } ?? [64, 64]
                let crop = "--crop=\(max(size[0] / 2, 1))x\(max(size[1] / 2, 1))+\(size[0] / 5)+\(size[1] / 5)"
                for (index, request) in requests.enumerated() {
                    let arguments = [crop] + request + ["in/\(name)"]
                    let old = try w.run(
                        arguments + ["--output=out/\(index)-decoder-\(name)"], environment: ["CROP_EDITOR_JPEGCUT": "off"])
                    let lean = try w.run(arguments + ["--output=out/\(index)-lean-\(name)"])
                    #expect(lean.status == old.status, "\(name) \(request)")
                    #expect(lean.errorLines == old.errorLines.map { $0.replacingOccurrences(of: "-decoder-", with: "-lean-") })
                    let made = (try? Data(contentsOf: w.url("out/\(index)-lean-\(name)")))
                    #expect(made == (try? Data(contentsOf: w.url("out/\(index)-decoder-\(name)"))), "\(name) \(request)")
                }
            }
        }

        /// Wrappers that log each start of the lean decoder and of the decoder: a plain JPEG cut is the lean
        /// decoder's alone; a file it does not make (CMYK, an MPF index) goes on to the decoder, with one
        /// start of each; a lossless cut or a PNG never starts the lean decoder.
        @Test func thePlainCutStartsTheLeanDecoderAloneAndOthersHandOver() throws {
            let w = try Workspace()
            _ = try Self.variants(w)
            let built = CropEditorProcess.buildFolder
            var environment: [String: String] = [:]
            for (variable, program) in [
                ("CROP_EDITOR_JPEGCUT", "crop-editor-jpegcut"), ("CROP_EDITOR_DECODER", "crop-editor-decoder"),
            ] {
                let wrapper = w.url("\(program)-logged").path
                let script =
                    "#!/bin/sh\necho start >> '\(w.url("\(program).log").path)'\nexec '\(built.appendingPathComponent(program).path)' \"$@\"\n"
                try Data(script.utf8).write(to: URL(fileURLWithPath: wrapper))
                #expect(chmod(wrapper, 0o755) == 0)
                environment[variable] = wrapper
            }
            func starts(_ arguments: [String]) throws -> (lean: Int, decoder: Int) {
                for program in ["crop-editor-jpegcut", "crop-editor-decoder"] {
                    try? FileManager.default.removeItem(at: w.url("\(program).log"))
                }
                let result = try w.run(arguments, environment: environment)
                #expect(result.status == 0, "\(arguments): \(result.standardError)")
                let count = { (program: String) in
                    ((try? String(contentsOf: w.url("\(program).log"), encoding: .utf8)) ?? "").split(separator: "\n").count
                }
                return (count("crop-editor-jpegcut"), count("crop-editor-decoder"))
            }
            #expect(try starts(["--crop=100x80+10+10", "--quality=90", "in/camera.jpg", "--output=out/a.jpg"]) == (1, 0))
            #expect(try starts(["--crop=100x80+10+10", "--quality=90", "in/orientation-6.jpg", "--output=out/b.jpg"]) == (1, 0))
            #expect(try starts(["--crop=100x80+10+10", "in/camera.jpg", "--output=out/g.jpg"]) == (1, 0))
            #expect(try starts(["--crop=100x80+10+10", "--quality=90", "in/cmyk.jpg", "--output=out/c.jpg"]) == (1, 1))
            #expect(try starts(["--crop=100x80+10+10", "--quality=90", "in/mpo-two-views.jpg", "--output=out/d.jpg"]) == (1, 1))
            #expect(try starts(["--crop=96x80+16+16", "--lossless", "in/camera.jpg", "--output=out/e.jpg"]) == (0, 1))
            #expect(try starts(["--crop=100x80+10+10", "--quality=90", "in/camera.jpg", "--output=out/f.png"]) == (0, 1))
        }

        /// A batch of two jobs mixing JPEGs the lean decoder makes with one it hands over (CMYK) and a PNG: every
        /// result is the one made with the lean decoder switched off.
        @Test func aBatchMakesTheDecodersBytes() throws {
            let w = try Workspace()
            _ = try Self.variants(w)
            try w.picture("in/plain.png")
            let pictures = ["camera.jpg", "orientation-6.jpg", "cmyk.jpg", "s444.jpg", "plain.png", "progressive.jpg"]
            let inputs = pictures.map { "in/\($0)" }
            for (folder, environment) in [("out/decoder", ["CROP_EDITOR_JPEGCUT": "off"]), ("out/lean", [:])] {
                let result = try w.run(
                    ["--crop=100x80+10+10", "--quality=90", "--jobs=2", "--output-dir=\(folder)"] + inputs,
                    environment: environment)
                #expect(result.status == 0, "\(result.standardError)")
            }
            for name in pictures {
                let made = try Data(contentsOf: w.url("out/lean/\(name)"))
                #expect(made == (try Data(contentsOf: w.url("out/decoder/\(name)"))), "\(name)")
            }
        }
    }
}
