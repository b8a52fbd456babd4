// Saving from the window: NAME (cropped).EXT beside the source with the exact crop, the lossless hint, snapping, confirmations.

import CGtk
import CropKit
import Foundation
import GtkSupport
import ImagingCore
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class SavingTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try GtkDisplay.temporaryFolder("save-tests")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private static func size(of path: String) -> String? {
        Shell.run("identify", ["-format", "%wx%h", path])
    }

    func testSaveWritesTheCropBesideTheSourceAndLeavesTheSourceAlone() throws {
        try GtkTestSupport.requireDisplay()
        let source = folder.appendingPathComponent("beach.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "400x300", "-seed", "3", "plasma:fractal", source]))
        let before = try Data(contentsOf: URL(fileURLWithPath: source))
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: source)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            window.canvas.commit(
                CropRect(pixelRect: PixelRect(x: 40, y: 30, width: 200, height: 100), imageWidth: 400, imageHeight: 300))
            XCTAssertEqual(
                String(cString: gtk_label_get_text(cgtk_label(window.status.sizeLabel.raw))), "50% × 33%\n200 × 100 px")
            window.saving.save()
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { !window.saving.isSaving })
            XCTAssertNil(window.lastError)
            let target = (source as NSString).deletingLastPathComponent + "/beach (cropped).png"
            XCTAssertEqual(window.saving.lastSavedPath, target)
            XCTAssertEqual(Self.size(of: target), "200x100")
            // Exactly the source's pixels in the rect (PNG is lossless): ImageMagick compares.
            let reference = (source as NSString).deletingLastPathComponent + "/reference.png"
            Shell.run("convert", [source, "-crop", "200x100+40+30", "+repage", reference])
            XCTAssertEqual(Shell.run("compare", ["-metric", "AE", target, reference, "null:"]) ?? "differs", "")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: source)), before, "the source changed")
            // The name already exists now: a second save asks first (a dialog) and writes nothing yet.
            let written = try Data(contentsOf: URL(fileURLWithPath: target))
            window.canvas.commit(.unit)
            window.saving.save()
            GtkDisplay.settle(0.3)
            XCTAssertFalse(window.saving.isSaving, "saved without asking")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: target)), written)
        }
    }

    func testLosslessHintAndSnapForAJPEG() throws {
        try GtkTestSupport.requireDisplay()
        let source = folder.appendingPathComponent("photo.jpg").path
        XCTAssertNotNil(
            Shell.run(
                "convert",
                [
                    "-size", "640x480", "-seed", "5", "plasma:fractal", "-quality", "90",
                    "-sampling-factor", "2x2", source,
                ]))
        MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: source)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            // The whole image starts at 0,0: on the 16×16 grid.
            XCTAssertEqual(window.lossless.check?.isEligible, true)
            XCTAssertEqual(String(cString: gtk_button_get_label(cgtk_button(window.header.losslessButton.raw))), "Lossless")
            window.canvas.commit(
                CropRect(pixelRect: PixelRect(x: 37, y: 21, width: 300, height: 200), imageWidth: 640, imageHeight: 480))
            XCTAssertEqual(window.lossless.check?.isEligible, false)
            XCTAssertEqual(
                String(cString: gtk_button_get_label(cgtk_button(window.header.losslessButton.raw))), "Snap to Lossless Grid")
            window.lossless.snap()
            let snapped = window.canvas.crop.pixelRect(imageWidth: 640, imageHeight: 480)
            XCTAssertEqual(snapped, PixelRect(x: 32, y: 16, width: 305, height: 205), "outwards onto the grid, far edges kept")
            XCTAssertEqual(window.lossless.check?.isEligible, true)
            window.saving.save()
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { !window.saving.isSaving })
            let target = (source as NSString).deletingLastPathComponent + "/photo (cropped).jpg"
            XCTAssertEqual(Self.size(of: target), "305x205")
            // Lossless: identical to jpegtran's cut, decoded.
            let reference = (source as NSString).deletingLastPathComponent + "/jpegtran.jpg"
            Shell.run("jpegtran", ["-crop", "305x205+32+16", "-copy", "all", "-outfile", reference, source])
            XCTAssertEqual(Shell.run("compare", ["-metric", "AE", target, reference, "null:"]) ?? "differs", "")
        }
    }

    func testOverwritingTheSourceAsksItsOwnQuestion() throws {
        try GtkTestSupport.requireDisplay()
        let source = folder.appendingPathComponent("keep.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "120x90", "xc:orange", source]))
        let before = try Data(contentsOf: URL(fileURLWithPath: source))
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: source)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            window.canvas.commit(CropRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
            let toplevels = gtk_window_get_toplevels()!
            let count = g_list_model_get_n_items(toplevels)
            window.saving.saveChosen(source, source: source)
            GtkDisplay.pump { g_list_model_get_n_items(toplevels) > count }
            XCTAssertGreaterThan(g_list_model_get_n_items(toplevels), count, "no confirmation dialog appeared")
            XCTAssertFalse(window.saving.isSaving)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: source)), before, "the source changed without confirmation")
        }
    }
}
