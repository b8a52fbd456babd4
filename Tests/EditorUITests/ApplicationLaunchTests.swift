// The application starts, a window appears and the Coastline demo is really drawn on it.

import CGtk
import CropKit
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class ApplicationLaunchTests: XCTestCase {
    func testDemoWindowAppearsAndThePictureIsDrawn() throws {
        try GtkTestSupport.requireDisplay()
        try MainActor.assumeIsolated {
            let app = GtkTestSupport.application
            g_application_activate(cgtk_gapplication(app.application.raw))
            let window = try XCTUnwrap(app.activeWindow, "activation made no window")
            XCTAssertTrue(GtkDisplay.pump { gtk_widget_get_mapped(window.canvas.widget) != 0 })
            XCTAssertTrue(GtkDisplay.drawn(window.canvas.widget))
            XCTAssertEqual(String(cString: gtk_window_get_title(cgtk_window(window.window.raw))), "Coastline")
            XCTAssertEqual(window.canvas.crop, EditorWindow.demoCrop)

            let pixels = try XCTUnwrap(WidgetRenderer.render(window.window), "the window did not render")
            let viewport = try XCTUnwrap(window.canvas.viewport)
            var bounds = graphene_rect_t()
            XCTAssertNotEqual(gtk_widget_compute_bounds(window.canvas.widget, window.window, &bounds), 0)
            let scale = Double(pixels.width) / Double(gtk_widget_get_width(window.window))
            func sample(_ normalized: CropPoint) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
                let p = viewport.viewPoint(normalized)
                return pixels.pixel(
                    x: Int((Double(bounds.origin.x) + p.x) * scale),
                    y: Int((Double(bounds.origin.y) + p.y) * scale))
            }
            // Sky inside the frame, away from the sun and the guides: clearly blue.
            let sky = sample(CropPoint(x: 0.75, y: 0.25))
            XCTAssertGreaterThan(sky.b, 180, "sky \(sky)")
            XCTAssertGreaterThan(Int(sky.b), Int(sky.r) + 80, "sky \(sky)")
            XCTAssertGreaterThan(sky.b, sky.g, "sky \(sky)")
            // Sand near the bottom right, inside the frame: warm and light.
            let sand = sample(CropPoint(x: 0.8, y: 0.85))
            XCTAssertGreaterThan(sand.r, 200, "sand \(sand)")
            XCTAssert((160...235).contains(sand.g), "sand \(sand)")
            XCTAssert((90...185).contains(sand.b), "sand \(sand)")
            XCTAssertGreaterThan(sand.r, sand.b, "sand \(sand)")
            gtk_window_destroy(cgtk_window(window.window.raw))
            GtkDisplay.catchUp()
        }
    }
}
