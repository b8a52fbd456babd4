// The previews on screen at their real size: N points, N × scale device pixels, centred, never stretched; sharp from the file.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class PreviewSizeTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try GtkDisplay.temporaryFolder("preview-size") }
    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
        MainActor.assumeIsolated { AppSettings.shared.map { g_settings_reset($0, AppSettings.previewPanelKey) } }
    }

    /// A 600×400 photo of one colour no other part of the window has, so its previews can be found on screen.
    private func magentaPhoto() -> String {
        let path = folder.appendingPathComponent("magenta.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "600x400", "xc:#ff00ff", path]))
        return path
    }

    /// A window of the shared application that opened `path` and shows the previews (the panel's
    /// setting goes back to its default in tearDown).
    @MainActor private static func windowShowingPreviews(opening path: String) throws -> EditorWindow {
        XCTAssertNotNil(AppSettings.shared, "no settings to remember the panel in")
        let window = GtkTestSupport.window(opening: path)
        window.activate(.showPreviews)
        return window
    }

    /// Longer side N of a 3:2 crop, the other side in proportion: what each preview must measure.
    private static func expectedSize(_ n: Int) -> (width: Int, height: Int) { (n, Int((Double(n) * 2 / 3).rounded())) }

    func testEachPreviewMeasuresItsSizeOnScreenCentredInItsSlot() throws {
        try GtkTestSupport.requireDisplay()
        let photo = magentaPhoto()
        let shotPath = folder.appendingPathComponent("shot.png").path
        try MainActor.assumeIsolated {
            let window = try Self.windowShowingPreviews(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            _ = try GtkTestSupport.placeAtCorner(window, name: "magenta.png")
            // Each preview's slot on screen: the window's surface sits at the screen's corner, its
            // widgets inside the surface's margin (for the resize border).
            var margin = (x: 0.0, y: 0.0)
            gtk_native_get_surface_transform(OpaquePointer(window.window), &margin.x, &margin.y)
            let slots = window.previews.panel.areas.map { area -> graphene_rect_t in
                var bounds = graphene_rect_t()
                XCTAssertNotEqual(gtk_widget_compute_bounds(area, window.window, &bounds), 0)
                bounds.origin.x += Float(margin.x)
                bounds.origin.y += Float(margin.y)
                return bounds
            }
            var found: [Int: (x: Int, y: Int, width: Int, height: Int, area: Int)] = [:]
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 10) {
                    guard let shot = Screenshot(path: shotPath) else { return false }
                    let boxes = shot.boxes(of: "#ff00ff")
                    for (size, slot) in zip(PreviewPanel.sizes, slots) {
                        found[size] = boxes.first { box in
                            box.x >= Int(slot.origin.x) && box.y >= Int(slot.origin.y)
                                && box.x + box.width <= Int(slot.origin.x + slot.size.width)
                                && box.y + box.height <= Int(slot.origin.y + slot.size.height)
                        }
                    }
                    return found.count == PreviewPanel.sizes.count
                },
                "the previews never showed on screen: \(found); slots \(slots); all \(Screenshot(path: shotPath)?.boxes(of: "#ff00ff") ?? [])"
            )
            for (size, slot) in zip(PreviewPanel.sizes, slots) {
                guard let box = found[size] else { continue }
                let expected = Self.expectedSize(size)
                XCTAssertEqual(box.width, expected.width, "\(size) px preview: width on screen")
                XCTAssertEqual(box.height, expected.height, "\(size) px preview: height on screen")
                XCTAssertEqual(box.area, box.width * box.height, "\(size) px preview: not one solid block")
                // Centred in its N×N slot, to the pixel.
                XCTAssertEqual(
                    box.x, Int(slot.origin.x) + (Int(slot.size.width) - box.width) / 2, "\(size) px: not centred across")
                XCTAssertEqual(
                    box.y, Int(slot.origin.y) + (Int(slot.size.height) - box.height) / 2, "\(size) px: not centred down")
            }
        }
    }

    func testAtScaleTwoEachPreviewHasTwiceItsSizeInDevicePixels() throws {
        try GtkTestSupport.requireDisplay()
        let photo = magentaPhoto()
        // The window's 900×760 points are 1800×1520 device pixels: more than the test display holds.
        let display = try SecondDisplay(width: 2000, height: 1700)
        defer { display.stop() }
        let editor = try ExternalEditor(arguments: [photo], environment: ["DISPLAY": display.name, "GDK_SCALE": "2"])
        defer { editor.stop() }
        let window = try XCTUnwrap(
            editor.waitForWindow(named: "magenta.png", display: display.name), "the editor window never appeared")
        display.run("xdotool", ["windowmove", "--sync", window, "0", "0"])
        display.run("xdotool", ["windowfocus", "--sync", window])
        display.run("xdotool", ["key", "F9"])
        let expected = PreviewPanel.sizes.map { Self.expectedSize($0 * 2) }
        var previews: [(x: Int, y: Int, width: Int, height: Int, area: Int)] = []
        _ = GtkDisplay.poll(timeout: 15) {
            let shot = Screenshot(path: folder.appendingPathComponent("shot2x.png").path, display: display.name)
            let boxes = shot?.boxes(of: "#ff00ff") ?? []
            // The canvas shows the photo too, cut by guide lines into other sizes.
            previews = expected.compactMap { size in boxes.first { $0.width == size.width && $0.height == size.height } }
            return previews.count == expected.count
        }
        XCTAssertEqual(
            previews.count, expected.count,
            "expected previews of \(expected) device pixels on screen; found \(previews)")
        for box in previews {
            XCTAssertEqual(box.area, box.width * box.height, "a preview is not one solid block: \(box)")
        }
        // One above the other, centred on the same vertical line.
        let centres = previews.map { 2 * $0.x + $0.width }
        XCTAssertLessThanOrEqual((centres.max() ?? 0) - (centres.min() ?? 0), 2, "not centred on one line: \(previews)")
        XCTAssertTrue(editor.process.isRunning, "the editor exited")
    }

    func testASmallCropOfALargePhotoIsRenderedFromTheFile() throws {
        try GtkTestSupport.requireDisplay()
        // 4000×3000, black left and white right: the window holds a screen-sized thumbnail of it.
        let photo = folder.appendingPathComponent("edge.png").path
        XCTAssertNotNil(
            Shell.run("convert", ["-size", "2000x3000", "xc:black", "-size", "2000x3000", "xc:white", "+append", photo]))
        try MainActor.assumeIsolated {
            let window = try Self.windowShowingPreviews(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let image = try XCTUnwrap(window.canvas.image)
            XCTAssertLessThan(image.surface.width * 2, 4000, "the thumbnail should be far smaller than the photo")
            // 80×60 pixels across the edge: the thumbnail has a fifth of that, the 256 px preview needs 3.2×.
            window.canvas.commit(
                CropRect(pixelRect: PixelRect(x: 1960, y: 1470, width: 80, height: 60), imageWidth: 4000, imageHeight: 3000))
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 10) { window.previews.panel.renderedFromFile },
                "the previews were not rendered from the file")
            let preview = try XCTUnwrap(window.previews.panel.rendered[256])
            XCTAssertEqual(preview.width, 256)
            XCTAssertEqual(preview.height, 192)
            // Across the middle row: black, a short blend where one photo pixel is spread over 3.2, white.
            let row = (0..<preview.width).map { Int(preview.pixel(x: $0, y: 96).g) }
            let blend = row.enumerated().filter { $0.element > 16 && $0.element < 239 }.map(\.offset)
            XCTAssertLessThanOrEqual(blend.count, 5, "a blurred edge: grey at \(blend)")
            XCTAssertEqual(Double(blend.reduce(0, +)) / Double(max(blend.count, 1)), 128, accuracy: 3, "the edge is off centre")
            XCTAssertLessThan(row[100], 16)
            XCTAssertGreaterThan(row[156], 239)
        }
    }
}
