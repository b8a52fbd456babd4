// Guides in the window: the menu chooses the style and whether it shows only while dragging, and both are remembered.

import CGtk
import CropKit
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class GuidesUITests: XCTestCase {
    func testTheMenuActionsChooseShowOnlyWhileDraggingAndRemember() throws {
        try GtkTestSupport.requireDisplay()
        try MainActor.assumeIsolated {
            let settings = try XCTUnwrap(AppSettings.shared, "the schema is not found")
            let window = GtkTestSupport.demoWindow()
            defer {
                gtk_window_destroy(cgtk_window(window.window.raw))
                g_settings_reset(settings, "guides")
                g_settings_reset(settings, "guides-while-dragging")
            }
            XCTAssertEqual(window.canvas.paintState.guides, .thirds, "the seed's default")
            window.activate(.guides, g_variant_new_string("grid"))
            XCTAssertEqual(window.canvas.guideStyle, .grid)
            XCTAssertEqual(AppSettings.guides.style, .grid, "not remembered")
            window.activate(.guidesWhileDragging)
            XCTAssertEqual(window.canvas.guideVisibility, .whileDragging)
            XCTAssertEqual(window.canvas.paintState.guides, GuideStyle.none, "shown without a drag")
            let centre = window.canvas.viewport!.viewPoint(CropPoint(x: 0.5, y: 0.5))
            window.canvas.dragBegan(x: centre.x, y: centre.y)
            XCTAssertEqual(window.canvas.paintState.guides, .grid, "hidden during a drag")
            window.canvas.cancelDrag()
            // A new window starts from what was remembered.
            let next = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(next.window.raw)) }
            XCTAssertEqual(next.canvas.guideStyle, .grid)
            XCTAssertEqual(next.canvas.guideVisibility, .whileDragging)
        }
    }
}
