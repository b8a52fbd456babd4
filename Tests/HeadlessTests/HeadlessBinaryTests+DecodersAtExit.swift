// The command line's decoders: started for the file at hand (HEIF's module only for HEIF), killed as the command exits.

import Foundation
import Testing

@testable import TestSupport

extension HeadlessBinaryTests {
    @Suite struct DecodersAtExit {
        /// The processes started for the command whose pid is `pid`, with their arguments: a zygote
        /// and the decoders it forked, or a decoder started on its own, all carry
        /// `crop-editor-decoder PID …` (or the lean decoder's `crop-editor-jpegcut PID`) as their command line.
        private func decoders(of pid: Int32) -> [Int32: [String]] {
            var found: [Int32: [String]] = [:]
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
                guard let candidate = Int32(entry),
                    let line = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
                else { continue }
                let words = line.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                if words.count > 1, words[0].hasSuffix("crop-editor-decoder") || words[0].hasSuffix("crop-editor-jpegcut"),
                    words[1] == "\(pid)"
                {
                    found[candidate] = words
                }
            }
            return found
        }

        /// Runs the command line with `arguments` in `w`; returns its exit status and the command
        /// lines of the decoders seen while it ran.
        private func run(_ arguments: [String], in w: Workspace) throws -> (status: Int32, decoders: [Int32: [String]]) {
            let process = Process()
            process.executableURL = CropEditorProcess.binary
            process.arguments = arguments
            process.currentDirectoryURL = w.url("")
            process.standardError = FileHandle.nullDevice
            try process.run()
            var seen: [Int32: [String]] = [:]
            while process.isRunning { seen.merge(decoders(of: process.processIdentifier)) { old, _ in old } }
            process.waitUntilExit()
            seen.merge(decoders(of: process.processIdentifier)) { old, _ in old }
            return (process.terminationStatus, seen)
        }

        /// Running or not (gone, or a zombie waiting to be reaped by whoever inherited it).
        private func running(_ pid: Int32) -> Bool {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return false }
            return !status.contains("State:\tZ") && !status.contains("State:\tX")
        }

        @Test func noDecoderOfACommandRunsAfterItExits() throws {
            let w = try Workspace()
            try w.picture("in/a.png", size: "300x200")
            // Seen while the command runs (it starts its decoder first thing)…
            let (status, decoders) = try run(["--crop=120x80+30+20", "--output=out.png", "in/a.png"], in: w)
            #expect(status == 0)
            #expect(try Tool.size(of: w.url("out.png")) == "120x80")
            let seen = Set(decoders.keys)
            #expect(!seen.isEmpty, "no decoder of the command was seen")
            // …and every one of them killed with it: none left running once the kernel has had a moment.
            GtkDisplay.poll(timeout: 5) { !seen.contains(where: running) }
            #expect(!seen.contains(where: running), "still running after the command: \(seen.filter(running))")
        }

        /// A file whose first bytes are a JPEG's gets a decoder that loads no HEIF module; a HEIF
        /// (even one named .jpg: the bytes decide, not the name) gets one that does, and is cropped.
        @Test func theDecoderLoadsTheHEIFModuleOnlyForAFileThatMayBeHEIF() throws {
            let w = try Workspace()
            try w.picture("in/a.jpg", size: "300x200")
            try Tool.run("vips", ["copy", w.url("in/a.jpg").path, w.url("in/heif.heic").path])
            try FileManager.default.moveItem(at: w.url("in/heif.heic"), to: w.url("in/heif.jpg"))
            // Into PNG: a plain JPEG-to-JPEG cut is the lean decoder's, which loads no libvips at all.
            let jpeg = try run(["--crop=120x80+32+16", "--output=out-jpeg.png", "in/a.jpg"], in: w)
            #expect(jpeg.status == 0)
            #expect(!jpeg.decoders.isEmpty, "no decoder of the command was seen")
            #expect(jpeg.decoders.values.allSatisfy { $0.count == 3 && $0[2] == "without-heif" }, "\(jpeg.decoders)")
            let heif = try run(["--crop=120x80+32+16", "--output=out.png", "in/heif.jpg"], in: w)
            #expect(heif.status == 0)
            #expect(try Tool.size(of: w.url("out.png")) == "120x80")
            #expect(!heif.decoders.isEmpty, "no decoder of the command was seen")
            #expect(heif.decoders.values.allSatisfy { !$0.contains("without-heif") }, "\(heif.decoders)")
        }
    }
}
