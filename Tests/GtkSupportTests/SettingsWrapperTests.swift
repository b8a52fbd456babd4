// GtkSupport's typed GSettings: a missing schema is nil, values round-trip, a followed key calls back until its widget goes.

import CGtk
import GtkSupport
import XCTest

@testable import TestSupport

final class SettingsWrapperTests: XCTestCase {
    /// The editor's schema, which the test runner compiles beside the build (`GSETTINGS_SCHEMA_DIR`).
    private static let schema = "io.github.cropeditor.CropEditor"

    func testValuesRoundTripAndAMissingSchemaIsNil() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            XCTAssertNil(Settings.installed("io.github.cropeditor.NoSuchSchema"))
            guard let settings = Settings.installed(Self.schema) else {
                return XCTFail("the schema is not found: GSETTINGS_SCHEMA_DIR must point at the compiled data/ schema")
            }
            defer {
                for key in ["window-width", "window-maximized", "aspect-ratio", "custom-output-sizes"] {
                    g_settings_reset(settings, key)
                }
            }
            settings.setInt("window-width", 1234)
            XCTAssertEqual(g_settings_get_int(settings, "window-width"), 1234)
            XCTAssertEqual(settings.int("window-width"), 1234)
            settings.setBool("window-maximized", true)
            XCTAssertNotEqual(g_settings_get_boolean(settings, "window-maximized"), 0)
            XCTAssertTrue(settings.bool("window-maximized"))
            settings.setString("aspect-ratio", "16:9")
            XCTAssertEqual(settings.string("aspect-ratio"), "16:9")
            settings.setStrings("custom-output-sizes", ["640x480", "2048", "15x10cm@300"])
            XCTAssertEqual(settings.strings("custom-output-sizes"), ["640x480", "2048", "15x10cm@300"])
            settings.setStrings("custom-output-sizes", [])
            XCTAssertEqual(settings.strings("custom-output-sizes"), [])
        }
    }

    func testAFollowedKeyCallsBackUntilItsWidgetIsDestroyed() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            guard let settings = Settings.installed(Self.schema) else { return XCTFail("the schema is not found") }
            defer { g_settings_reset(settings, "window-width") }
            let owner = gtk_window_new()!
            var calls = 0
            settings.follow("window-width", while: owner) { calls += 1 }
            settings.setInt("window-width", 640)
            XCTAssertEqual(calls, 1, "the change was not followed")
            settings.setBool("window-maximized", true)
            g_settings_reset(settings, "window-maximized")
            XCTAssertEqual(calls, 1, "another key's change was followed too")
            gtk_window_destroy(cgtk_window(owner.raw))
            settings.setInt("window-width", 800)
            XCTAssertEqual(calls, 1, "the handler outlived its widget")
        }
    }
}
