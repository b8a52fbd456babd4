// Labels follow the desktop's text size: doubling the font resolution (what GNOME's Large Text sets) grows them.

import CGtk
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class TextScalingTests: XCTestCase {
    func testTheSizeLabelGrowsWithTheDesktopTextSize() throws {
        try GtkTestSupport.requireDisplay()
        MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            XCTAssertTrue(GtkDisplay.drawn(window.window))
            let settings = gtk_settings_get_default()!
            var dpi = GValue()
            g_value_init(&dpi, cgtk_int_type())
            g_object_get_property(cgtk_object(settings.raw), "gtk-xft-dpi", &dpi)
            let original = g_value_get_int(&dpi)
            @MainActor func labelHeight() -> Int32 {
                var minimum: Int32 = 0, natural: Int32 = 0
                gtk_widget_measure(window.status.sizeLabel, GTK_ORIENTATION_VERTICAL, -1, &minimum, &natural, nil, nil)
                return natural
            }
            let before = labelHeight()
            // gtk-xft-dpi is in 1024ths of a dot per inch; GNOME's text scaling factor multiplies it.
            g_value_set_int(&dpi, (original > 0 ? original : 96 * 1024) * 2)
            g_object_set_property(cgtk_object(settings.raw), "gtk-xft-dpi", &dpi)
            XCTAssertTrue(GtkDisplay.drawn(window.window))
            let after = labelHeight()
            g_value_set_int(&dpi, original)
            g_object_set_property(cgtk_object(settings.raw), "gtk-xft-dpi", &dpi)
            g_value_unset(&dpi)
            XCTAssertGreaterThan(
                after, before + before / 2, "the size label did not grow with the text size (\(before) → \(after))")
        }
    }
}
