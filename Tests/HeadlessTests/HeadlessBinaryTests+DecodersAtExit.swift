// The command line's decoders end with it: killed as it exits, none of them still running a moment later.

import Foundation
import Testing

@testable import TestSupport

extension HeadlessBinaryTests {
    @Suite struct DecodersAtExit {
        /// The processes started for the command whose pid is `pid`: the zygote and the decoders it
        /// forked all carry `crop-editor-decoder PID …` as their command line.
        private func decoders(of pid: Int32) -> [Int32] {
            ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry in
                guard let candidate = Int32(entry),
                    let line = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
                else { return nil }
                let words = line.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                return words.count > 1 && words[0].hasSuffix("crop-editor-decoder") && words[1] == "\(pid)" ? candidate : nil
            }
        }

        /// Running or not (gone, or a zombie waiting to be reaped by whoever inherited it).
        private func running(_ pid: Int32) -> Bool {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return false }
            return !status.contains("State:\tZ") && !status.contains("State:\tX")
        }

        @Test func noDecoderOfACommandRunsAfterItExits() throws {
            let w = try Workspace()
            try w.picture("in/a.png", size: "300x200")
            let process = Process()
            process.executableURL = CropEditorProcess.binary
            process.arguments = ["--crop=120x80+30+20", "--output=out.png", "in/a.png"]
            process.currentDirectoryURL = w.url("")
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Seen while the command runs (it starts its zygote first thing)…
            var seen: Set<Int32> = []
            while process.isRunning { seen.formUnion(decoders(of: process.processIdentifier)) }
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(try Tool.size(of: w.url("out.png")) == "120x80")
            seen.formUnion(decoders(of: process.processIdentifier))
            #expect(!seen.isEmpty, "no decoder of the command was seen")
            // …and every one of them killed with it: none left running once the kernel has had a moment.
            GtkDisplay.poll(timeout: 5) { !seen.contains(where: running) }
            #expect(!seen.contains(where: running), "still running after the command: \(seen.filter(running))")
        }
    }
}
