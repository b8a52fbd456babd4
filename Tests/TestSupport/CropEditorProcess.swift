// Runs the built crop-editor binary as a separate process, without a display, and records what it did.

import Foundation

/// What one run of crop-editor produced.
struct RunResult {
    let status: Int32
    /// False when a signal ended the process: a crash, or the stop after a hang.
    let exited: Bool
    let standardOutput: String
    let standardError: String
    let seconds: Double
    let timedOut: Bool

    /// The lines written to standard error (a final newline ends the last one, it does not add one).
    var errorLines: [String] {
        var lines = standardError.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

enum CropEditorProcess {
    /// The contract allows no hang; a run still going after this long is stopped and reported. Time
    /// itself is measured by the benchmarks, not here: a loaded machine must not fail a test.
    static let hardTimeout = 60.0

    /// `swift test` runs the test bundle from the build folder that also holds the products.
    static var buildFolder: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    static var binary: URL { buildFolder.appendingPathComponent("crop-editor") }

    /// Runs crop-editor with `arguments` in `folder`. DISPLAY and WAYLAND_DISPLAY are removed, so a
    /// run that touched GTK could not succeed: headless must really be headless. `extra` adds to the environment.
    static func run(
        _ arguments: [String], in folder: URL, logs: URL, environment extra: [String: String] = [:]
    ) throws -> RunResult {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let id = UUID().uuidString
        let outURL = logs.appendingPathComponent("\(id).out"), errURL = logs.appendingPathComponent("\(id).err")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice

        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        let start = Date()
        try process.run()
        let timedOut = ended.wait(timeout: .now() + hardTimeout) == .timedOut
        if timedOut { process.terminate() }
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(start)
        try out.close()
        try err.close()
        return RunResult(
            status: process.terminationStatus, exited: process.terminationReason == .exit,
            standardOutput: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            standardError: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
            seconds: seconds, timedOut: timedOut)
    }
}

/// Runs a helper tool (ImageMagick, exiftool) and returns its standard output, or throws.
enum Tool {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    @discardableResult
    static func run(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read before waiting so a chatty tool cannot block on a full pipe.
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "\(program) \(arguments.joined(separator: " ")) failed: "
                    + String(decoding: errors, as: UTF8.self))
        }
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs `program` (from PATH) in `folder` to its end, whatever its exit status: its standard
    /// output, its standard error and the status (for tools that answer through their status).
    static func outcome(
        _ program: String, _ arguments: [String], in folder: URL? = nil
    ) throws -> (output: String, errors: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.currentDirectoryURL = folder
        process.standardInput = FileHandle.nullDevice
        // Standard error goes to a file, so neither stream can fill a pipe and block the tool.
        let errorsURL = FileManager.default.temporaryDirectory.appendingPathComponent("tool-\(UUID().uuidString).err")
        FileManager.default.createFile(atPath: errorsURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorsURL) }
        let out = Pipe(), err = try FileHandle(forWritingTo: errorsURL)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try err.close()
        let errorBytes = try Data(contentsOf: errorsURL)
        return (
            String(decoding: output, as: UTF8.self), String(decoding: errorBytes, as: UTF8.self), process.terminationStatus
        )
    }

    /// `WxH` of an image, by ImageMagick (an oracle independent of libvips).
    static func size(of url: URL) throws -> String {
        try run("identify", ["-format", "%wx%h", url.path])
    }
}
