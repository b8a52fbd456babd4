// Copy and Close, real editor and X clipboard: the window goes; the process serves the picture until replaced or timed out.

import Foundation
import XCTest

@testable import TestSupport
@testable import WindowTestSupport

final class CopyAndCloseTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try GtkDisplay.temporaryFolder("copy-close") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// The editor on a plasma picture, its window focused; Shift+Left narrows the crop, Ctrl+S saves it
    /// beside the picture, Ctrl+Shift+C copies and closes. Returns the editor and the saved file.
    private func copyAndClose(environment: [String: String?] = [:]) throws -> (ExternalEditor, String) {
        try GtkTestSupport.requireDisplay()
        let source = folder.appendingPathComponent("shot.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "300x200", "-seed", "4", "plasma:fractal", source]))
        let editor = try ExternalEditor(arguments: [source], environment: environment)
        let window = try XCTUnwrap(editor.waitForWindow(named: "shot.png"), "the editor window never appeared")
        Shell.run("xdotool", ["windowfocus", "--sync", window])
        Shell.run("xdotool", ["key", "--clearmodifiers", "shift+Left"])
        Shell.run("xdotool", ["key", "--clearmodifiers", "ctrl+s"])
        let saved = folder.appendingPathComponent("shot (cropped).png").path
        XCTAssertTrue(GtkDisplay.poll(timeout: 15) { FileManager.default.fileExists(atPath: saved) }, "Ctrl+S saved nothing")
        Shell.run("xdotool", ["key", "--clearmodifiers", "ctrl+shift+c"])
        // The window goes once the copy is on the clipboard; the process stays.
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 15) {
                Shell.run("xdotool", ["search", "--onlyvisible", "--name", "^shot.png"]) == nil
            }, "the window did not close")
        XCTAssertTrue(editor.process.isRunning, "the editor ended with its window: the copy went with it")
        return (editor, saved)
    }

    func testTheCopyOutlivesTheWindowUntilAnotherApplicationTakesTheClipboard() throws {
        let (editor, saved) = try copyAndClose()
        defer { editor.stop() }
        let bytes = try XCTUnwrap(ClipboardTool.read("image/png", pumping: false), "nothing to paste after the window closed")
        let pasted = folder.appendingPathComponent("pasted.png").path
        try bytes.write(to: URL(fileURLWithPath: pasted))
        XCTAssertEqual(Shell.run("identify", ["-format", "%wx%h", pasted]), Shell.run("identify", ["-format", "%wx%h", saved]))
        XCTAssertEqual(Shell.run("compare", ["-metric", "AE", pasted, saved, "null:"]), "", "the copy differs from the save")
        // Still there a while later, and still served.
        XCTAssertFalse(
            GtkDisplay.poll(timeout: 1) { !editor.process.isRunning }, "the editor ended before anyone took the clipboard")
        XCTAssertNotNil(ClipboardTool.read("image/png", pumping: false))
        // Another application copies something: the editor's copy is no longer wanted, and it ends.
        let text = folder.appendingPathComponent("words.txt").path
        try "something else".write(toFile: text, atomically: true, encoding: .utf8)
        ClipboardTool.offer(text, as: "text/plain")
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 10) { !editor.process.isRunning }, "the editor lives on after losing the clipboard")
        XCTAssertEqual(editor.process.terminationStatus, 0)
    }

    func testTheCopyIsKeptNoLongerThanItsTime() throws {
        // Ten minutes in use; three seconds here.
        let (editor, _) = try copyAndClose(environment: ["CROP_EDITOR_CLIPBOARD_SECONDS": "3"])
        defer { editor.stop() }
        XCTAssertNotNil(ClipboardTool.read("image/png", pumping: false), "nothing to paste after the window closed")
        XCTAssertTrue(GtkDisplay.poll(timeout: 15) { !editor.process.isRunning }, "the editor outlived its copy's time")
        XCTAssertEqual(editor.process.terminationStatus, 0)
    }
}
