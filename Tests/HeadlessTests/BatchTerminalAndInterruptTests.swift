// A batch on a terminal shows one progress line (on a pipe none); stopped by a signal it keeps what it finished and ends by it.

import Foundation
import Testing

@testable import TestSupport

@Suite(.serialized) struct BatchTerminalAndInterruptTests {
    @Test func aTerminalGetsOneUpdatingProgressLineAndAPipeNone() throws {
        let w = try Workspace()
        try w.picture("in/a.png")
        try w.picture("in/b.png")
        try w.file("in/bad.png", bytes: Array("nothing".utf8))
        let command = [CropEditorProcess.binary.path, "--crop=10x10", "--output-dir=out/t", "in/a.png", "in/bad.png", "in/b.png"]
        // script(1) runs the command on a pseudo-terminal and copies what it wrote there to its own output.
        let onTerminal = try Tool.outcome("script", ["-q", "-e", "-c", command.joined(separator: " "), "/dev/null"], in: w.root)
        let clear = "\r\u{1B}[K"
        #expect(onTerminal.output.hasPrefix(clear + "crop-editor: 0 of 3 done"), "\(onTerminal.output.debugDescription)")
        #expect(
            onTerminal.output.contains(clear + "crop-editor: 3 of 3 done, 1 failed\r\n"), "\(onTerminal.output.debugDescription)")
        // The failure is a line of its own, the progress line cleared before it and drawn again after.
        #expect(onTerminal.output.contains(clear + "crop-editor: in/bad.png: not an image this app can open\r\n" + clear))
        #expect(onTerminal.output.contains("of 3 done, ") && onTerminal.status == 1)

        let onPipe = try w.run(Array(command.dropFirst()).map { $0.replacingOccurrences(of: "out/t", with: "out/p") })
        #expect(onPipe.status == 1 && onPipe.errorLines == ["crop-editor: in/bad.png: not an image this app can open"])
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aStopMidBatchKeepsFinishedResultsLeavesNoTemporaryAndEndsByTheSignal(signal: Int32) throws {
        let w = try Workspace()
        // Noise compresses slowly: each result takes long enough for the batch to be caught halfway.
        var images: [String] = []
        for index in 0..<8 {
            let name = "in/noise\(index).png"
            try Tool.run("vips", ["gaussnoise", w.url(name).path, "2500", "2500"])
            images.append(name)
        }
        let output = w.url("out/stopped")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let marker = UUID().uuidString
        let process = Process()
        process.executableURL = CropEditorProcess.binary
        process.arguments = ["--crop=2400x2400+50+50", "--jobs=2", "--output-dir=out/stopped"] + images
        process.currentDirectoryURL = w.root
        process.environment = ProcessInfo.processInfo.environment.merging(["CROP_EDITOR_TEST_MARK": marker]) { $1 }
        let err = Pipe()
        process.standardError = err
        try process.run()
        let finished = {
            ((try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []).filter { !$0.hasPrefix(".") }
        }
        try FolderWatch(output).wait(seconds: 30) { !finished().isEmpty }
        try #require(!finished().isEmpty && process.isRunning, "no result came, or the batch ended before the signal")
        #expect(kill(process.processIdentifier, signal) == 0)
        let words = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()

        #expect(
            process.terminationReason == .uncaughtSignal && process.terminationStatus == signal,
            "ended by \(process.terminationReason) \(process.terminationStatus)")
        #expect(words.isEmpty, "\(String(decoding: words, as: UTF8.self))")
        let kept = finished()
        #expect(kept.count < images.count, "every image finished before the signal: nothing was interrupted")
        // What stayed is whole: each result decodes to the crop's size.
        for name in kept { #expect(try Tool.size(of: output.appendingPathComponent(name)) == "2400x2400", "\(name)") }
        #expect(w.temporaryLeftovers().isEmpty, "\(w.temporaryLeftovers())")
        #expect(workers(marked: marker).isEmpty, "worker processes outlived the batch")
    }

    /// Worker processes still running with `marker` in their environment.
    private func workers(marked marker: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { entry in
            guard Int(entry) != nil,
                let environment = FileManager.default.contents(atPath: "/proc/\(entry)/environ"),
                let command = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
            else { return false }
            return String(decoding: environment, as: UTF8.self).contains(marker)
                && String(decoding: command, as: UTF8.self).contains("--internal-batch-worker")
        }
    }
}
