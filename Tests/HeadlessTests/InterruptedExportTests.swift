// An export stopped by SIGTERM or SIGINT mid-write leaves the folder as it was: no output, no hidden temporary.

import Foundation
import Testing

@testable import TestSupport

@Suite(.serialized) struct InterruptedExportTests {
    @Test(arguments: [SIGTERM, SIGINT]) func aSignalMidWriteLeavesNothingBehind(signal: Int32) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cropeditor-interrupt-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Noise compresses slowly: a PNG of it takes the export long enough to be caught writing.
        let source = folder.appendingPathComponent("noise.png").path
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        make.arguments = ["vips", "gaussnoise", source, "5000", "5000"]
        try make.run()
        make.waitUntilExit()
        #expect(make.terminationStatus == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: source))

        let process = Process()
        process.executableURL = CropEditorProcess.binary
        process.arguments = ["--crop=4800x4800+100+100", "--output=out.png", "noise.png"]
        process.currentDirectoryURL = folder
        process.standardError = FileHandle.nullDevice
        // The written temporary is held 30 s before its rename (a debug-only pause), so the signal
        // lands while it exists however fast the machine copies it.
        process.environment = ProcessInfo.processInfo.environment.merging(["CROP_EDITOR_TEST_COMMIT_PAUSE": "30"]) { $1 }
        try process.run()
        // Wait until the hidden temporary exists: the signal must land while the result is being written.
        let temporaryExists = { () -> Bool in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).contains { $0.hasPrefix(".cropeditor-") }
        }
        // Long enough for a debug decoder on a loaded machine: the wait ends as soon as the temporary appears.
        try FolderWatch(folder).wait(seconds: 120, until: temporaryExists)
        try #require(temporaryExists() && process.isRunning, "the export finished before it could be interrupted")
        // (This test's runner starts children with every signal blocked: the command must unblock them.)
        #expect(kill(process.processIdentifier, signal) == 0)
        process.waitUntilExit()

        #expect(
            process.terminationReason == .uncaughtSignal && process.terminationStatus == signal,
            "ended by \(process.terminationReason) \(process.terminationStatus)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["noise.png"], "left behind: \(left)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: source)) == before, "the source changed")
    }
}
