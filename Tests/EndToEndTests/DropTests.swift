// Dropping on the window with the real X pointer: a file from Files opens, a browser's picture data opens as pasted.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class DropTests: XCTestCase {
    /// A window whose one area starts a drag offering `provider` (as another application would).
    @MainActor private final class DragWindow {
        let window = gtk_window_new()!
        let area = gtk_drawing_area_new()!

        init(offering provider: @escaping @MainActor () -> UnsafeMutablePointer<GdkContentProvider>) {
            gtk_window_set_title(cgtk_window(window.raw), "drag-from")
            gtk_widget_set_size_request(area, 160, 160)
            let source = gtk_drag_source_new()!
            gtk_drag_source_set_actions(source, GDK_ACTION_COPY)
            Signal.connectPrepare(source.raw) { _, _ in provider() }
            area.addController(source.raw)
            gtk_window_set_child(cgtk_window(window.raw), area)
            gtk_window_present(cgtk_window(window.raw))
        }
    }

    /// Drags from a new drag window (at 900, 0) offering `provider` onto the editor's canvas.
    @MainActor private static func drop(
        _ provider: @escaping @MainActor () -> UnsafeMutablePointer<GdkContentProvider>, on window: EditorWindow, name: String
    ) throws {
        let origin = try GtkTestSupport.placeAtCorner(window, name: name)
        let from = DragWindow(offering: provider)
        defer { gtk_window_destroy(cgtk_window(from.window.raw)) }
        XCTAssertTrue(GtkDisplay.drawn(from.window))
        let id = try XCTUnwrap(
            Shell.run("timeout", ["10", "xdotool", "search", "--sync", "--onlyvisible", "--name", "^drag-from$"])?
                .split(separator: "\n").first.map(String.init))
        Shell.run("xdotool", ["windowmove", "--sync", id, "900", "0"])
        GtkDisplay.catchUp()
        var bounds = graphene_rect_t()
        XCTAssertNotEqual(gtk_widget_compute_bounds(from.area, from.window, &bounds), 0)
        let start = (x: 900 + Int(bounds.origin.x + 80), y: Int(bounds.origin.y + 80))
        let end = (x: Int(origin.x) + 200, y: Int(origin.y) + 200)
        Shell.run("xdotool", ["mousemove", "--sync", "\(start.x)", "\(start.y)"])
        Shell.run("xdotool", ["mousedown", "1"])
        GtkDisplay.catchUp()
        for step in 1...20 {
            Shell.run(
                "xdotool",
                [
                    "mousemove", "--sync", "\(start.x + (end.x - start.x) * step / 20)",
                    "\(start.y + (end.y - start.y) * step / 20)",
                ])
            GtkDisplay.catchUp()
        }
        GtkDisplay.catchUp()
        Shell.run("xdotool", ["mouseup", "1"])
        GtkDisplay.catchUp()
    }

    func testAFileDroppedFromFilesOpens() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("drop-file")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = GtkTestSupport.greyFile(folder, "dropped.png", size: "300x200")
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            // What Files offers: the file (a URI list), with no picture data.
            try Self.drop(
                { Clipboard.provider(bytes: Data("file://\(path)\r\n".utf8), mimeType: "text/uri-list") }, on: window,
                name: "Coastline")
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 10) { window.canvas.image?.path == path && !window.isLoading },
                "the dropped file never opened: \(window.lastError ?? "")")
            XCTAssertEqual(window.canvas.crop, .unit, "a new picture starts with all of it selected")
            XCTAssertEqual(String(cString: gtk_window_get_title(cgtk_window(window.window.raw))), "dropped.png")
        }
    }

    func testAPictureDroppedFromABrowserOpensAsAPastedPicture() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("drop-bytes")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("web.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "280x180", "-seed", "21", "plasma:fractal", source]))
        let png = try Data(contentsOf: URL(fileURLWithPath: source))
        try FileManager.default.removeItem(atPath: source)  // a browser's picture has no file here
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            // What a browser offers: the picture's data and its web address (no local file).
            try Self.drop(
                {
                    let web = Clipboard.provider(bytes: Data("https://example.org/web.png\r\n".utf8), mimeType: "text/uri-list")
                    let data = Clipboard.provider(bytes: png, mimeType: "image/png")
                    var both: [UnsafeMutablePointer<GdkContentProvider>?] = [web, data]
                    return both.withUnsafeMutableBufferPointer { gdk_content_provider_new_union($0.baseAddress, 2) }
                }, on: window, name: "Coastline")
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 10) { window.canvas.image?.pasted != nil && !window.isLoading },
                "the dropped picture never opened: \(window.lastError ?? "")")
            XCTAssertNil(window.canvas.image?.path)
            XCTAssertEqual(window.canvas.image?.title, "Pasted Image")
            XCTAssertEqual([window.canvas.image?.pixelWidth, window.canvas.image?.pixelHeight], [280, 180])
        }
    }
}
