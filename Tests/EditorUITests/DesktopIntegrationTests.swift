// The app as the desktop sees it: one process opening each file in a new window, and translations used via AT-SPI.

import Foundation
import XCTest

final class DesktopIntegrationTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try GtkTestSupport.temporaryFolder("desktop")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func testASecondLaunchOpensItsFileInANewWindowOfTheFirstProcess() throws {
        try GtkTestSupport.requireDisplay()
        let first = folder.appendingPathComponent("first.png").path
        let second = folder.appendingPathComponent("second.png").path
        Shell.run("convert", ["-size", "300x200", "xc:#336699", first])
        Shell.run("convert", ["-size", "300x200", "xc:#996633", second])
        let editor = try ExternalEditor(arguments: [first])
        defer { editor.stop() }
        XCTAssertNotNil(editor.waitForWindow(named: "first.png"))
        let launcher = try ExternalEditor(arguments: [second])
        // The second launch hands its file to the running instance and exits at once.
        let deadline = Date().addingTimeInterval(10)
        while launcher.process.isRunning, Date() < deadline { usleep(50_000) }
        XCTAssertFalse(launcher.process.isRunning, "the second launch did not hand over and exit")
        XCTAssertEqual(launcher.process.terminationStatus, 0)
        XCTAssertNotNil(editor.waitForWindow(named: "second.png"), "the file did not open in the running instance")
        let windows = Shell.run("xdotool", ["search", "--onlyvisible", "--pid", "\(editor.process.processIdentifier)",
                                            "--name", "\\.png$"]) ?? ""
        XCTAssertEqual(windows.split(separator: "\n").count, 2, "expected two windows of one process: \(windows)")
    }

    func testATranslationPlacedInTheLocaleDirectoryIsUsed() throws {
        try GtkTestSupport.requireDisplay()
        // A German locale built into the test folder (no system-wide locale needed), and a tiny catalogue.
        let locales = folder.appendingPathComponent("locales")
        try FileManager.default.createDirectory(at: locales, withIntermediateDirectories: true)
        XCTAssertNotNil(Shell.run("localedef", ["-i", "de_DE", "-c", "-f", "UTF-8", locales.appendingPathComponent("de_DE.UTF-8").path]),
                        "localedef could not build de_DE.UTF-8")
        let messages = folder.appendingPathComponent("locale/de/LC_MESSAGES")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        let po = folder.appendingPathComponent("de.po")
        try """
        msgid ""
        msgstr "Content-Type: text/plain; charset=UTF-8\\n"

        msgid "_Open"
        msgstr "_Öffnen"

        msgid "Coastline"
        msgstr "Küste"

        msgid "Crop area"
        msgstr "Zuschneidebereich"
        """.write(to: po, atomically: true, encoding: .utf8)
        XCTAssertNotNil(Shell.run("msgfmt", ["-o", messages.appendingPathComponent("crop-editor.mo").path, po.path]))

        let editor = try ExternalEditor(arguments: [], environment: [
            "LOCPATH": locales.path, "LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8", "LANGUAGE": "de",
            "CROP_EDITOR_LOCALEDIR": folder.appendingPathComponent("locale").path,
        ])
        defer { editor.stop() }
        XCTAssertNotNil(editor.waitForWindow(named: "Küste"), "the demo's title was not translated")
        let app = try XCTUnwrap(AtspiClient.application(pid: editor.process.processIdentifier))
        let open = try XCTUnwrap(app.find(named: "Öffnen"), "no “Öffnen” button on the AT-SPI tree")
        // GTK 4.8 exposes the button's text as its label child.
        XCTAssertTrue(["label", "push button"].contains(open.roleName ?? ""), "role \(open.roleName ?? "none")")
        XCTAssertNotNil(app.find(named: "Zuschneidebereich"), "the crop area's name was not translated")
    }
}
