// What the command line hands its decoder, seen from outside: linked sidecars, pipes and hostile replies end in one line.

import Foundation
import Glibc
import Testing

@testable import TestSupport

extension HeadlessBinaryTests {
    @Suite struct HandedFiles {
        /// A value only this run's environment holds: it must reach no output.
        let secret = "cropeditor-secret-\(UUID().uuidString)"

        /// Every decoder of the run answers as `mode` (a `HostileDecoder` case's name) would.
        private func hostile(_ mode: String) -> [String: String] {
            ["CROP_EDITOR_DECODER_TEST_REQUESTS": "1", "CROP_EDITOR_DECODER_HOSTILE": mode, "CROP_EDITOR_TEST_SECRET": secret]
        }

        @Test(arguments: ["/proc/self/environ", "/proc/self/mem", "outside", "/dev/shm"])
        func aSidecarLinkedElsewhereIsNeitherReadNorReplaced(_ elsewhere: String) throws {
            let w = try Workspace()
            try w.picture("in/p.png", size: "300x200")
            var target = elsewhere
            if elsewhere == "outside" || elsewhere == "/dev/shm" {
                // A sidecar that keeps a crop: followed, it would be the crop exported.
                try w.picture("donor.png", size: "300x200")
                let kept = try w.run(["--sidecar", "--crop=100x80+10+10", "donor.png"])
                #expect(kept.exited && kept.status == 0, "\(kept.standardError)")
                target = elsewhere == "outside" ? w.url("donor.png.xmp").path : "/dev/shm/cropeditor-\(UUID().uuidString).xmp"
                if elsewhere == "/dev/shm" {
                    try FileManager.default.moveItem(atPath: w.url("donor.png.xmp").path, toPath: target)
                }
            }
            defer { if elsewhere == "/dev/shm" { unlink(target) } }
            let before = target.hasPrefix("/proc") ? nil : try Data(contentsOf: URL(fileURLWithPath: target))
            #expect(symlink(target, w.url("in/p.png.xmp").path) == 0)
            let keep = try w.run(
                ["--sidecar", "--crop=100x80+10+10", "in/p.png"], environment: ["CROP_EDITOR_TEST_SECRET": secret])
            #expect(keep.exited && keep.status == 1)
            #expect(
                keep.standardError == "crop-editor: in/p.png: the sidecar p.png.xmp is a symbolic link, which is never "
                    + "followed; the crop was not kept\n")
            // Read as absent; the decoder, reading every descriptor it holds before each job, holds the picture alone.
            var environment = hostile("read-descriptors")
            environment["CROP_EDITOR_DECODER_STDERR"] = "1"
            let read = try w.run(["--output=out/a.png", "in/p.png"], environment: environment)
            #expect(read.exited && read.status == 1 && !read.timedOut)
            let reports = read.errorLines.filter { $0.hasPrefix("crop-editor-decoder: took over: read ") }
            #expect(reports.count >= 2, "\(read.standardError)")
            #expect(reports.allSatisfy { $0.contains(" read fd4 ") && $0.contains("\\x89PNG") && !$0.contains("; fd") })
            #expect(read.errorLines.last == "crop-editor: in/p.png: no --crop given (and no stored crop)")
            for output in [keep.standardError, keep.standardOutput, read.standardError, read.standardOutput] {
                #expect(!output.contains(secret) && !output.contains("PATH="))
            }
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: w.url("in/p.png.xmp").path)) == target)
            if let before { #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before) }
            #expect(!w.exists("out/a.png"))
        }

        @Test func aPipeForAPictureOrASidecarEndsInSecondsWithOneLine() throws {
            let w = try Workspace()
            try w.picture("in/p.png", size: "300x200")
            #expect(mkfifo(w.url("in/pipe.png").path, 0o644) == 0 && mkfifo(w.url("in/p.png.xmp").path, 0o644) == 0)
            defer {
                unlink(w.url("in/pipe.png").path)
                unlink(w.url("in/p.png.xmp").path)
            }
            let picture = try w.run(["--crop=10x10+0+0", "--output=out/a.png", "in/pipe.png"])
            #expect(picture.exited && picture.status == 1 && picture.seconds < 10)
            #expect(picture.standardError == "crop-editor: in/pipe.png: is not a regular file (a pipe, a socket or a device)\n")
            let stored = try w.run(["--output=out/a.png", "in/p.png"])
            #expect(stored.exited && stored.status == 1 && stored.seconds < 10)
            #expect(stored.standardError == "crop-editor: in/p.png: no --crop given (and no stored crop)\n")
            let keep = try w.run(["--sidecar", "--crop=10x10+0+0", "in/p.png"])
            #expect(keep.exited && keep.status == 1 && keep.seconds < 10)
            #expect(
                keep.standardError
                    == "crop-editor: in/p.png: the sidecar p.png.xmp is not a regular file; the crop was not kept\n")
            let export = try w.run(["--crop=10x10+0+0", "--output=out/a.png", "in/p.png"])
            #expect(export.exited && export.status == 0 && export.seconds < 10, "\(export.standardError)")
        }

        @Test(arguments: ["undecodable-reply", "huge-sizes"])
        func aHostileReplyEndsInOneLine(_ mode: String) throws {
            let w = try Workspace()
            try w.picture("in/p.png", size: "300x200")
            try expectCleanFailure(
                in: w, ["--crop=100x80+10+10", "--output=out/a.png", "in/p.png"], image: "in/p.png",
                reasons: ["could not be decoded safely (the decoder stopped)"], output: "out/a.png",
                environment: hostile(mode))
        }

        @Test func unreadableWithNoSidecarRemovesNothing() throws {
            let w = try Workspace()
            try w.picture("in/p.png", size: "300x200")
            try FileManager.default.createDirectory(at: w.url("in/p.png.xmp~/important"), withIntermediateDirectories: true)
            try w.file("in/p.png.xmp~/important/notes.txt", bytes: Array("notes".utf8))
            try expectCleanFailure(
                in: w, ["--sidecar", "--crop=100x80+10+10", "in/p.png"], image: "in/p.png",
                reasons: ["could not be decoded safely (the decoder stopped)"], output: "in/p.png.xmp",
                environment: hostile("unreadable"))
            // With a sidecar there, "unreadable" keeps it beside the folder, under the next free name.
            let first = try w.run(["--sidecar", "--crop=50x40+0+0", "in/p.png"])
            #expect(first.exited && first.status == 0, "\(first.standardError)")
            let old = try Data(contentsOf: w.url("in/p.png.xmp"))
            let second = try w.run(["--sidecar", "--crop=100x80+10+10", "in/p.png"], environment: hostile("unreadable"))
            #expect(second.exited && second.status == 0 && second.standardError.isEmpty, "\(second.standardError)")
            #expect(try Data(contentsOf: w.url("in/p.png.xmp~1")) == old)
            #expect(try String(contentsOf: w.url("in/p.png.xmp~/important/notes.txt"), encoding: .utf8) == "notes")
        }
    }
}
