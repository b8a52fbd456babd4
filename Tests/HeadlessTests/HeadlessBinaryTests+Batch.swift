// Batches through the real binary: good and bad images mixed, name collisions, a result onto a source, --jobs, usage, sidecars.

import Foundation
import Testing

@testable import TestSupport

extension HeadlessBinaryTests {
    @Suite struct Batch {
        /// How many pixels of `result` differ from ImageMagick's own `geometry` crop of `source`
        /// (`compare -metric AE`, which says it on standard error and exits 1 when any differ).
        private func differingPixels(_ result: URL, _ source: URL, crop geometry: String) throws -> String {
            let reference = result.deletingLastPathComponent().appendingPathComponent("reference-\(UUID().uuidString).png")
            defer { try? FileManager.default.removeItem(at: reference) }
            try Tool.run("convert", [source.path, "-crop", geometry, "+repage", reference.path])
            return try Tool.outcome("compare", ["-metric", "AE", result.path, reference.path, "null:"]).errors
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }

        private func files(_ w: Workspace, _ folder: String) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: w.url(folder).path)) ?? []).sorted()
        }

        @Test func goodImagesAreCroppedAndEachBadOneGetsOneLine() throws {
            let w = try Workspace()
            try w.picture("in/a.png", size: "300x200")
            try w.picture("in/b.tif", size: "240x260")
            try w.picture("in/c.png", size: "500x300")
            try w.file("in/bad.png", bytes: Array("not a picture at all".utf8))
            try w.truncatedPicture("in/short.png")
            let before = w.snapshot().filter { $0.key.hasPrefix("in/") }
            let result = try w.run([
                "--crop=120x80+30+20", "--output-dir=out/batch", "in/a.png", "in/bad.png", "in/b.tif", "in/missing.png",
                "in/short.png", "in/c.png",
            ])
            #expect(result.exited && result.status == 1, "status \(result.status): \(result.standardError)")
            // Not a terminal: only the failures, one line each, in any order (images run side by side).
            #expect(result.errorLines.count == 3, "\(result.errorLines)")
            for bad in ["in/bad.png", "in/missing.png", "in/short.png"] {
                #expect(
                    result.errorLines.filter { $0.hasPrefix("crop-editor: \(bad): ") }.count == 1, "\(bad): \(result.errorLines)")
            }
            #expect(!result.standardError.contains("done"), "a progress line on a pipe")
            #expect(files(w, "out/batch") == ["a.png", "b.tif", "c.png"])
            for name in ["a.png", "b.tif", "c.png"] {
                let differing = try differingPixels(w.url("out/batch/\(name)"), w.url("in/\(name)"), crop: "120x80+30+20")
                #expect(differing == "0", "\(name): \(differing) pixels differ from ImageMagick's crop")
            }
            #expect(w.snapshot().filter { $0.key.hasPrefix("in/") } == before, "a source changed")
            #expect(w.temporaryLeftovers().isEmpty)
        }

        @Test func formatGivesEveryResultThatExtensionAndFormat() throws {
            let w = try Workspace()
            try w.picture("in/a.jpg")
            try w.picture("in/b.gif")
            let result = try w.run(["--crop=50%x50%", "--output-dir=out/new/deeper", "--format=png", "in/a.jpg", "in/b.gif"])
            #expect(result.exited && result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
            #expect(files(w, "out/new/deeper") == ["a.png", "b.png"])
            for name in ["a", "b"] {
                #expect(
                    try Tool.run("identify", ["-format", "%m %wx%h", w.url("out/new/deeper/\(name).png").path]) == "PNG 200x150")
            }
        }

        @Test func twoImagesWithOneResultNameBothFailAndTheOthersGoOn() throws {
            let w = try Workspace()
            try FileManager.default.createDirectory(at: w.url("in/x"), withIntermediateDirectories: true)
            try w.picture("in/same.png")
            try w.picture("in/x/same.png")
            try w.picture("in/other.png")
            // Different sources, one name; and a JPEG whose result under --format=png meets a PNG's.
            try w.picture("in/photo.jpg")
            try w.picture("in/photo.png")
            let result = try w.run([
                "--crop=10x10", "--output-dir=out", "--format=png", "in/same.png", "in/other.png", "in/x/same.png",
                "in/photo.jpg",
                "in/photo.png",
            ])
            #expect(result.exited && result.status == 1)
            #expect(
                result.errorLines.sorted() == [
                    "crop-editor: in/photo.jpg: its result out/photo.png would also be in/photo.png's; crop them separately",
                    "crop-editor: in/photo.png: its result out/photo.png would also be in/photo.jpg's; crop them separately",
                    "crop-editor: in/same.png: its result out/same.png would also be in/x/same.png's; crop them separately",
                    "crop-editor: in/x/same.png: its result out/same.png would also be in/same.png's; crop them separately",
                ], "\(result.errorLines)")
            #expect(files(w, "out") == ["other.png"])
        }

        @Test func aResultThatWouldReplaceASourceIsRefusedAndTheOthersGoOn() throws {
            let w = try Workspace()
            try w.picture("in/a.png")
            try w.picture("b.png")
            let source = try Data(contentsOf: w.url("in/a.png"))
            // a's result would be in/a.png itself; b's goes beside a.
            let result = try w.run(["--crop=10x10", "--output-dir=in", "in/a.png", "b.png"])
            #expect(result.exited && result.status == 1)
            #expect(
                result.errorLines == [
                    "crop-editor: in/a.png: its result in/a.png would replace a source image; choose another --output-dir"
                ])
            #expect(try Data(contentsOf: w.url("in/a.png")) == source)
            #expect(try Tool.size(of: w.url("in/b.png")) == "10x10")
            // Another image's source counts too: c/b.png's result in/b.png is the second image itself.
            try FileManager.default.createDirectory(at: w.url("c"), withIntermediateDirectories: true)
            try w.picture("c/b.png")
            let bBefore = try Data(contentsOf: w.url("in/b.png"))
            let onto = try w.run(["--crop=10x10", "--output-dir=in", "c/b.png", "in/b.png"])
            #expect(onto.status == 1 && onto.errorLines.count == 2, "\(onto.errorLines)")
            #expect(onto.errorLines.allSatisfy { $0.contains("would replace a source image") }, "\(onto.errorLines)")
            #expect(try Data(contentsOf: w.url("in/b.png")) == bBefore)
        }

        @Test func oneJobAndTwoJobsWriteTheSameBytes() throws {
            let w = try Workspace()
            var images: [String] = []
            for index in 0..<6 {
                let name = "in/p\(index).\(["jpg", "png", "webp"][index % 3])"
                try w.picture(name, size: "\(300 + 17 * index)x\(200 + 11 * index)")
                images.append(name)
            }
            let options = ["--crop=60%x60%+10%+10%", "--quality=85", "--strip=gps"]
            let one = try w.run(options + ["--jobs=1", "--output-dir=out/one"] + images)
            let two = try w.run(options + ["--jobs=2", "--output-dir=out/two"] + images)
            #expect(one.status == 0 && two.status == 0, "\(one.standardError) \(two.standardError)")
            #expect(files(w, "out/one").count == 6 && files(w, "out/one") == files(w, "out/two"))
            for name in files(w, "out/one") {
                #expect(try Data(contentsOf: w.url("out/one/\(name)")) == Data(contentsOf: w.url("out/two/\(name)")), "\(name)")
            }
        }

        @Test func usageErrorsExitTwoAndWriteNothing() throws {
            let w = try Workspace()
            try w.picture("in/a.png")
            try w.picture("in/b.png")
            let cases: [([String], String)] = [
                (["--crop=10x10", "--output=out/x.png", "in/a.png", "in/b.png"], "--output names one result"),
                (["--crop=10x10", "--output=out/x.png", "--output-dir=out/d", "in/a.png"], "not both"),
                (["--crop=10x10", "in/a.png", "in/b.png"], "several IMAGEs need --output-dir=DIR"),
                (["--crop=10x10", "--output-dir=out/d", "--format=bmp", "in/a.png", "in/b.png"], "--format must be"),
                (["--crop=10x10", "--output-dir=out/d", "--jobs=two", "in/a.png", "in/b.png"], "--jobs must be"),
                (["--crop=10x10", "--output-dir=out/d", "--quality=101", "in/a.png", "in/b.png"], "--quality must be"),
                (["--crop=10", "--output-dir=out/d", "in/a.png", "in/b.png"], "10"),
                (["--crop=10x10", "--output-dir=out/d", "--shape=oval", "in/a.png", "in/b.png"], "--shape must be"),
                (["--output-dir=out/d", "--sidecar", "--crop=10x10", "in/a.png", "in/b.png"], "--sidecar"),
            ]
            let before = w.snapshot()
            for (arguments, reason) in cases {
                let result = try w.run(arguments)
                #expect(result.exited && result.status == 2, "\(arguments): \(result.status)")
                #expect(
                    result.errorLines.count == 1 && result.errorLines[0].contains(reason), "\(arguments): \(result.errorLines)")
                #expect(w.snapshot() == before, "\(arguments) wrote something")
            }
        }

        @Test func anOutputFolderThatCannotBeMadeIsOneLineAndNothingIsWritten() throws {
            let w = try Workspace()
            try w.picture("in/a.png")
            try w.picture("in/b.png")
            let before = w.snapshot()
            // A file stands where the folder would be (and below it nothing can be made either).
            for folder in ["in/a.png", "in/a.png/deeper"] {
                let result = try w.run(["--crop=10x10", "--output-dir=\(folder)", "in/a.png", "in/b.png"])
                #expect(result.exited && result.status == 1)
                #expect(
                    result.errorLines == [
                        "crop-editor: \(folder): the output folder cannot be made: in/a.png is a file, not a folder"
                    ])
                #expect(w.snapshot() == before)
            }
        }

        @Test func sidecarKeepsEachImagesCropBesideIt() throws {
            let w = try Workspace()
            try w.picture("in/a.jpg")
            try w.picture("in/b.png")
            let result = try w.run(["--sidecar", "--crop=50%x50%+25%+25%", "in/a.jpg", "in/b.png"])
            #expect(result.exited && result.status == 0, "\(result.standardError)")
            for image in ["in/a.jpg", "in/b.png"] {
                let tags = try Tool.run(
                    "exiftool", ["-s3", "-n", "-XMP-crs:CropLeft", "-XMP-crs:CropBottom", w.url(image + ".xmp").path])
                #expect(tags.split(separator: "\n").compactMap { Double($0) } == [0.25, 0.75], "\(image): \(tags)")
            }
        }
    }
}
