// A chosen ratio held through real pointer drags (xdotool), and Shift keeping a free crop's proportions while dragging.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class AspectRatioRealPointerTests: XCTestCase {
    /// Width ÷ height of the committed crop in pixels is 16:9 within CropKit's one-pixel rounding.
    @MainActor private static func assertSixteenByNine(_ window: EditorWindow, _ message: String, line: UInt = #line) {
        let p = window.canvas.crop.pixelRect(imageWidth: 1200, imageHeight: 800)
        XCTAssertLessThanOrEqual(
            abs(Double(p.width) - Double(p.height) * 16 / 9), 1 + 16.0 / 9,
            "\(message): \(p) is not 16:9", line: line)
    }

    func testChoosingARatioAndDraggingACornerWithARealPointerKeepsIt() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("ratio")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("ratio.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "1200x800", "xc:#808080", path]))
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: path)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            window.activate(.aspectRatio, g_variant_new_string("16:9"))
            Self.assertSixteenByNine(window, "after choosing 16:9")
            XCTAssertEqual(window.canvas.crop.width, 1, accuracy: 1e-9, "the largest 16:9 frame spans the 3:2 picture's width")
            let label = try XCTUnwrap(gtk_menu_button_get_label(cgtk_menu_button(window.header.aspectRatioButton.raw)))
            XCTAssertEqual(String(cString: label), "16:9")

            // A real drag of the bottom-right corner, 120 points up and 40 left, through X.
            let origin = try GtkTestSupport.placeAtCorner(window, name: "ratio.png")
            let viewport = try XCTUnwrap(window.canvas.viewport)
            let frame = viewport.viewRect(window.canvas.crop)
            let before = window.canvas.crop
            RealPointer.drag(
                from: (Int(origin.x + frame.maxX) - 3, Int(origin.y + frame.maxY) - 3),
                by: (-40, -120))
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 3) { window.canvas.crop != before && !window.canvas.session.isDragging },
                "the real drag did not commit")
            Self.assertSixteenByNine(window, "after a real corner drag")
            XCTAssertEqual(window.canvas.crop.minX, before.minX, accuracy: 1e-9, "anchored at the opposite corner")
            XCTAssertEqual(window.canvas.crop.minY, before.minY, accuracy: 1e-9, "anchored at the opposite corner")

            // Back to Free: the crop stays, drags are free again.
            window.activate(.aspectRatio, g_variant_new_string("free"))
            XCTAssertNil(window.canvas.session.aspectRatio)
        }
    }

    func testShiftKeepsTheProportionsDuringAFreeRealDrag() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("shift")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("shift.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "1200x800", "xc:#808080", path]))
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: path)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            XCTAssertTrue(window.canvas.aspectRatio.isFree)
            // A 600×300 (2:1) crop, then a real drag of its corner with Shift held.
            window.canvas.commit(
                CropRect(pixelRect: PixelRect(x: 100, y: 100, width: 600, height: 300), imageWidth: 1200, imageHeight: 800))
            let origin = try GtkTestSupport.placeAtCorner(window, name: "shift.png")
            let frame = try XCTUnwrap(window.canvas.viewport).viewRect(window.canvas.crop)
            Shell.run("xdotool", ["keydown", "shift"])
            RealPointer.drag(
                from: (Int(origin.x + frame.maxX) - 3, Int(origin.y + frame.maxY) - 3),
                by: (-30, -90))
            Shell.run("xdotool", ["keyup", "shift"])
            XCTAssertTrue(GtkDisplay.pump(timeout: 3) { !window.canvas.session.isDragging })
            GtkDisplay.catchUp()
            let p = window.canvas.crop.pixelRect(imageWidth: 1200, imageHeight: 800)
            XCTAssertNotEqual(p.width, 600, "the drag did not resize")
            XCTAssertLessThanOrEqual(abs(p.width - 2 * p.height), 3, "Shift did not keep 2:1: \(p)")
            XCTAssertTrue(window.canvas.aspectRatio.isFree, "Shift locks one drag, not the menu's ratio")
            XCTAssertNil(window.canvas.session.aspectRatio, "the lock ends with the drag")
        }
    }
}
