// Remembered settings: the window's size is kept in GSettings when it closes and used by the next window.

import CGtk
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class SettingsTests: XCTestCase {
    func testTheWindowSizeIsRememberedAcrossWindows() throws {
        try GtkTestSupport.requireDisplay()
        try MainActor.assumeIsolated {
            let settings = try XCTUnwrap(
                AppSettings.shared, "the schema is not found: GSETTINGS_SCHEMA_DIR must point at the compiled data/ schema")
            let first = EditorWindow(application: GtkTestSupport.application.application)
            first.showDemo()
            gtk_window_set_default_size(cgtk_window(first.window.raw), 1010, 707)
            first.present()
            XCTAssertTrue(GtkDisplay.drawn(first.window))
            gtk_window_close(cgtk_window(first.window.raw))
            GtkDisplay.catchUp()
            XCTAssertEqual(g_settings_get_int(settings, "window-width"), 1010)
            XCTAssertEqual(g_settings_get_int(settings, "window-height"), 707)
            let second = EditorWindow(application: GtkTestSupport.application.application)
            defer { gtk_window_destroy(cgtk_window(second.window.raw)) }
            var width: Int32 = 0, height: Int32 = 0
            gtk_window_get_default_size(cgtk_window(second.window.raw), &width, &height)
            XCTAssertEqual(width, 1010)
            XCTAssertEqual(height, 707)
            g_settings_reset(settings, "window-width")
            g_settings_reset(settings, "window-height")
        }
    }
}
