// Keep Crop from the window: the sidecar is written, the photo untouched, and reopening restores the crop and says so.

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

final class KeepCropTests: XCTestCase {
    func testKeepCropThenReopenRestoresIt() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("keep")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("harbour.jpg").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "500x400", "-seed", "9", "plasma:fractal", photo]))
        let before = try Data(contentsOf: URL(fileURLWithPath: photo))
        let crop = CropRect(x: 0.2, y: 0.1, width: 0.5, height: 0.7)
        try MainActor.assumeIsolated {
            let first = GtkTestSupport.window(opening: photo)
            first.canvas.commit(crop)
            first.activate(.keepCrop)
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { first.lastKeptSidecar != nil }, first.lastError ?? "not kept")
            XCTAssertEqual(first.lastKeptSidecar, photo + ".xmp")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: photo)), before, "the photo was written")
            gtk_window_destroy(cgtk_window(first.window.raw))

            let second = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(second.window.raw)) }
            let restored = try XCTUnwrap(second.lastRestoredCrop, "the window did not restore the kept crop")
            assertCropsClose(restored, crop, "restored", accuracy: 1e-6)
            assertCropsClose(second.canvas.crop, crop, "on the canvas", accuracy: 1e-6)
        }
    }

    /// A band cut out of a turned picture is kept on the upright one with the crop on the joined
    /// picture; reopening shows the same cut and crop, as one state with nothing to undo.
    func testKeptCutsComeBackOnReopening() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("keep-cuts")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("harbour.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "500x400", "-seed", "9", "plasma:fractal", photo]))
        let crop = CropRect(x: 0.2, y: 0.1, width: 0.5, height: 0.7)
        try MainActor.assumeIsolated {
            let first = GtkTestSupport.window(opening: photo)
            first.canvas.apply(.rotateRight)
            let turned = first.canvas.transform
            first.canvas.cutOutMode = true
            // Rows of the turned picture are columns of the upright one.
            first.canvas.addCut(PictureCut(axis: .rows, start: 100, length: 150))
            first.canvas.cutOutMode = false
            first.canvas.commit(crop)
            XCTAssertEqual(first.canvas.editor.uprightCuts, [PictureCut(axis: .columns, start: 100, length: 150)])
            first.activate(.keepCrop)
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { first.lastKeptSidecar != nil }, first.lastError ?? "not kept")
            gtk_window_destroy(cgtk_window(first.window.raw))

            let second = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(second.window.raw)) }
            XCTAssertEqual(second.canvas.editor.cuts, [PictureCut(axis: .columns, start: 100, length: 150)])
            XCTAssertEqual(second.canvas.straightenedSize, PixelSize(width: 350, height: 400))
            // The crop was turned back with the picture: a quarter turn left of the one committed.
            let expected = turned.storedRect(fromDisplayed: crop)
            assertCropsClose(second.canvas.crop, expected, "on the canvas", accuracy: 1e-6)
            XCTAssertFalse(second.canvas.editor.canUndo)
            _ = try XCTUnwrap(second.lastRestoredCrop, "the window did not say it restored the kept crop")
        }
    }
}
