// Runs a command from the package root (found from this file's path) and records its exit status and output.

import Foundation

struct CommandResult {
    let status: Int32
    /// Standard output and standard error together, in the order they were written.
    let output: String
}

enum PackageCommand {
    /// The package root: this file is Tests/InstallTests/Support/PackageCommand.swift.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `swift test` runs the test bundle from the build folder that also holds the products.
    static var buildFolder: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// Runs `program` (looked up on PATH) with `arguments` in the package root. A make that started the
    /// tests leaves MAKEFLAGS and friends behind; they are dropped so the inner make sees only our arguments.
    static func run(_ program: String, _ arguments: [String]) throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.currentDirectoryURL = root
        var environment = ProcessInfo.processInfo.environment
        for name in ["MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES", "DESTDIR", "PREFIX", "BINARY"] {
            environment[name] = nil
        }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
