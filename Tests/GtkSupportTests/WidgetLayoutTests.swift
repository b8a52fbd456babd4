// A custom-drawn widget's state through GtkSupport: size, scale, mapping, focus, cursor, direction, description, renderer.

import CGtk
import GtkSupport
import XCTest

@testable import TestSupport

final class WidgetLayoutTests: XCTestCase {
    func testAShownWidgetReportsWhatGtkGaveIt() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let area = gtk_drawing_area_new()!
            XCTAssertEqual(area.size.width, 0, "not laid out yet")
            XCTAssertFalse(area.isMapped)
            XCTAssertNil(area.frameTime, "no frame clock before it is realized")
            XCTAssertNil(area.renderer)
            let window = gtk_window_new()!
            gtk_window_set_default_size(cgtk_window(window.raw), 320, 240)
            gtk_window_set_child(cgtk_window(window.raw), area)
            gtk_window_present(cgtk_window(window.raw))
            defer { gtk_window_destroy(cgtk_window(window.raw)) }
            XCTAssertTrue(GtkDisplay.pump { area.isMapped && area.size.width > 0 }, "the window never showed")
            XCTAssertTrue(GtkDisplay.drawn(area))
            XCTAssertEqual(area.size.width, Int(gtk_widget_get_width(area)))
            XCTAssertEqual(area.size.height, Int(gtk_widget_get_height(area)))
            XCTAssertEqual([area.size.width, area.size.height], [320, 240], "a window's only child fills it")
            XCTAssertEqual(area.scaleFactor, 1, "the test screen is not HiDPI")
            XCTAssertGreaterThan(area.frameTime ?? 0, 0)
            let renderer = try? XCTUnwrap(area.renderer)
            let rendererType = String(cString: g_type_name(renderer.map { Self.type(of: $0) } ?? 0))
            XCTAssertEqual(renderer.map(Renderers.isCairo), rendererType == "GskCairoRenderer")
        }
    }

    func testRendererKindsAreTold() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let cairo = gsk_cairo_renderer_new()!, gl = gsk_gl_renderer_new()!
            defer { [cairo, gl].forEach { g_object_unref($0.raw) } }
            XCTAssertTrue(Renderers.isCairo(cairo))
            XCTAssertFalse(Renderers.isCairo(gl))
        }
    }

    func testSettersReachTheWidget() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let area = gtk_drawing_area_new()!
            g_object_ref_sink(area.raw)
            defer { g_object_unref(area.raw) }
            area.isFocusable = true
            XCTAssertNotEqual(gtk_widget_get_focusable(area), 0)
            XCTAssertTrue(area.isFocusable)
            area.expandsVertically = true
            XCTAssertNotEqual(gtk_widget_get_vexpand(area), 0)
            area.textDirection = GTK_TEXT_DIR_RTL
            XCTAssertEqual(gtk_widget_get_direction(area), GTK_TEXT_DIR_RTL)
            area.setCursor(named: "crosshair")
            XCTAssertEqual(gtk_widget_get_cursor(area).map { String(cString: gdk_cursor_get_name($0)) }, "crosshair")
            area.setCursor(named: nil)
            XCTAssertNil(gtk_widget_get_cursor(area))
            XCTAssertFalse(area.hasVisibleFocus, "a widget in no window has no focus")
            area.setAccessibleDescription("left 10 percent")
            let mismatch = cgtk_test_accessible_check_string(area, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "left 10 percent")
            XCTAssertNil(mismatch.map { String(cString: $0) }, "the description screen readers get")
            g_free(mismatch)
        }
    }

    /// Counts a closure's runs, and tells when the closure holding it is let go.
    @MainActor private final class Witness {
        var runs = 0
        var released = false
        /// Held by a closure: its deinit marks the witness released.
        final class Holder {
            let witness: Witness
            init(_ witness: Witness) { self.witness = witness }
            deinit {
                let witness = self.witness
                MainActor.assumeIsolated { witness.released = true }
            }
        }
    }

    /// The closure runs before each frame until it says stop, and is released then, once.
    func testATickCallbackRunsUntilItStopsAndIsThenReleased() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let area = gtk_drawing_area_new()!
            let window = gtk_window_new()!
            gtk_window_set_child(cgtk_window(window.raw), area)
            gtk_window_present(cgtk_window(window.raw))
            defer { gtk_window_destroy(cgtk_window(window.raw)) }
            XCTAssertTrue(GtkDisplay.pump { area.isMapped }, "the window never showed")
            let ticking = Witness()
            do {
                let holder = Witness.Holder(ticking)
                area.addTickCallback {
                    holder.witness.runs += 1
                    return holder.witness.runs < 3
                }
            }
            XCTAssertTrue(GtkDisplay.pump { ticking.released }, "the closure was never released")
            XCTAssertEqual(ticking.runs, 3, "it ran past its last frame or stopped early")
            // One removed before its first frame never runs, and is released at once.
            let removed = Witness()
            do {
                let holder = Witness.Holder(removed)
                let id = area.addTickCallback {
                    holder.witness.runs += 1
                    return true
                }
                area.removeTickCallback(id)
            }
            XCTAssertTrue(removed.released)
            XCTAssertEqual(removed.runs, 0)
        }
    }

    private static func type(of object: OpaquePointer) -> GType {
        UnsafeMutablePointer<GTypeInstance>(object).pointee.g_class.pointee.g_type
    }
}
