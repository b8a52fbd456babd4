// With Orca: Move to Trash, Set as Background and their Undos spoken, Print and Open With found in the main menu.

import Foundation
import XCTest

@testable import TestSupport
@testable import WindowTestSupport

final class OrcaAfterTheCropTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try GtkDisplay.temporaryFolder("orca-after") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Delete on the crop area: Orca says the photo went to the trash, then the next photo's name and
    /// place; the toast's Undo (pressed through AT-SPI) brings it back, and Orca says so with its crop.
    func testOrcaSaysThePhotoWentToTheTrashAndCameBack() throws {
        try GtkTestSupport.requireDisplay()
        let desktop = try PrivateDesktop(in: folder.appendingPathComponent("desktop"))
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let first = GtkTestSupport.greyFile(photos, "a.png", size: "300x200")
        _ = GtkTestSupport.greyFile(photos, "b.png", size: "200x300")
        _ = GtkTestSupport.greyFile(photos, "c.png", size: "300x300")
        let (editor, orca) = try OrcaEndToEndTests.listen(opening: first, in: folder, environment: desktop.environment())
        defer {
            orca.stop()
            editor.stop()
        }
        let app = try XCTUnwrap(AtspiClient.application(pid: editor.process.processIdentifier))
        XCTAssertTrue(GtkDisplay.poll(timeout: 15) { app.find(named: "1 of 3") != nil }, "the folder was never listed")

        let trashed = orca.answer(to: "Delete", quiet: 1.5, timeout: 20).joined(separator: " ")
        XCTAssertTrue(trashed.contains("a.png") && trashed.contains("moved to the trash"), "Orca said: \(trashed)")
        XCTAssertTrue(trashed.contains("b.png, 1 of 2"), "Orca said: \(trashed)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: desktop.data.appendingPathComponent("Trash/files/a.png").path))

        let before = orca.utterances.count
        XCTAssertTrue(app.pressButton(endingWith: "Undo"), "no Undo on the toast")
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 20) {
                orca.utterances.dropFirst(before).joined(separator: " ").contains("restored from the trash")
            }, "Orca said: \(orca.utterances.dropFirst(before))")
        orca.settle()
        let restored = orca.utterances.dropFirst(before).joined(separator: " ")
        XCTAssertTrue(restored.contains("left 0 percent, top 0 percent, width 100 percent, height 100 percent"), restored)
        XCTAssertTrue(FileManager.default.fileExists(atPath: first))
        for utterance in orca.utterances {
            XCTAssertEqual(OrcaSpeechModel.classNames(in: utterance), [], "Orca said “\(utterance)”")
        }
        XCTAssertTrue(editor.process.isRunning, "the editor exited")
    }

    /// F10 and Down through the main menu: Orca reads Print… (with its key) where it is, and Return opens GTK's print dialog.
    func testOrcaReadsPrintInTheMainMenuAndItOpensThePrintDialog() throws {
        try GtkTestSupport.requireDisplay()
        let image = GtkTestSupport.greyFile(folder, "printed.png", size: "300x200")
        let (editor, orca) = try OrcaEndToEndTests.listen(opening: image, in: folder)
        defer {
            orca.stop()
            editor.stop()
        }
        XCTAssertEqual(orca.answer(to: "F10").last, "Open...", "Orca said: \(orca.utterances)")
        var item: [String] = []
        for _ in 0..<40 where !item.contains(where: { $0.hasPrefix("Print...") }) { item = orca.answer(to: "Down") }
        XCTAssertTrue(item.contains { $0.hasPrefix("Print...") }, "Orca said: \(orca.utterances.suffix(20))")
        Shell.run("xdotool", ["key", "--clearmodifiers", "Return"])
        // Xvfb has no window manager, so Orca may stay on the closed menu: the dialog is looked for on AT-SPI.
        let app = try XCTUnwrap(AtspiClient.application(pid: editor.process.processIdentifier))
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 30) { app.children.contains { $0.name == "Print" } },
            "no print dialog: \(app.children.compactMap(\.name))")
        XCTAssertTrue(app.pressButton(endingWith: "Cancel"), "no Cancel in the print dialog")
        XCTAssertTrue(GtkDisplay.poll(timeout: 10) { !app.children.contains { $0.name == "Print" } }, "the dialog stayed")
        for utterance in orca.utterances.dropFirst(2) {
            XCTAssertFalse(utterance.contains("GtkPrint"), "Orca said “\(utterance)”")
        }
        XCTAssertTrue(editor.process.isRunning, "the editor exited")
    }

    /// Ctrl+F8 with GNOME's keys in a private key file: Orca says the background was set, and that it
    /// was restored when the toast's Undo is pressed; then the main menu read down to Set as Background
    /// and Open With…, whose Return opens the application chooser for the photo.
    func testOrcaSaysTheBackgroundWasSetAndRestoredAndReadsOpenWithInTheMenu() throws {
        try GtkTestSupport.requireDisplay()
        let desktop = try PrivateDesktop(in: folder.appendingPathComponent("desktop"))
        let image = GtkTestSupport.greyFile(folder, "dunes.png", size: "600x400")
        let (editor, orca) = try OrcaEndToEndTests.listen(
            opening: image, in: folder, environment: desktop.environment(keyFile: true))
        defer {
            orca.stop()
            editor.stop()
        }
        let set = orca.answer(to: "ctrl+F8", quiet: 1.5, timeout: 30).joined(separator: " ")
        XCTAssertTrue(set.contains("Background set"), "Orca said: \(set)")
        let app = try XCTUnwrap(AtspiClient.application(pid: editor.process.processIdentifier))
        let before = orca.utterances.count
        XCTAssertTrue(app.pressButton(endingWith: "Undo"), "no Undo on the toast")
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 20) {
                orca.utterances.dropFirst(before).joined(separator: " ").contains("Background restored")
            }, "Orca said: \(orca.utterances.dropFirst(before))")

        XCTAssertEqual(orca.answer(to: "F10").last, "Open...", "Orca said: \(orca.utterances.suffix(5))")
        var read: [String] = []
        for _ in 0..<25 where !read.contains(where: { $0.hasPrefix("Open With...") }) { read += orca.answer(to: "Down") }
        XCTAssertTrue(read.contains { $0.hasPrefix("Set as Background") }, "Orca said: \(read)")
        XCTAssertTrue(read.contains { $0.hasPrefix("Open With...") }, "Orca said: \(read)")
        Shell.run("xdotool", ["key", "--clearmodifiers", "Return"])
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 30) { app.find(named: "Open “dunes.png” with…") != nil },
            "no application chooser: \(app.children.compactMap(\.name))")
        XCTAssertTrue(app.pressButton(endingWith: "Cancel"), "no Cancel in the chooser")
        for utterance in orca.utterances {
            XCTAssertEqual(OrcaSpeechModel.classNames(in: utterance), [], "Orca said “\(utterance)”")
        }
        XCTAssertTrue(editor.process.isRunning, "the editor exited")
    }
}
