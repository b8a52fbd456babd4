// A second virtual X screen of a chosen size, for a window that does not fit the test display (scale 2).

import Foundation
import XCTest

@testable import TestSupport

/// An Xvfb server started by a test, stopped when the test ends.
final class SecondDisplay {
    private let server = Process()
    /// The display name to put in DISPLAY, e.g. ":3".
    let name: String

    init(width: Int, height: Int) throws {
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // -displayfd: Xvfb picks a free display number and writes it to standard output once it is ready.
        server.arguments = ["Xvfb", "-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"]
        let out = Pipe()
        server.standardOutput = out
        server.standardError = FileHandle.nullDevice
        try server.run()
        var text = ""
        let deadline = Date().addingTimeInterval(10)
        while !text.contains("\n"), Date() < deadline, server.isRunning {
            text += String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            server.terminate()
            throw NSError(domain: "SecondDisplay", code: 1, userInfo: [NSLocalizedDescriptionKey: "Xvfb did not start: \(text)"])
        }
        name = ":\(number)"
    }

    /// Runs `program` against this display; its standard output, or nil if it failed.
    @discardableResult
    func run(_ program: String, _ arguments: [String]) -> String? {
        Shell.run("env", ["DISPLAY=\(name)", program] + arguments)
    }

    func stop() {
        if server.isRunning { server.terminate() }
        server.waitUntilExit()
    }

    deinit { stop() }
}
