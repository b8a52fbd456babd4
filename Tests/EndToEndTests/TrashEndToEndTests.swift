// Move to Trash in the real editor, private XDG_DATA_HOME: the trash's file and record, the folder moving on, Undo byte for byte.

import Foundation
import XCTest

@testable import TestSupport
@testable import WindowTestSupport

final class TrashEndToEndTests: XCTestCase {
    private var folder: URL!
    private var desktop: PrivateDesktop!
    private var photos: URL!

    override func setUpWithError() throws {
        folder = try GtkDisplay.temporaryFolder("trash-e2e")
        desktop = try PrivateDesktop(in: folder)
        photos = folder.appendingPathComponent("my photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        // Three photos told apart by their bytes.
        for (name, colour) in [("a.png", "#336699"), ("b.png", "#996633"), ("c.png", "#339966")] {
            XCTAssertNotNil(Shell.run("convert", ["-size", "300x200", "xc:\(colour)", photos.appendingPathComponent(name).path]))
        }
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private var trash: URL { desktop.data.appendingPathComponent("Trash") }

    /// The editor on a.png with this test's desktop, its window focused once the folder is listed.
    private func editor() throws -> (ExternalEditor, AtspiNode, String) {
        let editor = try ExternalEditor(
            arguments: [photos.appendingPathComponent("a.png").path], environment: desktop.environment())
        let window = try XCTUnwrap(editor.waitForWindow(named: "a.png"), "the editor window never appeared")
        let app = try XCTUnwrap(AtspiClient.application(pid: editor.process.processIdentifier))
        XCTAssertTrue(GtkDisplay.poll(timeout: 15) { app.find(named: "1 of 3") != nil }, "the folder was never listed")
        Shell.run("xdotool", ["windowfocus", "--sync", window])
        return (editor, app, window)
    }

    func testDeleteMovesThePhotoToTheTrashTheFolderMovesOnAndUndoBringsItBackByteForByte() throws {
        try GtkTestSupport.requireDisplay()
        let photo = photos.appendingPathComponent("a.png")
        let bytes = try Data(contentsOf: photo)
        let (editor, app, _) = try editor()
        defer { editor.stop() }
        Shell.run("xdotool", ["key", "--clearmodifiers", "Delete"])
        let trashed = trash.appendingPathComponent("files/a.png"), record = trash.appendingPathComponent("info/a.png.trashinfo")
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 15) { FileManager.default.fileExists(atPath: record.path) }, "nothing in the trash")
        XCTAssertFalse(FileManager.default.fileExists(atPath: photo.path), "the photo is still in its folder")
        XCTAssertEqual(try Data(contentsOf: trashed), bytes)
        let info = try String(contentsOf: record, encoding: .utf8)
        XCTAssertTrue(
            info.hasPrefix("[Trash Info]\nPath=\(photos.path.replacingOccurrences(of: " ", with: "%20"))/a.png\n"), info)
        XCTAssertTrue(info.contains("\nDeletionDate="), info)
        // The session goes on at the next photo, and its counter follows.
        XCTAssertNotNil(editor.waitForWindow(named: "b.png"), "the next photo did not show")
        XCTAssertTrue(GtkDisplay.poll(timeout: 10) { app.find(named: "1 of 2") != nil }, "the counter did not follow")
        XCTAssertNotNil(app.find(named: "“a.png” moved to the trash"), "no toast")

        XCTAssertTrue(app.pressButton(endingWith: "Undo"), "no Undo on the toast")
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 15) { FileManager.default.fileExists(atPath: photo.path) }, "Undo did not restore it")
        XCTAssertEqual(try Data(contentsOf: photo), bytes)
        XCTAssertFalse(FileManager.default.fileExists(atPath: trashed.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: record.path), "the trash still lists it")
        XCTAssertNotNil(editor.waitForWindow(named: "a.png"), "the restored photo did not show")
        XCTAssertTrue(GtkDisplay.poll(timeout: 10) { app.find(named: "1 of 3") != nil }, "the counter did not follow back")
        XCTAssertTrue(editor.process.isRunning, "the editor exited")
    }

    func testAPhotoWhoseCropIsUnsavedGoesToTheTrashOnlyOnceThePersonAgrees() throws {
        try GtkTestSupport.requireDisplay()
        let photo = photos.appendingPathComponent("a.png")
        let (editor, app, _) = try editor()
        defer { editor.stop() }
        // Narrowed by a key: the crop is unsaved.
        Shell.run("xdotool", ["key", "--clearmodifiers", "shift+Left"])
        XCTAssertTrue(GtkDisplay.poll(timeout: 10) { app.find(named: "• a.png") != nil }, "the crop never counted as unsaved")
        Shell.run("xdotool", ["key", "--clearmodifiers", "Delete"])
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 10) { app.find(named: "Move “a.png” to the trash?", depth: 60) != nil }, "no question asked")
        XCTAssertTrue(FileManager.default.fileExists(atPath: photo.path), "trashed before the answer")
        XCTAssertTrue(app.pressButton(endingWith: "Move to Trash"))
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 15) {
                FileManager.default.fileExists(atPath: self.trash.appendingPathComponent("info/a.png.trashinfo").path)
            }, "not trashed once agreed")
        XCTAssertFalse(FileManager.default.fileExists(atPath: photo.path))
        XCTAssertNotNil(editor.waitForWindow(named: "b.png"), "the next photo did not show")
    }
}
