// The X clipboard seen from another client (xclip): what it offers, its bytes in one type, and contents put there.

import Foundation
import XCTest

@testable import TestSupport

enum ClipboardTool {
    /// Runs xclip with `arguments` until it ends (at most `timeout` seconds), running this
    /// process's GLib loop meanwhile when the clipboard may be this process's own (it answers
    /// xclip from that loop); its standard output, or nil when it failed or took too long.
    static func xclip(_ arguments: [String], pumping: Bool, timeout: Double = 10) -> Data? {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("xclip-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xclip", "-selection", "clipboard"] + arguments
        guard let handle = try? FileHandle(forWritingTo: output) else { return nil }
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let ended =
            pumping
            ? GtkDisplay.pump(timeout: timeout) { !process.isRunning }
            : GtkDisplay.poll(timeout: timeout) { !process.isRunning }
        guard ended else {
            process.terminate()
            return nil
        }
        try? handle.close()
        guard process.terminationStatus == 0 else { return nil }
        return try? Data(contentsOf: output)
    }

    /// The types the clipboard offers now (xclip's TARGETS).
    static func targets(pumping: Bool) -> [String] {
        guard let data = xclip(["-o", "-t", "TARGETS"], pumping: pumping) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// The clipboard's content as `type`, or nil.
    static func read(_ type: String, pumping: Bool) -> Data? { xclip(["-o", "-t", type], pumping: pumping) }

    /// Another application takes the clipboard with `file`'s bytes as `type`: xclip takes it, then
    /// serves the bytes from the background until something else takes the clipboard.
    static func offer(_ file: String, as type: String) {
        // xclip's background half must hold no descriptor of this process: Foundation's Process
        // counts a child as running while anything holds the socket it hands each child.
        let command = """
            for fd in $(ls /proc/$$/fd); do [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done
            exec xclip -selection clipboard -t "$0" -i "$1" </dev/null >/dev/null 2>/dev/null
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command, type, file]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        XCTAssertNoThrow(try process.run())
        let ended = GtkDisplay.poll(timeout: 10) { !process.isRunning }
        XCTAssertTrue(ended, "xclip did not take the clipboard")
        if ended { XCTAssertEqual(process.terminationStatus, 0) } else { process.terminate() }
    }
}
