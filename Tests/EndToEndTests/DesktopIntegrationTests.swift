// The app as the desktop sees it: one process opening each file in a new window, and translations used via AT-SPI.

import Canvas
import Foundation
import XCTest

@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class DesktopIntegrationTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try GtkDisplay.temporaryFolder("desktop")
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
        _ = GtkDisplay.poll(timeout: 10) { !launcher.process.isRunning }
        XCTAssertFalse(launcher.process.isRunning, "the second launch did not hand over and exit")
        XCTAssertEqual(launcher.process.terminationStatus, 0)
        XCTAssertNotNil(editor.waitForWindow(named: "second.png"), "the file did not open in the running instance")
        let windows =
            Shell.run(
                "xdotool",
                [
                    "search", "--onlyvisible", "--pid", "\(editor.process.processIdentifier)",
                    "--name", "\\.png$",
                ]) ?? ""
        XCTAssertEqual(windows.split(separator: "\n").count, 2, "expected two windows of one process: \(windows)")
    }

    /// The package root: this file is Tests/EditorUITests/DesktopIntegrationTests.swift.
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// An editor running in `language` (a locale built into the test folder, no system-wide one needed)
    /// with `catalogue` (a .po file) compiled where the editor looks for translations.
    private func editor(in language: String, locale: String, catalogue: URL, arguments: [String] = []) throws -> ExternalEditor {
        try installCatalogue(catalogue, language: language)
        return try editor(
            in: language, locale: locale, arguments: arguments,
            environment: [
                "CROP_EDITOR_LOCALEDIR": folder.appendingPathComponent("locale").path
            ])
    }

    /// `binary` (or the one built beside the tests) running in `language`, with a locale built
    /// into the test folder (no system-wide one needed).
    private func editor(
        in language: String, locale: String, arguments: [String] = [], environment: [String: String?] = [:],
        binary: URL? = nil
    ) throws -> ExternalEditor {
        let locales = folder.appendingPathComponent("locales")
        try FileManager.default.createDirectory(at: locales, withIntermediateDirectories: true)
        XCTAssertNotNil(
            Shell.run("localedef", ["-i", locale, "-c", "-f", "UTF-8", locales.appendingPathComponent("\(locale).UTF-8").path]),
            "localedef could not build \(locale).UTF-8")
        return try ExternalEditor(
            arguments: arguments,
            environment: [
                "LOCPATH": locales.path, "LANG": "\(locale).UTF-8", "LC_ALL": "\(locale).UTF-8", "LANGUAGE": language,
            ].merging(environment) { _, given in given }, binary: binary)
    }

    /// `catalogue` (a .po file) compiled where CROP_EDITOR_LOCALEDIR points the editor.
    private func installCatalogue(_ catalogue: URL, language: String) throws {
        let messages = folder.appendingPathComponent("locale/\(language)/LC_MESSAGES")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        XCTAssertNotNil(
            Shell.run("msgfmt", ["--check", "-o", messages.appendingPathComponent("crop-editor.mo").path, catalogue.path]),
            "msgfmt refused \(catalogue.lastPathComponent)")
    }

    /// Installed as a packager stages it (`make install DESTDIR=… PREFIX=/usr`), the window's binary in
    /// `usr/libexec/crop-editor/` finds the translations in `usr/share/locale` with nothing to point it there.
    func testTheInstalledAppFindsItsTranslationsFromLibexec() throws {
        try GtkTestSupport.requireDisplay()
        let stage = folder.appendingPathComponent("stage")
        let built = ExternalEditor.buildFolder.appendingPathComponent("crop-editor")
        XCTAssertNotNil(
            Shell.run(
                "env",
                [
                    "-u", "MAKEFLAGS", "-u", "MAKELEVEL", "make", "-C", Self.packageRoot.path, "--no-print-directory",
                    "install", "DESTDIR=\(stage.path)", "PREFIX=/usr", "BINARY=\(built.path)",
                ]),
            "make install failed")
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: stage.appendingPathComponent("usr/share/locale/de/LC_MESSAGES/crop-editor.mo").path))
        let editor = try editor(
            in: "de", locale: "de_DE", environment: ["CROP_EDITOR_LOCALEDIR": nil],
            binary: stage.appendingPathComponent("usr/bin/crop-editor"))
        defer { editor.stop() }
        XCTAssertNotNil(editor.waitForWindow(named: "Küste"), "the installed window's title was not translated")
    }

    /// Keeps `crop` (W%xH%+X%+Y%) for `photo` with the headless command line, as a user would.
    private func keep(_ crop: String, for photo: String) {
        let binary = ExternalEditor.buildFolder.appendingPathComponent("crop-editor").path
        XCTAssertNotNil(Shell.run(binary, ["--sidecar", "--crop=\(crop)", photo]), "could not keep \(crop) for \(photo)")
    }

    func testTheGermanCatalogueTranslatesTheWindowAndTheSpokenValue() throws {
        try GtkTestSupport.requireDisplay()
        // The catalogue the project ships, as make install compiles it.
        let editor = try editor(in: "de", locale: "de_DE", catalogue: Self.packageRoot.appendingPathComponent("po/de.po"))
        defer { editor.stop() }
        let window = try XCTUnwrap(editor.waitForWindow(named: "Küste"), "the demo's title was not translated")
        let app = try XCTUnwrap(AtspiClient.application(pid: editor.process.processIdentifier))
        let open = try XCTUnwrap(app.find(named: "Öffnen"), "no “Öffnen” button on the AT-SPI tree")
        // GTK 4.8 exposes the button's text as its label child.
        XCTAssertTrue(["label", "push button"].contains(open.roleName ?? ""), "role \(open.roleName ?? "none")")
        let area = try XCTUnwrap(app.find(named: "Zuschneidebereich"), "the crop area's name was not translated")
        // The value Orca speaks, worded by the catalogue around CropKit's numbers (the demo's 10/10/80/80).
        XCTAssertEqual(area.description, "links 10 Prozent, oben 10 Prozent, Breite 80 Prozent, Höhe 80 Prozent")
        // An action changes the numbers; the words stay German.
        XCTAssertTrue(area.doAction(named: CanvasAction.adjust(.moveLeft).detailed))
        XCTAssertEqual(
            AtspiClient.waitForChange(from: "links 10 Prozent, oben 10 Prozent, Breite 80 Prozent, Höhe 80 Prozent") {
                area.description
            },
            "links 5 Prozent, oben 10 Prozent, Breite 80 Prozent, Höhe 80 Prozent")
        // The header's size label, formatted by the editor the German way (a space before %).
        XCTAssertNotNil(app.find(named: "80 % × 80 %"), "the size label is not in German form")
        // Straightened: the angle in German words, with the decimal comma German writes.
        let level = area.description
        XCTAssertTrue(area.doAction(named: CanvasAction.straightenClockwise.detailed))
        XCTAssertTrue(area.doAction(named: CanvasAction.straightenClockwise.detailed))
        let turned = AtspiClient.waitForChange(from: level) { area.description } ?? ""
        XCTAssertTrue(turned.hasSuffix(", um 2 Grad im Uhrzeigersinn begradigt"), turned)
        Shell.run("xdotool", ["windowfocus", "--sync", window])
        Shell.run("xdotool", ["key", "--clearmodifiers", "bracketright"])
        let finer = AtspiClient.waitForChange(from: turned) { area.description } ?? ""
        XCTAssertTrue(finer.hasSuffix(", um 2,1 Grad im Uhrzeigersinn begradigt"), finer)
    }

    func testTheGermanCatalogueWordsAnImagingErrorInTheWindow() throws {
        try GtkTestSupport.requireDisplay()
        let empty = folder.appendingPathComponent("leer.png")
        XCTAssertTrue(FileManager.default.createFile(atPath: empty.path, contents: Data()))
        let editor = try editor(
            in: "de", locale: "de_DE", catalogue: Self.packageRoot.appendingPathComponent("po/de.po"),
            arguments: [empty.path])
        defer { editor.stop() }
        let app = try XCTUnwrap(AtspiClient.application(pid: editor.process.processIdentifier))
        // The window's sentence around the file's name and the imaging module's reason, all three German.
        let expected = "Öffnen fehlgeschlagen: „leer.png“: die Datei ist leer"
        let toast = AtspiClient.waitForChange(from: nil, timeout: 15) { app.find(named: expected)?.name }
        XCTAssertEqual(toast, expected, "names on screen: \(app.descendants().compactMap(\.name).filter { !$0.isEmpty })")
    }

    func testEachNumberOfTheSpokenValueTakesItsOwnPluralForm() throws {
        try GtkTestSupport.requireDisplay()
        // Russian has three forms (1 процент, 2 процента, 5 процентов): one plural for the whole
        // sentence could not get all four numbers right.
        let po = folder.appendingPathComponent("ru.po")
        try """
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

        msgid "left %1$s, top %2$s, width %3$s, height %4$s"
        msgstr "слева %1$s, сверху %2$s, ширина %3$s, высота %4$s"

        msgid "%d percent"
        msgid_plural "%d percent"
        msgstr[0] "%d процент"
        msgstr[1] "%d процента"
        msgstr[2] "%d процентов"
        """.write(to: po, atomically: true, encoding: .utf8)
        let photo = GtkTestSupport.greyFile(folder, "photo.png", size: "400x300")
        keep("21%x5%+1%+2%", for: photo)
        let editor = try editor(in: "ru", locale: "ru_RU", catalogue: po, arguments: [photo])
        defer { editor.stop() }
        XCTAssertNotNil(editor.waitForWindow(named: "photo.png"), "the photo did not open")
        let app = try XCTUnwrap(AtspiClient.application(pid: editor.process.processIdentifier))
        let area = try XCTUnwrap(app.find(named: "Crop area"))
        XCTAssertEqual(
            AtspiClient.waitForChange(from: nil) { area.description.flatMap { $0.hasPrefix("слева 1 ") ? $0 : nil } },
            "слева 1 процент, сверху 2 процента, ширина 21 процент, высота 5 процентов")
    }
}
