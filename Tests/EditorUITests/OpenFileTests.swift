// Opening files in a window: a good PNG replaces the picture; bad paths show a message and leave the window usable.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class OpenFileTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try GtkDisplay.temporaryFolder("open-tests")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    @MainActor private static func openAndWait(_ window: EditorWindow, _ path: String) {
        window.open(path: path)
        XCTAssertTrue(window.isLoading, "the spinner shows while decoding")
        XCTAssertTrue(GtkDisplay.pump(timeout: 10) { !window.isLoading }, "loading never finished")
    }

    func testBadFilesShowAMessageAndKeepThePicture() throws {
        try GtkTestSupport.requireDisplay()
        let missing = folder.appendingPathComponent("missing.png").path
        let text = folder.appendingPathComponent("notes.png")
        try "this is not a picture\n".write(to: text, atomically: true, encoding: .utf8)
        let empty = folder.appendingPathComponent("empty.png")
        XCTAssertTrue(FileManager.default.createFile(atPath: empty.path, contents: Data()))
        let cases: [(String, String)] = [
            (missing, "missing.png"), (text.path, "notes.png"), (empty.path, "empty.png"),
            (folder.path, "is a folder"),
        ]
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            for (path, expected) in cases {
                Self.openAndWait(window, path)
                let message = try XCTUnwrap(window.lastError, "no message for \(path)")
                XCTAssertTrue(message.contains(expected), "message “\(message)” does not name \(expected)")
                XCTAssertEqual(window.canvas.image?.title, "Coastline", "the previous picture must stay")
            }
            // Still usable: a drag commits a new crop.
            let vp = try XCTUnwrap(window.canvas.viewport)
            let centre = vp.viewPoint(CropPoint(x: 0.5, y: 0.5))
            window.canvas.dragBegan(x: centre.x, y: centre.y)
            window.canvas.dragEnded(dx: 10, dy: 10)
            XCTAssertNotEqual(window.canvas.crop, EditorWindow.demoCrop)
        }
    }

    func testAGoodFileReplacesThePictureWithTheWholeImageSelected() throws {
        try GtkTestSupport.requireDisplay()
        let path = folder.appendingPathComponent("grey.png").path
        let surface = GtkTestSupport.greyImage(width: 300, height: 200).surface
        XCTAssertEqual(cairo_surface_write_to_png(surface.surface, path), CAIRO_STATUS_SUCCESS)
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            Self.openAndWait(window, path)
            XCTAssertNil(window.lastError)
            let image = try XCTUnwrap(window.canvas.image)
            XCTAssertEqual(image.title, "grey.png")
            XCTAssertEqual(image.pixelWidth, 300)
            XCTAssertEqual(image.pixelHeight, 200)
            XCTAssertEqual(window.canvas.crop, .unit)
            XCTAssertEqual(String(cString: gtk_window_get_title(cgtk_window(window.window.raw))), "grey.png")
        }
    }
}
