// Window parts no other test reaches: a dropped file, the Open dialog, RTL, tabular digits, the canvas dark in both styles.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class WindowPartsTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try GtkDisplay.temporaryFolder("window-parts")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A real PNG on disk, `width`×`height`, left half red and right half blue.
    private func halvesPNG(_ name: String, width: Int = 300, height: Int = 200) -> String {
        let path = folder.appendingPathComponent(name).path
        let surface = ImageSurface(width: width, height: height)!
        surface.draw { c in
            c.setColor(RGBA(1, 0, 0)); c.rectangle(0, 0, Double(width) / 2, Double(height)); cairo_fill(c.cr)
            c.setColor(RGBA(0, 0, 1)); c.rectangle(Double(width) / 2, 0, Double(width) / 2, Double(height)); cairo_fill(c.cr)
        }
        XCTAssertEqual(cairo_surface_write_to_png(surface.surface, path), CAIRO_STATUS_SUCCESS)
        return path
    }

    /// Emits `signal` on `instance` with `arguments` (consumed) as a GTK event would, returning its boolean result.
    @discardableResult
    private static func emit(_ instance: UnsafeMutableRawPointer, _ signal: String, _ arguments: [GValue]) -> Bool {
        let type = instance.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
        var values = [GValue](repeating: GValue(), count: arguments.count + 1)
        g_value_init(&values[0], type)
        g_value_set_object(&values[0], instance)
        for (i, argument) in arguments.enumerated() { values[i + 1] = argument }
        var result = GValue()
        g_value_init(&result, cgtk_boolean_type())
        g_signal_emitv(&values, g_signal_lookup(signal, type), 0, &result)
        for i in values.indices { g_value_unset(&values[i]) }
        return g_value_get_boolean(&result) != 0
    }

    private static func value(_ type: String, _ set: (UnsafeMutablePointer<GValue>) -> Void) -> GValue {
        var v = GValue()
        g_value_init(&v, g_type_from_name(type))
        set(&v)
        return v
    }

    func testTheOpenDialogFiltersImagesAndOpensTheChosenFile() throws {
        try GtkTestSupport.requireDisplay()
        let path = halvesPNG("chosen.png")
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            window.activate(.open)
            let dialog = try XCTUnwrap(window.loading.openDialog, "Open showed no dialog")
            XCTAssertNotEqual(gtk_native_dialog_get_visible(cgtk_native_dialog(dialog.raw)), 0)
            XCTAssertNotEqual(gtk_native_dialog_get_modal(cgtk_native_dialog(dialog.raw)), 0)
            let chooser = cgtk_file_chooser(dialog.raw)
            let filter = try XCTUnwrap(gtk_file_chooser_get_filter(chooser), "no filter chosen")
            XCTAssertEqual(String(cString: gtk_file_filter_get_name(filter)), "Images")
            for (type, shown) in [
                ("image/png", true), ("image/jpeg", true), ("image/webp", true), ("image/tiff", true),
                ("text/plain", false), ("application/pdf", false),
            ] {
                let info = g_file_info_new()!
                g_file_info_set_content_type(info, type)
                g_file_info_set_display_name(info, "file")
                XCTAssertEqual(gtk_filter_match(filter.raw.assumingMemoryBound(to: GtkFilter.self), info.raw) != 0, shown, type)
                g_object_unref(info.raw)
            }
            // The person picks the file and presses Open.
            let file = g_file_new_for_path(path)!
            XCTAssertNotEqual(gtk_file_chooser_set_file(chooser, file, nil), 0)
            g_object_unref(file.raw)
            // GTK's own chooser (no portal here) selects it once it has listed the folder.
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 5) {
                    guard let chosen = gtk_file_chooser_get_file(chooser) else { return false }
                    g_object_unref(chosen.raw)
                    return true
                }, "the chooser never selected the file")
            Self.emit(dialog.raw, "response", [Self.value("gint") { g_value_set_int($0, GTK_RESPONSE_ACCEPT.rawValue) }])
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { window.canvas.image?.title == "chosen.png" && !window.isLoading })
            XCTAssertNil(window.loading.openDialog, "the answered dialog is let go")
        }
    }

    func testTheCanvasStaysLeftToRightInARightToLeftLocale() throws {
        try GtkTestSupport.requireDisplay()
        let path = halvesPNG("halves.png")
        try MainActor.assumeIsolated {
            gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL)
            defer { gtk_widget_set_default_direction(GTK_TEXT_DIR_LTR) }
            let window = GtkTestSupport.window(opening: path)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            XCTAssertEqual(gtk_widget_get_direction(window.window), GTK_TEXT_DIR_RTL, "the window follows the locale")
            XCTAssertEqual(gtk_widget_get_direction(window.canvas.widget), GTK_TEXT_DIR_LTR)
            // The photo is not mirrored: its red half is on the left.
            let pixels = try XCTUnwrap(GtkTestSupport.renderWhenDrawn(window.canvas.widget))
            let vp = try XCTUnwrap(window.canvas.viewport)
            let scale = Double(pixels.width) / Double(gtk_widget_get_width(window.canvas.widget))
            let left = vp.viewPoint(CropPoint(x: 0.25, y: 0.5)), right = vp.viewPoint(CropPoint(x: 0.75, y: 0.5))
            let l = pixels.pixel(x: Int(left.x * scale), y: Int(left.y * scale))
            let r = pixels.pixel(x: Int(right.x * scale), y: Int(right.y * scale))
            XCTAssertGreaterThan(l.r, 200, "left \(l)")
            XCTAssertGreaterThan(r.b, 200, "right \(r)")
        }
    }

    func testTheSizeLabelUsesTabularDigitsAndTheCanvasStaysDarkInEitherStyle() throws {
        try GtkTestSupport.requireDisplay()
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            XCTAssertEqual(String(cString: gtk_label_get_text(cgtk_label(window.status.sizeLabel.raw))), "80% × 80%")
            XCTAssertNotEqual(gtk_widget_has_css_class(window.status.sizeLabel, "numeric"), 0, "digits are not tabular")
            let manager = adw_style_manager_get_default()!
            // The app leaves the style to the system.
            XCTAssertEqual(adw_style_manager_get_color_scheme(manager), ADW_COLOR_SCHEME_DEFAULT)
            defer { adw_style_manager_set_color_scheme(manager, ADW_COLOR_SCHEME_DEFAULT) }
            for (scheme, dark) in [(ADW_COLOR_SCHEME_FORCE_LIGHT, false), (ADW_COLOR_SCHEME_FORCE_DARK, true)] {
                adw_style_manager_set_color_scheme(manager, scheme)
                XCTAssertTrue(GtkDisplay.drawn(window.canvas.widget))
                XCTAssertEqual(adw_style_manager_get_dark(manager) != 0, dark)
                // The corner of the canvas, outside the picture: the dark background either way.
                let pixels = try XCTUnwrap(WidgetRenderer.render(window.canvas.widget))
                let corner = pixels.pixel(x: 2, y: 2)
                XCTAssertEqual(Double(corner.r), OverlayStyle.background.red * 255, accuracy: 2, "\(scheme) \(corner)")
                XCTAssertEqual(Double(corner.b), OverlayStyle.background.blue * 255, accuracy: 2, "\(scheme) \(corner)")
            }
        }
    }

    func testTheZoomPercentageFollowsANewPictureAndFixedFrameCommits() throws {
        try GtkTestSupport.requireDisplay()
        let first = halvesPNG("first.png", width: 1200, height: 800), second = halvesPNG("second.png")
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: first)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            @MainActor func label() -> String { String(cString: gtk_label_get_text(cgtk_label(window.status.zoomIndicator.raw))) }
            window.activate(.zoomActual)
            XCTAssertEqual(label(), "100 %")
            XCTAssertNotEqual(gtk_widget_get_visible(window.status.zoomIndicator), 0)
            // A new picture starts at the fit: no stale percentage.
            window.open(path: second)
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { window.canvas.image?.title == "second.png" && !window.isLoading })
            XCTAssertEqual(window.canvas.zoom, .fit)
            XCTAssertEqual(gtk_widget_get_visible(window.status.zoomIndicator), 0, "a percentage shows at the fit")
            // In the fixed frame a committed crop change (here a keyboard adjustment) is a zoom change.
            window.canvas.fixedFrame = true
            let before = try XCTUnwrap(window.canvas.zoomPercent)
            XCTAssertEqual(label(), String(format: "%d %%", Int(before.rounded())))
            window.canvas.apply(.makeNarrower, step: CropSize(width: 0.3, height: 0.3))
            let after = try XCTUnwrap(window.canvas.zoomPercent)
            XCTAssertNotEqual(Int(after.rounded()), Int(before.rounded()), "shrinking the crop should zoom the fixed frame")
            XCTAssertEqual(label(), String(format: "%d %%", Int(after.rounded())))
            window.canvas.fixedFrame = false
        }
    }
}
