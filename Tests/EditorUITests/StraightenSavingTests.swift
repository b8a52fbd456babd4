// A straightened crop leaves the window as the command line makes it: saved pixels, the kept sidecar, and a kept one restored.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class StraightenSavingTests: XCTestCase {
    private var folder: URL!
    private let cli = ExternalEditor.buildFolder.appendingPathComponent("crop-editor").path

    override func setUpWithError() throws {
        try GtkTestSupport.requireDisplay()
        folder = try GtkDisplay.temporaryFolder("straighten-save")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Whether ImageMagick finds no differing pixel.
    private static func samePixels(_ a: String, _ b: String) -> Bool {
        Shell.run("compare", ["-metric", "AE", a, b, "null:"]) != nil
    }

    /// A crop kept straightened by the command line opens at its angle, with its crop.
    func testAStraightenedKeptCropIsRestoredWithItsAngle() throws {
        let photo = path("pier.png")
        XCTAssertNotNil(Shell.run("convert", ["-size", "500x400", "-seed", "4", "plasma:fractal", photo]))
        XCTAssertNotNil(Shell.run(cli, ["--sidecar", "--straighten=3", photo]), "the command line kept no straightened crop")
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let canvas = window.canvas
            XCTAssertEqual(canvas.editor.angle, StraightenAngle(hundredths: 300))
            // What the command line keeps without --crop: the largest frame of the picture's proportions, in whole pixels.
            let turned = TurnedPicture(width: 500, height: 400, angle: StraightenAngle(hundredths: 300))
            let expected = turned.pixelRect(for: turned.largestUprightCrop)
            XCTAssertEqual(turned.pixelRect(for: canvas.crop), expected)
            XCTAssertNotNil(window.lastRestoredCrop)
            XCTAssertEqual(window.lastToast?.hasPrefix("Crop restored from"), true, window.lastToast ?? "no toast")
            XCTAssertFalse(canvas.editor.canUndo, "restoring is no step to undo")
            XCTAssertEqual(gtk_spin_button_get_value(OpaquePointer(window.straightening.bar.entry)), 3, accuracy: 1e-9)
            XCTAssertTrue(Self.description(canvas).hasSuffix(", straightened 3 degrees clockwise"))
        }
    }

    @MainActor private static func description(_ canvas: CropCanvas) -> String {
        guard let actual = cgtk_test_accessible_check_string(canvas.widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "") else {
            return ""
        }
        defer { g_free(actual) }
        return String(cString: actual)
    }

    /// Save: re-encoded, the command line's `--straighten=A --crop=…` pixels; Keep Crop: a sidecar
    /// the command line cuts the same from.
    func testSavingAndKeepingAStraightenedCropMatchTheCommandLine() throws {
        let photo = path("harbour.jpg")
        XCTAssertNotNil(Shell.run("convert", ["-size", "500x400", "-seed", "9", "plasma:fractal", "-quality", "90", photo]))
        let saved = path("window.jpg"), explicit = path("cli.jpg"), fromSidecar = path("kept.jpg")
        let rect = try MainActor.assumeIsolated { () throws -> PixelRect in
            let window = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let canvas = window.canvas
            canvas.setAngle(StraightenAngle(hundredths: 250))
            canvas.commit(CropRect(x: 0.25, y: 0.2, width: 0.4, height: 0.5))
            XCTAssertTrue(canvas.editor.straightenedPicture.contains(canvas.crop))
            // The lossless status says why this JPEG re-encodes.
            XCTAssertEqual(gtk_widget_get_visible(window.header.losslessButton), 1)
            XCTAssertEqual(String(cString: gtk_button_get_label(cgtk_button(window.header.losslessButton.raw))), "Re-encoded")
            XCTAssertEqual(
                String(cString: gtk_widget_get_tooltip_text(window.header.losslessButton)),
                "The straightened crop saves re-encoded")
            window.saving.export(to: saved, overwritingSource: false)
            XCTAssertTrue(GtkDisplay.pump(timeout: 15) { !window.saving.isSaving }, "the save never finished")
            XCTAssertNil(window.lastError)
            window.activate(.keepCrop)
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { window.lastKeptSidecar != nil }, window.lastError ?? "not kept")
            return canvas.editor.straightenedPicture.pixelRect(for: canvas.crop)
        }
        let geometry = "\(rect.width)x\(rect.height)+\(rect.x)+\(rect.y)"
        XCTAssertNotNil(Shell.run(cli, ["--straighten=2.5", "--crop=\(geometry)", "--output=\(explicit)", photo]))
        XCTAssertEqual(Shell.run("identify", ["-format", "%wx%h", saved]), "\(rect.width)x\(rect.height)")
        XCTAssertTrue(Self.samePixels(saved, explicit), "the window's save differs from the command line's")
        // The kept sidecar: the angle as exiftool reads it (Lightroom's sign: clockwise is negative),
        // and the command line cuts the same from it.
        let kept = Shell.run("exiftool", ["-s3", "-CropAngle", photo + ".xmp"])?.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(kept.flatMap(Double.init), -2.5)
        XCTAssertNotNil(Shell.run(cli, ["--output=\(fromSidecar)", photo]))
        XCTAssertTrue(Self.samePixels(fromSidecar, explicit), "the kept crop cuts something else")
    }

    /// The upright picture's normalized points under the crop's centre and corners, as `canvas` shows them.
    @MainActor private static func uprightPoints(_ canvas: CropCanvas) -> [CropPoint] {
        let c = canvas.crop
        return [
            CropPoint(x: c.midX, y: c.midY), CropPoint(x: c.minX, y: c.minY), CropPoint(x: c.maxX, y: c.minY),
            CropPoint(x: c.maxX, y: c.maxY), CropPoint(x: c.minX, y: c.maxY),
        ].map {
            canvas.transform.inverse.displayedPoint(
                fromStored: canvas.editor.straightenedPicture.normalizedPicturePoint(fromBox: $0))
        }
    }

    /// Kept after a quarter turn and a mirror: reopened upright, the crop frames the same content
    /// (the angle reversed by the mirror).
    func testACropKeptAfterATurnAndAMirrorReopensOnTheSameContent() throws {
        let photo = path("quay.png")
        XCTAssertNotNil(Shell.run("convert", ["-size", "500x400", "-seed", "5", "plasma:fractal", photo]))
        try MainActor.assumeIsolated {
            let first = GtkTestSupport.window(opening: photo)
            first.canvas.apply(.rotateRight)
            first.canvas.apply(.flipHorizontal)
            first.canvas.setAngle(StraightenAngle(hundredths: 200))
            first.canvas.commit(CropRect(x: 0.3, y: 0.25, width: 0.3, height: 0.35))
            let before = Self.uprightPoints(first.canvas)
            first.activate(.keepCrop)
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { first.lastKeptSidecar != nil }, first.lastError ?? "not kept")
            gtk_window_destroy(cgtk_window(first.window.raw))

            let second = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(second.window.raw)) }
            XCTAssertEqual(second.canvas.transform, .up)
            XCTAssertEqual(second.canvas.editor.angle, StraightenAngle(hundredths: -200), "a mirror reverses the turn")
            let after = Self.uprightPoints(second.canvas)
            XCTAssertEqual(after[0].x, before[0].x, accuracy: 1e-4, "the centre")
            XCTAssertEqual(after[0].y, before[0].y, accuracy: 1e-4, "the centre")
            for corner in before.dropFirst() {
                XCTAssertTrue(
                    after.dropFirst().contains { abs($0.x - corner.x) < 1e-4 && abs($0.y - corner.y) < 1e-4 },
                    "corner \(corner) not among \(after)")
            }
        }
    }
}
