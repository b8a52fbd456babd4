// Rotate and flip in the window: the view turns, the crop follows the content, saving turns the result, undo turns back.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import CanvasTestSupport
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class RotateFlipTests: XCTestCase {
    func testRotateRightTurnsViewCropAndSavedResult() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("turn")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("halves.png").path
        // Left half red, right half blue: a quarter turn right puts red on top.
        XCTAssertNotNil(Shell.run("convert", ["-size", "200x300", "xc:red", "-size", "200x300", "xc:blue", "+append", source]))
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: source)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            // The left quarter of the picture (all red), as pixels 0…100 of 400.
            window.canvas.commit(
                CropRect(pixelRect: PixelRect(x: 0, y: 0, width: 100, height: 300), imageWidth: 400, imageHeight: 300))
            window.activate(.rotateRight)
            XCTAssertEqual(window.canvas.shownSize.width, 300)
            XCTAssertEqual(window.canvas.shownSize.height, 400)
            // The crop followed the red strip: now the top quarter of the turned picture.
            XCTAssertEqual(
                window.canvas.crop.pixelRect(imageWidth: 300, imageHeight: 400), PixelRect(x: 0, y: 0, width: 300, height: 100))

            // The view shows red on top and blue at the bottom.
            XCTAssertTrue(GtkDisplay.drawn(window.canvas.widget))
            let pixels = try XCTUnwrap(WidgetRenderer.render(window.canvas.widget))
            let viewport = try XCTUnwrap(window.canvas.viewport)
            let scale = Double(pixels.width) / Double(gtk_widget_get_width(window.canvas.widget))
            func at(_ p: CropPoint) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
                let v = viewport.viewPoint(p)
                return pixels.pixel(x: Int(v.x * scale), y: Int(v.y * scale))
            }
            let top = at(CropPoint(x: 0.5, y: 0.1)), bottom = at(CropPoint(x: 0.5, y: 0.9))
            XCTAssertGreaterThan(Int(top.r), Int(top.b) + 100, "top should be red: \(top)")
            XCTAssertGreaterThan(Int(bottom.b), Int(bottom.r) + 50, "bottom should be (dimmed) blue: \(bottom)")

            // Saving writes the turned crop: ImageMagick's turn-then-crop is the oracle.
            window.saving.save()
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { !window.saving.isSaving })
            let saved = folder.appendingPathComponent("halves (cropped).png").path
            let reference = folder.appendingPathComponent("reference.png").path
            Shell.run("convert", [source, "-rotate", "90", "+repage", "-crop", "300x100+0+0", "+repage", reference])
            XCTAssertEqual(Shell.run("identify", ["-format", "%wx%h", saved]), "300x100")
            XCTAssertEqual(Shell.run("compare", ["-metric", "AE", saved, reference, "null:"]) ?? "differs", "")

            // Undo turns the picture and the crop back.
            window.activate(.undo)
            XCTAssertEqual(window.canvas.shownSize.width, 400)
            XCTAssertEqual(
                window.canvas.crop.pixelRect(imageWidth: 400, imageHeight: 300), PixelRect(x: 0, y: 0, width: 100, height: 300))
        }
    }

    func testFlipsAndFourTurnsComeBackToTheStart() throws {
        try GtkTestSupport.requireDisplay()
        MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let start = window.canvas.crop
            for action in [
                WindowAction.flipHorizontal, .flipHorizontal, .flipVertical, .flipVertical, .rotateLeft, .rotateLeft, .rotateLeft,
                .rotateLeft,
            ] {
                window.activate(action)
            }
            XCTAssertEqual(window.canvas.transform, .up)
            assertCropsClose(window.canvas.crop, start, "after two flips each way and four turns")
            window.activate(.flipHorizontal)
            // The starting crop (10 % in on every side) is symmetric left-right: a flip keeps it; the picture mirrors.
            XCTAssertEqual(window.canvas.transform, .upMirrored)
        }
    }
}
