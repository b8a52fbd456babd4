// Perspective from the keyboard alone, real keys under Xvfb: Ctrl+Shift+P, D, C, Ctrl+arrows, Return, Escape.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class PerspectiveKeysTests: XCTestCase {
    private static func key(_ keys: String) { Shell.run("xdotool", ["key", "--clearmodifiers", keys]) }

    /// A page found with D in the mode, one corner moved three pixels with C and Ctrl+←, applied with
    /// Return as one step; the mode entered again starts from it, and Escape leaves it unchanged.
    func testAPageIsCorrectedFromTheKeyboardAlone() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("perspective-keys")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = PagePhotos.pagePhoto(in: folder, "keys.png")
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            _ = try GtkTestSupport.placeAtCorner(window, name: "keys.png")
            let canvas = window.canvas
            gtk_widget_grab_focus(canvas.widget)

            Self.key("ctrl+shift+p")
            XCTAssertTrue(GtkDisplay.pump { canvas.isEditingPerspective }, "Ctrl+Shift+P did not enter perspective mode")
            XCTAssertTrue(window.layout.perspectiveBar.widget.isVisible)
            Self.key("d")
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 20) {
                    canvas.perspectiveEditing?.quad != PerspectiveEditing.startingQuad(on: canvas.shownSize)
                }, "D did not find the page: \(window.lastToast ?? "no toast")")
            let found = try XCTUnwrap(canvas.perspectiveEditing?.quad)
            PagePhotos.assertCorners(found, near: PagePhotos.page, diagonal: hypot(800, 600))

            // The focus stayed on the crop area: C chooses the top right corner, Ctrl+← moves it a pixel at a time.
            gtk_widget_grab_focus(canvas.widget)
            Self.key("c")
            XCTAssertTrue(GtkDisplay.pump { canvas.perspectiveEditing?.selected == .topRight })
            for _ in 0..<3 { Self.key("ctrl+Left") }
            XCTAssertTrue(
                GtkDisplay.pump { canvas.perspectiveEditing?.quad.topRight.x == found.topRight.x - 3 },
                "\(String(describing: canvas.perspectiveEditing?.quad.topRight)) after Ctrl+← three times from \(found.topRight)")
            let moved = try XCTUnwrap(canvas.perspectiveEditing?.quad)
            XCTAssertEqual(moved.topLeft, found.topLeft)

            Self.key("Return")
            XCTAssertTrue(GtkDisplay.pump { !canvas.isEditingPerspective }, "Return did not apply")
            XCTAssertEqual(canvas.editor.perspective?.quad, moved)
            XCTAssertFalse(window.layout.perspectiveBar.widget.isVisible)
            XCTAssertFalse(window.isOn(.perspective))

            // Again: the mode starts from the committed corners, and Escape leaves with nothing changed.
            Self.key("ctrl+shift+p")
            XCTAssertTrue(GtkDisplay.pump { canvas.isEditingPerspective })
            XCTAssertEqual(canvas.perspectiveEditing?.quad, moved)
            Self.key("c")
            Self.key("Left")
            Self.key("Escape")
            XCTAssertTrue(GtkDisplay.pump { !canvas.isEditingPerspective }, "Escape did not leave the mode")
            XCTAssertEqual(canvas.editor.perspective?.quad, moved)

            // Ctrl+Z takes the correction away in one step.
            Self.key("ctrl+z")
            XCTAssertTrue(GtkDisplay.pump { canvas.editor.perspective == nil })
            XCTAssertFalse(canvas.editor.canUndo)
            XCTAssertNil(window.lastError)
        }
    }
}
