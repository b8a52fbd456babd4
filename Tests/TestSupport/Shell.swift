// Runs a helper program (xdotool, ImageMagick, …) for a test and hands back its standard output, nil when it failed.

import Foundation

enum Shell {
    /// Runs a program and returns its standard output, or nil if it failed.
    @discardableResult
    static func run(_ program: String, _ arguments: [String]) -> String? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [program] + arguments
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
