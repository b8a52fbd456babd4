// Paste from the real X clipboard: picture bytes open as "Pasted Image", a URI list opens the file, text offers nothing.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class ClipboardPasteTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try GtkDisplay.temporaryFolder("paste-tests") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    @MainActor private static func enabled(_ window: EditorWindow, _ action: WindowAction) -> Bool {
        g_action_group_get_action_enabled(OpaquePointer(window.window.raw), action.name) != 0
    }

    /// An empty window (the "No Image" page) once GTK has seen xclip's clipboard offering `type`
    /// (an earlier test's copy may have been this process's own), and Paste enabled or not.
    @MainActor private static func emptyWindow(offering type: String, expectingPaste: Bool) -> EditorWindow {
        let window = EditorWindow(application: GtkTestSupport.application.application)
        window.closeImage()
        window.present()
        let clipboard = Clipboard.of(window.window)
        XCTAssertTrue(
            GtkDisplay.pump(timeout: 10) {
                !Clipboard.isLocal(clipboard) && Clipboard.mimeTypes(Clipboard.formats(clipboard)).contains(type)
            }, "the clipboard never offered \(type)")
        XCTAssertTrue(
            GtkDisplay.pump(timeout: 10) { Self.enabled(window, .paste) == expectingPaste },
            "Paste never became \(expectingPaste ? "enabled" : "disabled")")
        return window
    }

    func testAPastedPNGOpensWithoutAFileAndSavesAndCopiesAsItsPixels() throws {
        try GtkTestSupport.requireDisplay()
        let shot = folder.appendingPathComponent("shot.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "320x200", "-seed", "13", "plasma:fractal", shot]))
        ClipboardTool.offer(shot, as: "image/png")
        let saved = folder.appendingPathComponent("saved.png").path
        let copied = folder.appendingPathComponent("copied.png").path
        let reference = folder.appendingPathComponent("reference.png").path
        try MainActor.assumeIsolated {
            let window = Self.emptyWindow(offering: "image/png", expectingPaste: true)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            XCTAssertTrue(window.isEmpty)
            XCTAssertEqual(window.copyPaste.emptyPageButton.isVisible, true, "no Paste Image button on the empty page")
            g_action_group_activate_action(OpaquePointer(window.window.raw), WindowAction.paste.name, nil)
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 15) { window.canvas.image?.pasted != nil || window.lastError != nil },
                "the pasted picture never opened")
            XCTAssertNil(window.lastError)
            let image = try XCTUnwrap(window.canvas.image)
            XCTAssertNil(image.path, "a pasted picture has no file")
            XCTAssertEqual(image.title, "Pasted Image")
            XCTAssertEqual(String(cString: gtk_window_get_title(cgtk_window(window.window.raw))), "Pasted Image")
            XCTAssertEqual([image.pixelWidth, image.pixelHeight], [320, 200])
            // Nothing to keep a crop beside; saving and copying work.
            XCTAssertFalse(Self.enabled(window, .keepCrop))
            XCTAssertTrue(Self.enabled(window, .save) && Self.enabled(window, .saveAs) && Self.enabled(window, .copy))

            window.canvas.commit(
                CropRect(pixelRect: PixelRect(x: 20, y: 10, width: 240, height: 150), imageWidth: 320, imageHeight: 200))
            window.saving.export(to: saved, overwritingSource: false)
            XCTAssertTrue(GtkDisplay.pump(timeout: 15) { !window.saving.isSaving })
            XCTAssertNil(window.lastError)
            Shell.run("convert", [shot, "-crop", "240x150+20+10", "+repage", reference])
            XCTAssertEqual(Shell.run("compare", ["-metric", "AE", saved, reference, "null:"]), "", "the saved crop differs")

            g_action_group_activate_action(OpaquePointer(window.window.raw), WindowAction.copy.name, nil)
            XCTAssertTrue(GtkDisplay.pump(timeout: 15) { window.lastToast?.hasPrefix("Copied") == true })
            XCTAssertEqual(window.lastToast, "Copied, 240 × 150 pixels")
            try XCTUnwrap(ClipboardTool.read("image/png", pumping: true)).write(to: URL(fileURLWithPath: copied))
            XCTAssertEqual(Shell.run("compare", ["-metric", "AE", copied, reference, "null:"]), "", "the copy differs")
        }
        // Nothing of the paste was written anywhere but where it was saved.
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
            ["copied.png", "reference.png", "saved.png", "shot.png"])
    }

    /// A pasted picture larger than the screen is shown shrunk, like a file's; zoomed to its pixels the
    /// sharp region is rendered from its sealed bytes, and Trim Borders is offered as for a file.
    func testALargePastedPictureTurnsSharpWhenZoomedAndCanBeTrimmed() throws {
        try GtkTestSupport.requireDisplay()
        let shot = folder.appendingPathComponent("large.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "4000x3000", "-seed", "3", "plasma:fractal", shot]))
        ClipboardTool.offer(shot, as: "image/png")
        try MainActor.assumeIsolated {
            let window = Self.emptyWindow(offering: "image/png", expectingPaste: true)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            window.activate(.paste)
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 30) { window.canvas.image?.pasted != nil || window.lastError != nil },
                "the pasted picture never opened")
            let image = try XCTUnwrap(window.canvas.image)
            XCTAssertLessThan(image.surface.width, 4000, "the window shows a shrunk thumbnail")
            XCTAssertTrue(Self.enabled(window, .trim), "Trim Borders is not offered for a pasted picture")
            window.activate(.zoomActual)
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 20) { window.canvas.sharpTile != nil }, "no sharp region from the pasted bytes")
        }
    }

    func testAURIListOfAnImageFileOpensTheFileAndTextOffersNothing() throws {
        try GtkTestSupport.requireDisplay()
        let photo = GtkTestSupport.greyFile(folder, "copied in files.png", size: "200x150")
        let list = folder.appendingPathComponent("list.txt").path
        let uri = try XCTUnwrap(URL(fileURLWithPath: photo).absoluteString as String?)
        try "\(uri)\r\n".write(toFile: list, atomically: true, encoding: .utf8)
        ClipboardTool.offer(list, as: "text/uri-list")
        MainActor.assumeIsolated {
            let window = Self.emptyWindow(offering: "text/uri-list", expectingPaste: true)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            g_action_group_activate_action(OpaquePointer(window.window.raw), WindowAction.paste.name, nil)
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 15) { window.canvas.image?.path == photo || window.lastError != nil },
                "the copied file never opened")
            XCTAssertNil(window.lastError)
            XCTAssertNil(window.canvas.image?.pasted)
            XCTAssertTrue(Self.enabled(window, .keepCrop), "a file opened from the clipboard is a file")
        }
        let text = folder.appendingPathComponent("words.txt").path
        try "no picture".write(toFile: text, atomically: true, encoding: .utf8)
        ClipboardTool.offer(text, as: "text/plain")
        MainActor.assumeIsolated {
            let window = Self.emptyWindow(offering: "text/plain", expectingPaste: false)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            XCTAssertEqual(window.copyPaste.emptyPageButton.isVisible, false, "Paste Image shown with nothing to paste")
        }
    }

    func testCropEditorPasteOpensTheWindowOnTheClipboardsImage() throws {
        try GtkTestSupport.requireDisplay()
        let shot = folder.appendingPathComponent("screenshot.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "240x160", "-seed", "17", "plasma:fractal", shot]))
        ClipboardTool.offer(shot, as: "image/png")
        let editor = try ExternalEditor(arguments: ["--paste"])
        defer { editor.stop() }
        XCTAssertNotNil(editor.waitForWindow(named: "Pasted Image"), "no window on the pasted image")
        // And `--paste` is the window's: it never reached the command line's option parser.
        XCTAssertTrue(editor.process.isRunning)
    }
}
