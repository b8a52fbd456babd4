// Shared set-up for the window tests: the display with the windows' event log, test windows and images.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import CanvasTestSupport
@testable import EditorUI
@testable import TestSupport

enum GtkTestSupport {
    /// GTK and libadwaita set up once (see `GtkDisplay`), with every window the tests make
    /// reporting to a log of its own (`window.lastToast`, …).
    static let initialized: Bool = {
        MainActor.assumeIsolated { WindowEventLog.install() }
        return GtkDisplay.initialized
    }()

    static func requireDisplay(file: StaticString = #filePath, line: UInt = #line) throws {
        _ = initialized
        try GtkDisplay.require(file: file, line: line)
    }

    /// One registered in-process application for every test (a second registration of the same
    /// ID in one process would clash on the session bus). Non-unique, so spawned editors stay separate.
    @MainActor static let application: CropEditorApplication = {
        let app = CropEditorApplication(unique: false)
        var error: UnsafeMutablePointer<GError>?
        if g_application_register(cgtk_gapplication(app.application.raw), nil, &error) == 0 {
            XCTFail("could not register the application: \(error.map { String(cString: $0.pointee.message) } ?? "?")")
        }
        return app
    }()

    /// A shown window of the shared application with the demo picture, laid out.
    @MainActor static func demoWindow() -> EditorWindow {
        let window = EditorWindow(application: application.application)
        window.showDemo()
        window.present()
        XCTAssertTrue(GtkDisplay.pump { gtk_widget_get_mapped(window.canvas.widget) != 0 }, "the demo window never showed")
        XCTAssertTrue(GtkDisplay.drawn(window.canvas.widget), "the demo window was never drawn")
        return window
    }

    /// A shown window of the shared application that opened `path` (waits for the load: a picture of tens
    /// of megapixels on a machine busy with other tests takes tens of seconds, and waiting costs only when
    /// the load is slow).
    @MainActor static func window(opening path: String) -> EditorWindow {
        let window = EditorWindow(application: application.application)
        window.present()
        window.open(path: path)
        XCTAssertTrue(
            GtkDisplay.pump(timeout: 90) { !window.isLoading && window.canvas.image?.path == path },
            "the photo did not open: \(window.lastError ?? "")")
        return window
    }

    /// Moves the shown window titled `name` to the screen's top-left corner and focuses it, so
    /// real X input can aim at its canvas; returns the canvas's origin on screen.
    @MainActor static func placeAtCorner(_ window: EditorWindow, name: String) throws -> (x: Double, y: Double) {
        XCTAssertTrue(GtkDisplay.drawn(window.window), "the window was never drawn")
        let id = try XCTUnwrap(
            Shell.run("timeout", ["10", "xdotool", "search", "--sync", "--onlyvisible", "--name", "^\(name)$"])?
                .split(separator: "\n").first.map(String.init),
            "no window named \(name); all: \(Shell.run("xdotool", ["search", "--name", "."]) ?? "none")")
        Shell.run("xdotool", ["windowmove", "--sync", id, "0", "0"])
        Shell.run("xdotool", ["windowfocus", "--sync", id])
        XCTAssertTrue(
            GtkDisplay.pump { gtk_window_is_active(cgtk_window(window.window.raw)) != 0 }, "the window never became active")
        XCTAssertTrue(GtkDisplay.drawn(window.window), "the moved window was never drawn")
        var bounds = graphene_rect_t()
        XCTAssertNotEqual(gtk_widget_compute_bounds(window.canvas.widget, window.window, &bounds), 0)
        return (Double(bounds.origin.x), Double(bounds.origin.y))
    }

    /// Camera-sized JPEGs of noise (nothing compresses away, as in a camera's detail) named `names` in
    /// `folder`: ImageMagick makes the first, the rest are copies. Returns their paths.
    static func noiseJPEGs(_ folder: URL, _ names: [String], size: String) throws -> [String] {
        let paths = names.map { folder.appendingPathComponent($0).path }
        XCTAssertNotNil(
            Shell.run("convert", ["-size", size, "-seed", "5", "xc:gray", "+noise", "Random", "-quality", "90", paths[0]]))
        for path in paths.dropFirst() { try FileManager.default.copyItem(atPath: paths[0], toPath: path) }
        return paths
    }

    /// A mid-grey picture made by ImageMagick in `folder`.
    static func greyFile(_ folder: URL, _ name: String, size: String = "1200x800") -> String {
        let path = folder.appendingPathComponent(name).path
        XCTAssertNotNil(Shell.run("convert", ["-size", size, "xc:#808080", path]))
        return path
    }

    /// The widget rendered through its window's renderer, once GTK has drawn it; nil after 5 s.
    @MainActor static func renderWhenDrawn(_ widget: UnsafeMutablePointer<GtkWidget>) -> RenderedPixels? {
        GtkDisplay.renderWhenDrawn(widget)
    }

    /// A solid image of one grey level, at a given pixel size.
    static func greyImage(width: Int, height: Int, level: Double = 0.5, title: String = "grey") -> LoadedImage {
        TestPictures.grey(width: width, height: height, level: level, title: title)
    }
}
