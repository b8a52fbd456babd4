// Set as Background in the real editor: GNOME's keys in a private key file name a file of the screen's size; Undo; the portal.

import Foundation
import XCTest

@testable import TestSupport
@testable import WindowTestSupport

final class BackgroundEndToEndTests: XCTestCase {
    private var folder: URL!
    private var desktop: PrivateDesktop!
    private var photo: String!

    override func setUpWithError() throws {
        folder = try GtkDisplay.temporaryFolder("background-e2e")
        desktop = try PrivateDesktop(in: folder)
        photo = folder.appendingPathComponent("dunes.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "1600x1200", "-seed", "4", "plasma:fractal", "-depth", "8", photo]))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// The test display's size, as the X server says it (`1280 800`).
    private static var screen: String {
        (Shell.run("xdotool", ["getdisplaygeometry"]) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: " ", with: "x")
    }

    /// The editor on the photo with this test's desktop, its window focused.
    private func editor() throws -> (ExternalEditor, AtspiNode) {
        let editor = try ExternalEditor(arguments: [photo], environment: desktop.environment(keyFile: true))
        let window = try XCTUnwrap(editor.waitForWindow(named: "dunes.png"), "the editor window never appeared")
        let app = try XCTUnwrap(AtspiClient.application(pid: editor.process.processIdentifier))
        Shell.run("xdotool", ["windowfocus", "--sync", window])
        return (editor, app)
    }

    private func key(_ name: String) -> String? { desktop.gsettings(["get", "org.gnome.desktop.background", name]) }

    func testBothKeysPointAtAFileOfTheScreensSizeAndUndoPutsThemBack() throws {
        try GtkTestSupport.requireDisplay()
        // A background of the person's own before, light and dark told apart.
        XCTAssertNotNil(desktop.gsettings(["set", "org.gnome.desktop.background", "picture-uri", "file:///old/light.jpg"]))
        XCTAssertNotNil(desktop.gsettings(["set", "org.gnome.desktop.background", "picture-uri-dark", "file:///old/dark.jpg"]))
        let (editor, app) = try editor()
        defer { editor.stop() }
        Shell.run("xdotool", ["key", "--clearmodifiers", "ctrl+F8"])
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 30) { self.key("picture-uri") != "'file:///old/light.jpg'" }, "the key never changed")
        let uri = try XCTUnwrap(key("picture-uri"))
        XCTAssertEqual(key("picture-uri-dark"), uri)
        let written = try XCTUnwrap(
            URL(string: String(uri.dropFirst().dropLast()))?.path, "not a file URI: \(uri)")
        XCTAssertEqual(written, desktop.data.appendingPathComponent("backgrounds/dunes (background).png").path)
        XCTAssertEqual(Shell.run("identify", ["-format", "%wx%h", written]), Self.screen)
        XCTAssertNotNil(app.find(named: "Background set"), "no toast")
        // Output Size is the screen's (the crop's facts over the picture say what it becomes).
        let facts = "→ \(Self.screen.replacingOccurrences(of: "x", with: " × ")) px"
        XCTAssertTrue(app.descendants().contains { $0.name?.contains(facts) == true }, "Output Size is not the screen's")

        XCTAssertTrue(app.pressButton(endingWith: "Undo"), "no Undo on the toast")
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 15) { self.key("picture-uri") == "'file:///old/light.jpg'" }, "Undo did not restore it")
        XCTAssertEqual(key("picture-uri-dark"), "'file:///old/dark.jpg'")
        XCTAssertFalse(FileManager.default.fileExists(atPath: written), "the background made for it stayed")
        XCTAssertTrue(editor.process.isRunning, "the editor exited")
    }

    func testWhereTheWallpaperPortalAnswersTheBackgroundGoesThroughIt() throws {
        try GtkTestSupport.requireDisplay()
        let (editor, _) = try editor()
        defer { editor.stop() }
        let pid = editor.process.processIdentifier
        let handed = folder.appendingPathComponent("handed.png")
        let call = try MainActor.assumeIsolated { () throws -> RecordingBusService.Call? in
            let portal = try RecordingBusService.wallpaperPortal()
            defer { portal.stop() }
            Shell.run("xdotool", ["key", "--clearmodifiers", "ctrl+F8"])
            // The portal answers from this process's loop, until the editor has heard it.
            XCTAssertTrue(GtkDisplay.pump(timeout: 30) { !portal.calls.isEmpty }, "the portal was never asked")
            let app = AtspiClient.application(pid: pid)
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { app?.find(named: "Background set") != nil }, "no toast")
            return portal.calls.first
        }
        XCTAssertEqual(call?.method, "SetWallpaperFile")
        guard case .options(let options) = call?.arguments[2] else { return XCTFail("no options: \(String(describing: call))") }
        XCTAssertEqual(options["set-on"], .string("background"))
        // The descriptor is the picture itself, at the screen's size.
        try XCTUnwrap(call?.descriptorContents.first).write(to: handed)
        XCTAssertEqual(Shell.run("identify", ["-format", "%wx%h", handed.path]), Self.screen)
        // The portal set it: the editor wrote no key itself.
        XCTAssertFalse((key("picture-uri") ?? "").contains(desktop.data.path), "the editor wrote the key itself")
    }
}
