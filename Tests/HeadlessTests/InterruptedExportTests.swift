// A save stopped by a signal leaves the old file or the whole new one; one killed outright, a temporary the next save removes.

import Foundation
import Testing

@testable import TestSupport

@Suite(.serialized) struct InterruptedExportTests {
    /// A folder with `noise.png` (noise compresses slowly) and an earlier `out.png` to replace.
    private func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cropeditor-interrupt-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = try Tool.run("vips", ["gaussnoise", folder.appendingPathComponent("noise.png").path, "1200", "1000"])
        _ = try Tool.run("convert", ["-size", "30x20", "xc:red", folder.appendingPathComponent("out.png").path])
        return folder
    }

    private func entries(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// The export of a crop of `noise.png` over `out.png`, started with the debug-only `pause` (its
    /// variable: the save waits there 30 s) and the test's other `environment`.
    private func startExport(in folder: URL, pause: String, environment: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = CropEditorProcess.binary
        process.arguments = ["--crop=1000x800+100+100", "--output=out.png", "noise.png"]
        process.currentDirectoryURL = folder
        process.standardError = FileHandle.nullDevice
        process.environment = ProcessInfo.processInfo.environment.merging(environment.merging([pause: "30"]) { $1 }) { $1 }
        try process.run()
        return process
    }

    /// Waits (no fixed sleep) until `condition`, up to two minutes for a debug decoder on a loaded machine.
    private func wait(for folder: URL, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(120)
        let watch = try FolderWatch(folder)
        while !condition(), Date() < deadline { watch.wait(seconds: 0.05) { condition() } }
    }

    /// Once `process` has its hidden file in `folder`, sends it `signal` and waits for its end.
    private func signalAtItsHiddenFile(_ process: Process, in folder: URL, _ signal: Int32) throws {
        try wait(for: folder) { hasTemporary(folder) || !process.isRunning }
        try #require(process.isRunning, "the export finished before the signal")
        #expect(kill(process.processIdentifier, signal) == 0)
        process.waitUntilExit()
    }

    private func hasTemporary(_ folder: URL) -> Bool { entries(folder).contains { $0.hasPrefix(".cropeditor-") } }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP]) func aSignalBeforeTheResultHasANameLeavesTheOldFile(signal: Int32) throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = try Data(contentsOf: folder.appendingPathComponent("out.png"))
        let process = try startExport(in: folder, pause: "CROP_EDITOR_TEST_COMMIT_PAUSE")
        try wait(for: folder) { ProcessFiles.holdsAnUnnamedFile(process.processIdentifier, in: folder) || !process.isRunning }
        try #require(process.isRunning, "the export finished before it could be interrupted")
        // (This test's runner starts children with every signal blocked: the command must unblock them.)
        #expect(kill(process.processIdentifier, signal) == 0)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
        #expect(entries(folder) == ["noise.png", "out.png"])
        #expect(try Data(contentsOf: folder.appendingPathComponent("out.png")) == old, "the old file changed")
    }

    @Test func aSignalJustBeforeTheRenameWaitsForTheNewFile() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = try startExport(in: folder, pause: "CROP_EDITOR_TEST_RENAME_PAUSE")
        try signalAtItsHiddenFile(process, in: folder, SIGTERM)
        // The signal was kept until the result was in place, then ended the command.
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
        #expect(entries(folder) == ["noise.png", "out.png"])
        #expect(try Tool.size(of: folder.appendingPathComponent("out.png")) == "1000x800")
    }

    /// Killed outright where its file has its hidden name (between link and rename, or anywhere on a
    /// file system without nameless files), a save leaves it; the next save in the folder removes it.
    @Test(arguments: [false, true]) func aSaveKilledOutrightLeavesNothingOnceTheNextIsDone(named: Bool) throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = try Data(contentsOf: folder.appendingPathComponent("out.png"))
        let process = try startExport(
            in: folder, pause: named ? "CROP_EDITOR_TEST_COMMIT_PAUSE" : "CROP_EDITOR_TEST_RENAME_PAUSE",
            environment: named ? ["CROP_EDITOR_TEST_NAMED_TEMPORARY": "1"] : [:])
        try signalAtItsHiddenFile(process, in: folder, SIGKILL)
        #expect(hasTemporary(folder), "\(entries(folder))")
        #expect(try Data(contentsOf: folder.appendingPathComponent("out.png")) == old)
        // The next save, of anything to anywhere in this folder, takes the leftover away.
        let next = Process()
        next.executableURL = CropEditorProcess.binary
        next.arguments = ["--crop=10x10+0+0", "--output=small.png", "noise.png"]
        next.currentDirectoryURL = folder
        try next.run()
        next.waitUntilExit()
        #expect(next.terminationStatus == 0)
        #expect(entries(folder) == ["noise.png", "out.png", "small.png"])
    }

    /// On a file system without nameless files the hidden file exists while it is written: a stop
    /// signal there removes it.
    @Test func aSignalWhileAHiddenFileIsWrittenRemovesIt() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = try startExport(
            in: folder, pause: "CROP_EDITOR_TEST_COMMIT_PAUSE", environment: ["CROP_EDITOR_TEST_NAMED_TEMPORARY": "1"])
        try signalAtItsHiddenFile(process, in: folder, SIGTERM)
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
        #expect(entries(folder) == ["noise.png", "out.png"])
    }
}
