// A decoder that only says it is confined: the picture is refused in a toast, and the opt-out opens it with a warning.

import Foundation
import OddFiles
import XCTest

@testable import TestSupport
@testable import WindowTestSupport

final class UnconfinedDecoderWindowTests: XCTestCase {
    private var folder: URL!
    /// The package root: this file is Tests/EditorUITests/UnconfinedDecoderWindowTests.swift.
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    override func setUpWithError() throws { folder = try GtkDisplay.temporaryFolder("unconfined") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Starts the editor on a grey picture with the fake-confined decoder and `extra` environment;
    /// waits for a node named `text` on its AT-SPI tree (a toast's label) and returns whether it came.
    private func editorShows(_ text: String, environment extra: [String: String?] = [:]) throws -> Bool {
        let image = folder.appendingPathComponent("grey.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "640x480", "xc:#808080", image]))
        let wrapper = try FakeConfinedDecoder.make(in: folder.path)
        var environment: [String: String?] = ["CROP_EDITOR_DECODER": wrapper]
        environment.merge(extra) { $1 }
        let editor = try ExternalEditor(arguments: [image], environment: environment)
        defer { editor.stop() }
        let app = try XCTUnwrap(AtspiClient.application(pid: editor.process.processIdentifier), "the editor never appeared")
        return GtkDisplay.poll(timeout: 20) { app.find(named: text) != nil }
    }

    func testAPictureIsRefusedWhenItsDecoderCannotBeConfined() throws {
        try GtkTestSupport.requireDisplay()
        XCTAssertTrue(
            try editorShows("Could not open “grey.png”: could not be decoded safely (the decoder could not be confined)"),
            "no toast said the decoder could not be confined")
    }

    func testGermanUsersReadTheRefusalInGerman() throws {
        try GtkTestSupport.requireDisplay()
        // A German locale built into the test folder and the project's catalogue compiled beside it.
        let locales = folder.appendingPathComponent("locales"), messages = folder.appendingPathComponent("locale/de/LC_MESSAGES")
        try FileManager.default.createDirectory(at: locales, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        XCTAssertNotNil(
            Shell.run("localedef", ["-i", "de_DE", "-c", "-f", "UTF-8", locales.appendingPathComponent("de_DE.UTF-8").path]))
        let catalogue = Self.packageRoot.appendingPathComponent("po/de.po").path
        XCTAssertNotNil(
            Shell.run("msgfmt", ["-o", messages.appendingPathComponent("crop-editor.mo").path, catalogue]), "msgfmt failed")
        let german: [String: String?] = [
            "LOCPATH": locales.path, "LANGUAGE": "de", "LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8",
            "CROP_EDITOR_LOCALEDIR": folder.appendingPathComponent("locale").path,
        ]
        XCTAssertTrue(
            try editorShows(
                "Öffnen fehlgeschlagen: „grey.png“: konnte nicht sicher dekodiert werden "
                    + "(der Decoder konnte nicht eingeschränkt werden)", environment: german),
            "no German toast")
    }

    func testTheOptOutOpensThePictureWithOneWarning() throws {
        try GtkTestSupport.requireDisplay()
        XCTAssertTrue(
            try editorShows(
                "Pictures are decoded without confinement: CROP_EDITOR_UNCONFINED is set",
                environment: ["CROP_EDITOR_UNCONFINED": "i-know-the-risks"]),
            "no toast warned of the unconfined decoder")
    }
}
