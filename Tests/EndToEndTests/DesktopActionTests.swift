// The desktop entry's Paste and Crop action started as GNOME Shell starts it (GIO): the window opens on the clipboard's image.

import Foundation
import XCTest

@testable import TestSupport
@testable import WindowTestSupport

final class DesktopActionTests: XCTestCase {
    /// The package root: this file is Tests/EndToEndTests/DesktopActionTests.swift.
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testThePasteAndCropActionOpensTheWindowOnTheClipboardsImage() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("desktop-action")
        defer { try? FileManager.default.removeItem(at: folder) }
        let shot = folder.appendingPathComponent("screenshot.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "240x160", "-seed", "17", "plasma:fractal", shot]))
        // Another application holds the clipboard, as after a screenshot.
        ClipboardTool.offer(shot, as: "image/png")
        // GIO launches the entry's action (g_desktop_app_info_launch_action), `crop-editor` found on PATH.
        let entry = Self.packageRoot.appendingPathComponent("data/io.github.cropeditor.CropEditor.desktop").path
        let launcher = Process()
        launcher.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        launcher.arguments = [
            "-c",
            "import sys\nfrom gi.repository import Gio\n"
                + "Gio.DesktopAppInfo.new_from_filename(sys.argv[1]).launch_action('paste', None)",
            entry,
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = ExternalEditor.buildFolder.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["GTK_A11Y"] = nil
        launcher.environment = environment
        // The editor GIO starts must not hold this test's pipes.
        launcher.standardOutput = FileHandle.nullDevice
        launcher.standardError = FileHandle.nullDevice
        try launcher.run()
        launcher.waitUntilExit()
        XCTAssertEqual(launcher.terminationStatus, 0, "GIO could not launch the action")
        let window = Shell.run("timeout", ["20", "xdotool", "search", "--sync", "--onlyvisible", "--name", "^Pasted Image$"])?
            .split(separator: "\n").first.map(String.init)
        XCTAssertNotNil(window, "no window on the pasted image")
        // The editor GIO started, ended by its own process id.
        if let window,
            let pid = Shell.run("xdotool", ["getwindowpid", window]).flatMap({
                Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
            })
        {
            kill(pid, SIGTERM)
        }
    }
}
