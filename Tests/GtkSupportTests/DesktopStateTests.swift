// What the desktop tells the editor through GtkSupport: animations allowed, high contrast and its changes, the monitors.

import CGtk
import GtkSupport
import XCTest

@testable import TestSupport

final class DesktopStateTests: XCTestCase {
    func testAnimationsFollowGtksSetting() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let settings = gtk_settings_get_default()!
            let before = DesktopSettings.animationsEnabled
            defer { Self.set(settings, before) }
            for enabled in [false, true] {
                Self.set(settings, enabled)
                XCTAssertEqual(DesktopSettings.animationsEnabled, enabled)
            }
        }
    }

    /// Sets `gtk-enable-animations` as the desktop would.
    @MainActor private static func set(_ settings: OpaquePointer, _ enabled: Bool) {
        var value = GValue()
        g_value_init(&value, cgtk_boolean_type())
        g_value_set_boolean(&value, enabled ? 1 : 0)
        g_object_set_property(cgtk_object(settings.raw), "gtk-enable-animations", &value)
        g_value_unset(&value)
    }

    /// The handler runs on each change until its widget is destroyed, and not after.
    func testAHighContrastHandlerRunsUntilItsWidgetIsDestroyed() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let manager = adw_style_manager_get_default()!
            XCTAssertEqual(StyleManager.highContrast, adw_style_manager_get_high_contrast(manager) != 0)
            let widget = Widgets.label()
            g_object_ref_sink(widget.raw)
            final class Count { var changes = 0 }
            let count = Count()
            StyleManager.onHighContrastChange(until: widget) { count.changes += 1 }
            g_object_notify(cgtk_object(manager.raw), "high-contrast")
            XCTAssertEqual(count.changes, 1)
            g_object_unref(widget.raw)  // its last reference: disposed, so destroyed
            g_object_notify(cgtk_object(manager.raw), "high-contrast")
            XCTAssertEqual(count.changes, 1, "the handler outlived its widget")
        }
    }

    /// The test screen (run-tests starts Xvfb at 1280×800) as xdotool reads it from the X server.
    func testTheMonitorsAreTheScreensOwnSize() throws {
        try GtkDisplay.require()
        let geometry = try XCTUnwrap(Shell.run("xdotool", ["getdisplaygeometry"]), "xdotool could not read the screen")
        let size = geometry.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
        MainActor.assumeIsolated {
            XCTAssertEqual(DisplayMonitors.all, [MonitorArea(width: size[0], height: size[1], scale: 1)])
        }
    }
}
