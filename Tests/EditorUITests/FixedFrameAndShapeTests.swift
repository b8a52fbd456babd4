// The circle overlay and previews, saving a circle, and Keep Crop from the header bar keeping the shape.

import CGtk
import CropKit
import Decoding
import Foundation
import GtkSupport
import ImagingCore
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class FixedFrameAndShapeTests: XCTestCase {
    func testACircleDimsOutsideTheEllipseAndSuggestsASquare() throws {
        try GtkTestSupport.requireDisplay()
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer {
                window.frame.chooseShape(.rectangle)
                window.ratio.choose(.free)
                gtk_window_destroy(cgtk_window(window.window.raw))
            }
            let grey = GtkTestSupport.greyImage(width: 1000, height: 1000, level: 0.6)
            window.canvas.setImage(grey, crop: CropRect(x: 0.2, y: 0.2, width: 0.6, height: 0.6))
            window.activate(.toggleShape)
            XCTAssertEqual(window.canvas.shape, .circle)
            XCTAssertEqual(window.lastToast, "A circle crop is round when the crop is square", "no square suggestion")
            // The toast's button: its detailed action (name and target) chooses the square ratio.
            let detailed = try XCTUnwrap(window.lastToastAction)
            var name: UnsafeMutablePointer<CChar>?
            var target: OpaquePointer?
            XCTAssertNotEqual(
                g_action_parse_detailed_name(detailed, &name, &target, nil), 0, "not a detailed action: \(detailed)")
            defer { g_free(name); if let target { g_variant_unref(target) } }
            let action = String(cString: try XCTUnwrap(name))
            XCTAssertTrue(action.hasPrefix("win."))
            g_action_group_activate_action(OpaquePointer(window.window.raw), String(action.dropFirst(4)), target)
            XCTAssertEqual(window.canvas.aspectRatio, .square)
            XCTAssertTrue(GtkDisplay.drawn(window.canvas.widget))
            let pixels = try XCTUnwrap(WidgetRenderer.render(window.canvas.widget))
            let frame = try XCTUnwrap(window.canvas.viewport).viewRect(window.canvas.crop)
            let centre = pixels.pixel(x: Int(frame.midX), y: Int(frame.midY) + 10)
            // Inside the frame's corner but outside the circle: dimmed.
            let corner = pixels.pixel(x: Int(frame.minX + frame.width * 0.08), y: Int(frame.minY + frame.height * 0.08))
            XCTAssertEqual(Double(centre.r), 0.6 * 255, accuracy: 3, "the circle's inside is the picture")
            XCTAssertEqual(Double(corner.r), 0.6 * 255 * 0.45, accuracy: 3, "the corner outside the circle is dimmed")
            // The previews are round too: transparent corners, opaque middle.
            window.previews.setShown(true)
            defer { window.previews.setShown(false) }
            let preview = try XCTUnwrap(window.previews.panel.rendered[48])
            XCTAssertEqual(preview.pixel(x: 0, y: 0).a, 0, "the preview's corner is not transparent")
            XCTAssertEqual(preview.pixel(x: preview.width / 2, y: preview.height / 2).a, 255)
        }
    }

    func testKeepCropFromTheHeaderKeepsTheShape() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("keepshape")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("face.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "400x400", "xc:#406080", photo]))
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photo)
            window.frame.chooseShape(.circle)
            // Keep Crop sits in the menu of the header's Save button.
            let menu = try XCTUnwrap(adw_split_button_get_menu_model(OpaquePointer(window.header.saveButton)))
            let actions = Menu.entries(menu).compactMap(\.action)
            XCTAssertTrue(actions.contains(WindowAction.keepCrop.detailed), "no Keep Crop beside Save: \(actions)")
            XCTAssertNotEqual(
                gtk_widget_activate_action_variant(window.header.saveButton, WindowAction.keepCrop.detailed, nil), 0)
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { window.lastKeptSidecar != nil }, window.lastError ?? "not kept")
            let kept = try XCTUnwrap(try DecoderPool.shared.storedCrop(path: photo))
            XCTAssertEqual(kept.crop.shape, .circle)
            window.frame.chooseShape(.rectangle)
            gtk_window_destroy(cgtk_window(window.window.raw))

            // Reopened, the circle comes back with the crop.
            let again = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(again.window.raw)) }
            XCTAssertEqual(again.canvas.shape, .circle)
        }
    }

    func testSavingACircleOfAJPEGWritesAPNGWithTransparentCorners() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("savecircle")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("portrait.jpg").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "600x400", "xc:#3070b0", "-quality", "95", photo]))
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photo)
            defer {
                window.frame.chooseShape(.rectangle)
                gtk_window_destroy(cgtk_window(window.window.raw))
            }
            window.canvas.commit(
                CropRect(pixelRect: PixelRect(x: 100, y: 0, width: 400, height: 400), imageWidth: 600, imageHeight: 400))
            window.frame.chooseShape(.circle)
            window.saving.save()
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { !window.saving.isSaving })
            let saved = try XCTUnwrap(window.saving.lastSavedPath, window.lastError ?? "not saved")
            XCTAssertEqual((saved as NSString).lastPathComponent, "portrait (cropped).png")
            // ImageMagick reads the alpha: transparent corners, opaque middle, a soft edge.
            let alpha = Shell.run(
                "/usr/bin/convert",
                [
                    saved, "-format", "%w %h %[fx:int(255*p{0,0}.a)] %[fx:int(255*p{200,200}.a)] %[fx:int(255*p{399,0}.a)]",
                    "info:",
                ])
            XCTAssertEqual(alpha, "400 400 0 255 0")
            let opaqueMiddle = Shell.run("/usr/bin/convert", [saved, "-format", "%[fx:int(255*p{200,200}.b)]", "info:"])
            XCTAssertEqual(Double(opaqueMiddle ?? "") ?? 0, 176, accuracy: 3, "the picture's own colour inside")
            // The round 48 px preview is the saved circle scaled: the same share of transparency.
            window.previews.setShown(true)
            defer { window.previews.setShown(false) }
            let preview = try XCTUnwrap(window.previews.panel.rendered[48])
            var coverage = 0.0
            for y in 0..<preview.height { for x in 0..<preview.width { coverage += Double(preview.pixel(x: x, y: y).a) } }
            coverage /= Double(preview.width * preview.height) * 255
            let scaled = Shell.run(
                "/usr/bin/convert", [saved, "-resize", "48x48!", "-alpha", "extract", "-format", "%[fx:mean]", "info:"])
            XCTAssertEqual(coverage, try XCTUnwrap(Double(scaled ?? "")), accuracy: 0.02, "preview and saved circle differ")
            XCTAssertEqual(coverage, Double.pi / 4, accuracy: 0.03, "a circle covers π/4 of its square")
        }
    }
}
