// The previews panel: shown with F9's action and remembered, the crop at 256, 128 and 48 px matching the saved result scaled.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class PreviewsTests: XCTestCase {
    func testPreviewsShowTheCropAtEachSizeAndAreRemembered() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("previews")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("halves.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "200x300", "xc:red", "-size", "200x300", "xc:blue", "+append", source]))
        try MainActor.assumeIsolated {
            let settings = try XCTUnwrap(AppSettings.shared)
            defer { g_settings_reset(settings, AppSettings.previewPanelKey) }
            let window = GtkTestSupport.window(opening: source)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            XCTAssertFalse(window.previews.isShown, "hidden by default")
            // A crop across the border: left 100 px red, right 100 px blue, 300 px tall.
            window.canvas.commit(
                CropRect(pixelRect: PixelRect(x: 100, y: 0, width: 200, height: 300), imageWidth: 400, imageHeight: 300))
            window.activate(.showPreviews)
            XCTAssertTrue(window.previews.isShown)
            XCTAssertTrue(AppSettings.previewPanel, "not remembered")
            for size in PreviewPanel.sizes {
                let preview = try XCTUnwrap(window.previews.panel.rendered[size], "no \(size) px preview")
                // Longer side N, the crop's 2:3 kept.
                XCTAssertEqual(preview.height, size)
                XCTAssertEqual(preview.width, Int((Double(size) * 2 / 3).rounded()))
                let left = preview.pixel(x: preview.width / 4, y: preview.height / 2)
                let right = preview.pixel(x: preview.width * 3 / 4, y: preview.height / 2)
                XCTAssertGreaterThan(Int(left.r), 200, "\(size) px: the left half is red \(left)")
                XCTAssertGreaterThan(Int(right.b), 200, "\(size) px: the right half is blue \(right)")
            }
            // The 48 px preview is the saved result scaled: ImageMagick scales the export the same way.
            window.saving.save()
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { !window.saving.isSaving })
            let saved = folder.appendingPathComponent("halves (cropped).png").path
            let scaled = Shell.run(
                "convert", [saved, "-resize", "32x48!", "-format", "%[fx:mean.r*255] %[fx:mean.b*255]", "info:"])
            let means = (scaled ?? "").split(separator: " ").compactMap { Double($0) }
            let preview = try XCTUnwrap(window.previews.panel.rendered[48])
            var r = 0.0, b = 0.0
            for y in 0..<preview.height {
                for x in 0..<preview.width {
                    let p = preview.pixel(x: x, y: y); r += Double(p.r); b += Double(p.b)
                }
            }
            let count = Double(preview.width * preview.height)
            XCTAssertEqual(means.count, 2)
            if means.count == 2 {
                XCTAssertEqual(r / count, means[0], accuracy: 6, "mean red")
                XCTAssertEqual(b / count, means[1], accuracy: 6, "mean blue")
            }
            // A new crop refreshes them.
            window.canvas.commit(
                CropRect(pixelRect: PixelRect(x: 0, y: 0, width: 100, height: 100), imageWidth: 400, imageHeight: 300))
            XCTAssertEqual(window.previews.panel.rendered[256]?.width, 256)
            XCTAssertGreaterThan(Int(window.previews.panel.rendered[256]!.pixel(x: 128, y: 128).r), 200, "now all red")
        }
    }
}
