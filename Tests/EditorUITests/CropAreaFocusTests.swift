// The crop area in the window: it takes focus when a picture opens and shows it, and Tab and Shift+Tab leave it.

import CGtk
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class CropAreaFocusTests: XCTestCase {
    func testCanvasTakesFocusWhenAnImageOpensAndReportsVisibleFocus() throws {
        try GtkTestSupport.requireDisplay()
        MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            XCTAssertTrue(GtkDisplay.pump { gtk_widget_has_focus(window.canvas.widget) != 0 })
            gtk_window_set_focus_visible(cgtk_window(window.window.raw), 1)
            XCTAssertTrue(window.canvas.paintState.focused)
        }
    }

    func testTabAndShiftTabLeaveTheCropArea() throws {
        try GtkTestSupport.requireDisplay()
        MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            for direction in [GTK_DIR_TAB_FORWARD, GTK_DIR_TAB_BACKWARD] {
                gtk_widget_grab_focus(window.canvas.widget)
                XCTAssertNotEqual(gtk_widget_has_focus(window.canvas.widget), 0)
                // What Tab and Shift+Tab do: move focus on from the focused widget.
                _ = gtk_widget_child_focus(window.window, direction)
                XCTAssertEqual(gtk_widget_has_focus(window.canvas.widget), 0, "focus stayed in the crop area")
                XCTAssertNotNil(gtk_window_get_focus(cgtk_window(window.window.raw)), "focus went nowhere")
            }
        }
    }
}
