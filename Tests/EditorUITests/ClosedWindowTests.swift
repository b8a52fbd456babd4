// A window closed while work is still due: its canvas lets the picture go, ignores a late load and any edit, and starts no load.

import CGtk
import Foundation
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class ClosedWindowTests: XCTestCase {
    /// The window and tests may hold the canvas after GTK destroyed its widget: late work is ignored.
    func testACanvasWhoseWidgetWasDestroyedIgnoresLateWork() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("destroyed")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = GtkTestSupport.greyFile(folder, "grey.png", size: "300x200")
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: path)
            let canvas = window.canvas
            let image = try XCTUnwrap(canvas.image)
            XCTAssertTrue(canvas.isAlive)
            gtk_window_destroy(cgtk_window(window.window.raw))
            XCTAssertFalse(canvas.isAlive)
            XCTAssertNil(canvas.image, "the picture is let go with the widget")
            // A load that finishes late, and any edit, change nothing and touch no widget.
            canvas.setImage(image, crop: .unit)
            XCTAssertNil(canvas.image)
            XCTAssertEqual(canvas.edit { $0.apply(.moveLeft) }, [])
            window.open(path: path)
            XCTAssertFalse(window.isLoading, "a closed window starts no load")
        }
    }
}
