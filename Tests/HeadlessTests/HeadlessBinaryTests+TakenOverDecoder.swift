// The command line with a decoder taken over or falsely confined: nothing outside the job changes, unconfined is refused.

import Foundation
import OddFiles
import Testing

@testable import TestSupport

extension HeadlessBinaryTests {
    @Suite struct TakenOverDecoder {
        /// Every decoder of the run tries every way out that does not end it before each job,
        /// aimed at `victim` (see the decoder's test requests), then does the job.
        private func takenOver(_ victim: String) -> [String: String] {
            ["CROP_EDITOR_DECODER_TEST_REQUESTS": "1", "CROP_EDITOR_DECODER_TAKEOVER": victim]
        }

        @Test func aBatchWhoseDecodersAreTakenOverChangesNothingOutsideItsJobs() throws {
            let w = try Workspace()
            for name in ["a", "b", "c", "d"] { try w.picture("in/\(name).png", size: "300x200") }
            try w.file("precious.txt", bytes: Array("keep me".utf8))
            let victim = w.url("precious.txt").path
            // The first results, made by decoders of their own.
            let first = try w.run(["--crop=120x80+30+20", "--output-dir=out", "--jobs=2", "in/a.png", "in/b.png"])
            #expect(first.exited && first.status == 0, "\(first.standardError)")
            let earlier = w.snapshot().filter { $0.key.hasPrefix("out/") }
            #expect(earlier.count == 2)
            // Then a batch whose every decoder is taken over: forged frames to the batch on its
            // standard streams, signals, stats, executable memory, limits, writes everywhere.
            let second = try w.run(
                ["--crop=120x80+30+20", "--output-dir=out", "--jobs=2", "in/c.png", "in/d.png"],
                environment: takenOver(victim))
            #expect(second.exited && second.status == 0, "status \(second.status): \(second.standardError)")
            #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep me", "the file outside the batch changed")
            let now = w.snapshot()
            for (name, bytes) in earlier { #expect(now[name] == bytes, "\(name) changed after it was written") }
            for name in ["out/c.png", "out/d.png"] {
                #expect(try Tool.run("identify", ["-format", "%wx%h", w.url(name).path]) == "120x80", "\(name)")
            }
            #expect(w.temporaryLeftovers().isEmpty)
        }

        @Test func aSingleExportWithATakenOverDecoderWritesOnlyItsResult() throws {
            let w = try Workspace()
            try w.picture("in/a.png", size: "300x200")
            try w.file("precious.txt", bytes: Array("keep me".utf8))
            let victim = w.url("precious.txt").path
            let before = w.snapshot()
            let result = try w.run(["--crop=120x80+30+20", "--output=out.png", "in/a.png"], environment: takenOver(victim))
            #expect(result.exited && result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
            var expected = before
            expected["out.png"] = w.snapshot()["out.png"]
            #expect(w.snapshot() == expected, "something besides the result changed")
            #expect(try Tool.run("identify", ["-format", "%wx%h", w.url("out.png").path]) == "120x80")
        }

        @Test func aDecoderThatOnlySaysItIsConfinedIsRefusedInOneLine() throws {
            let w = try Workspace()
            try w.picture("in/a.png", size: "300x200")
            let wrapper = try FakeConfinedDecoder.make(in: w.url("").path)
            let result = try w.run(
                ["--crop=120x80+30+20", "--output=out.png", "in/a.png"], environment: ["CROP_EDITOR_DECODER": wrapper])
            #expect(result.exited && result.status == 1)
            #expect(
                result.standardError
                    == "crop-editor: in/a.png: could not be decoded safely (the decoder could not be confined)\n")
            #expect(!FileManager.default.fileExists(atPath: w.url("out.png").path))
            #expect(w.temporaryLeftovers().isEmpty)
        }

        @Test func theOptOutLetsItRunWithOneWarningLine() throws {
            let w = try Workspace()
            try w.picture("in/a.png", size: "300x200")
            try w.picture("in/b.png", size: "300x200")
            let wrapper = try FakeConfinedDecoder.make(in: w.url("").path)
            let optOut = ["CROP_EDITOR_DECODER": wrapper, "CROP_EDITOR_UNCONFINED": "i-know-the-risks"]
            let single = try w.run(["--crop=120x80+30+20", "--output=out.png", "in/a.png"], environment: optOut)
            #expect(single.exited && single.status == 0, "\(single.standardError)")
            #expect(
                single.errorLines == [
                    "crop-editor: warning: pictures are decoded without confinement "
                        + "(CROP_EDITOR_UNCONFINED is set and the decoder could not be confined)"
                ])
            #expect(try Tool.run("identify", ["-format", "%wx%h", w.url("out.png").path]) == "120x80")
            // Any other value is no opt-out.
            let wrong = try w.run(
                ["--crop=120x80+30+20", "--output=out2.png", "in/a.png"],
                environment: ["CROP_EDITOR_DECODER": wrapper, "CROP_EDITOR_UNCONFINED": "1"])
            #expect(wrong.exited && wrong.status == 1)
        }

        @Test func aWorkersLinesReachTheTerminalWithControlCharactersEscaped() throws {
            let w = try Workspace()
            let name = "in/bad\u{1B}[2J.png"
            try w.file(name, bytes: Array("not a picture".utf8))
            try w.picture("in/good.png", size: "300x200")
            let result = try w.run(["--crop=10x10+0+0", "--output-dir=out", name, "in/good.png"])
            #expect(result.exited && result.status == 1)
            #expect(!result.standardError.unicodeScalars.contains("\u{1B}"), "\(result.standardError)")
            #expect(result.errorLines.count == 1, "\(result.errorLines)")
        }

        /// The children of `pid` named `crop-editor-dec…` (the kernel cuts names to 15 bytes).
        private func decoders(of pid: Int32) -> [Int32] {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.compactMap(Int32.init).filter { child in
                guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
                    let close = stat.lastIndex(of: ")"), stat.contains("(crop-editor-dec")
                else { return false }
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                return fields.count > 1 && Int32(fields[1]) == pid
            }
        }

        /// Killed outright (SIGKILL, no chance to clean up), the command takes its decoder with it:
        /// the decoder asked the kernel to end it with its parent.
        @Test func theDecoderEndsWhenTheCommandIsKilledOutright() throws {
            let w = try Workspace()
            try Tool.run("convert", ["-size", "6000x4000", "gradient:red-blue", w.url("big.jpg").path])
            let process = Process()
            process.executableURL = CropEditorProcess.binary
            process.arguments = ["--crop=6000x4000+0+0", "--output=out.png", "big.jpg"]
            process.currentDirectoryURL = w.url("")
            process.standardError = FileHandle.nullDevice
            try process.run()
            var found: [Int32] = []
            let deadline = Date().addingTimeInterval(30)
            while found.isEmpty, Date() < deadline, process.isRunning {
                found = decoders(of: process.processIdentifier)
                if found.isEmpty { sched_yield() }
            }
            let decoder = try #require(found.first, "no decoder was seen at work")
            #expect(kill(process.processIdentifier, SIGKILL) == 0)
            process.waitUntilExit()
            let gone = Date().addingTimeInterval(10)
            func ended() -> Bool {
                guard let status = try? String(contentsOfFile: "/proc/\(decoder)/status", encoding: .utf8) else { return true }
                return status.contains("State:\tZ")
            }
            while !ended(), Date() < gone { sched_yield() }
            #expect(ended(), "the decoder outlived the command")
        }
    }
}
