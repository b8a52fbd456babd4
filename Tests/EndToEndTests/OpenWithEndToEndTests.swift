// Open With… and Show in Files in the real editor: a recording application (private XDG_DATA_HOME) gets photo, result, folder.

import Foundation
import XCTest

@testable import TestSupport
@testable import WindowTestSupport

final class OpenWithEndToEndTests: XCTestCase {
    private var folder: URL!
    private var desktop: PrivateDesktop!
    /// Where the recording application writes each file it was started on, a line each.
    private var opened: URL!

    override func setUpWithError() throws {
        folder = try GtkDisplay.temporaryFolder("open-with-e2e")
        desktop = try PrivateDesktop(in: folder)
        opened = folder.appendingPathComponent("opened.txt")
        // An application of this desktop for PNGs and folders (the default for both), which only records.
        let script = folder.appendingPathComponent("record.sh")
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" >> '\(opened.path)'\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let applications = desktop.data.appendingPathComponent("applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        try """
        [Desktop Entry]
        Type=Application
        Name=Recording Viewer
        Exec=\(script.path) %f
        MimeType=image/png;inode/directory;
        """.write(to: applications.appendingPathComponent("recording-viewer.desktop"), atomically: true, encoding: .utf8)
        // Installed as a package installs one: the folder's MIME cache, which GIO reads the types from.
        XCTAssertNotNil(Shell.run("update-desktop-database", [applications.path]))
        // The only application for both types on this desktop: the system's own are removed from them,
        // as a person does in GNOME's Settings, so the chooser's list starts (and is chosen) at it.
        var mimeapps = "[Default Applications]\nimage/png=recording-viewer.desktop\ninode/directory=recording-viewer.desktop\n"
        mimeapps += "[Removed Associations]\n"
        for type in ["image/png", "inode/directory"] {
            let others = registered(for: type).filter { $0 != "recording-viewer.desktop" }
            if !others.isEmpty { mimeapps += "\(type)=\(others.joined(separator: ";"));\n" }
        }
        try mimeapps.write(to: desktop.config.appendingPathComponent("mimeapps.list"), atomically: true, encoding: .utf8)
        XCTAssertEqual(registered(for: "image/png"), ["recording-viewer.desktop"])
    }

    /// The applications GIO registers for `type` on this desktop (`gio mime`).
    private func registered(for type: String) -> [String] {
        let variables = desktop.environment().compactMap { name, value in value.map { "\(name)=\($0)" } }
        let answer = Shell.run("env", variables + ["gio", "mime", type]) ?? ""
        let lines = answer.split(separator: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("Registered applications:") }) else { return [] }
        return lines[(start + 1)...].prefix { $0.hasPrefix("\t") }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// The files the recording application was started on, in order.
    private var recorded: [String] {
        ((try? String(contentsOf: opened, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Opens the main menu (F10) and activates its item `item` through AT-SPI, as a screen reader's
    /// user would.
    private static func choose(_ item: String, in app: AtspiNode) -> Bool {
        Shell.run("xdotool", ["key", "--clearmodifiers", "F10"])
        var found: AtspiNode?
        _ = GtkDisplay.poll(timeout: 10) {
            found = app.find(named: item)
            return found != nil
        }
        guard let found else { return false }
        return found.doAction(named: found.actionNames.first ?? "click")
    }

    func testTheChosenApplicationOpensThePhotoThenTheResultAndShowInFilesFallsBackToTheFolder() throws {
        try GtkTestSupport.requireDisplay()
        let photo = folder.appendingPathComponent("lake.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "300x200", "xc:#336699", photo]))
        let editor = try ExternalEditor(arguments: [photo], environment: desktop.environment())
        defer { editor.stop() }
        let window = try XCTUnwrap(editor.waitForWindow(named: "lake.png"), "the editor window never appeared")
        let app = try XCTUnwrap(AtspiClient.application(pid: editor.process.processIdentifier))
        Shell.run("xdotool", ["windowfocus", "--sync", window])

        // Nothing saved yet: the photo. The chooser lists the application for PNGs, the default first, chosen.
        XCTAssertTrue(Self.choose("Open With…", in: app), "no Open With… in the main menu")
        XCTAssertTrue(app.pressButton(endingWith: "Select", timeout: 15), "no chooser")
        XCTAssertTrue(GtkDisplay.poll(timeout: 15) { self.recorded == [photo] }, "recorded: \(recorded)")

        // Saved: the result; and the save's toast shows it in Files, here by opening its folder (no file
        // manager on this bus).
        Shell.run("xdotool", ["windowfocus", "--sync", window])
        Shell.run("xdotool", ["key", "--clearmodifiers", "ctrl+s"])
        let result = folder.appendingPathComponent("lake (cropped).png").path
        XCTAssertTrue(GtkDisplay.poll(timeout: 15) { FileManager.default.fileExists(atPath: result) }, "not saved")
        XCTAssertTrue(app.pressButton(endingWith: "Show in Files"), "no Show in Files on the toast")
        XCTAssertTrue(GtkDisplay.poll(timeout: 15) { self.recorded.count == 2 }, "recorded: \(recorded)")
        XCTAssertEqual(recorded.last, folder.path)
        Shell.run("xdotool", ["windowfocus", "--sync", window])
        XCTAssertTrue(Self.choose("Open With…", in: app), "no Open With… in the main menu")
        XCTAssertTrue(app.pressButton(endingWith: "Select", timeout: 15), "no chooser")
        XCTAssertTrue(GtkDisplay.poll(timeout: 15) { self.recorded.count == 3 }, "recorded: \(recorded)")
        XCTAssertEqual(recorded.last, result)
        XCTAssertTrue(editor.process.isRunning, "the editor exited")
    }
}
