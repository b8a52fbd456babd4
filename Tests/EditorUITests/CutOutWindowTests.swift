// Cut Out in a window: the toggle, the join lines' setting, the previews, a JPEG's status and save, and the sharp joined view.

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

final class CutOutWindowTests: XCTestCase {
    /// Whether the crop area is in Cut Out mode, the action's state and the header's toggle saying so,
    /// and Move to Trash off while it is.
    @MainActor private static func assertCutOut(_ on: Bool, in window: EditorWindow, line: UInt = #line) {
        XCTAssertEqual(window.canvas.isCuttingOut, on, line: line)
        XCTAssertEqual(window.isOn(.cutOut), on, line: line)
        let toggle = window.header.cutOutToggle.raw.assumingMemoryBound(to: GtkToggleButton.self)
        XCTAssertEqual(gtk_toggle_button_get_active(toggle) != 0, on, line: line)
        XCTAssertEqual(window.isActionEnabled(.trash), !on, line: line)
    }

    /// Three 100-pixel columns, red, green and blue: the green one cut out leaves red beside blue.
    func testTheToggleTheJoinLinesSettingAndThePreviewsFollowTheCuts() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("cut-out-window")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("thirds.png").path
        XCTAssertNotNil(
            Shell.run(
                "convert", ["-size", "100x200", "xc:red", "xc:lime", "xc:blue", "+append", source]))
        try MainActor.assumeIsolated {
            let settings = try XCTUnwrap(AppSettings.shared)
            defer {
                g_settings_reset(settings, AppSettings.previewPanelKey)
                g_settings_reset(settings, AppSettings.showJoinLinesKey)
            }
            let window = GtkTestSupport.window(opening: source)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let canvas = window.canvas
            Self.assertCutOut(false, in: window)
            window.activate(.cutOut)
            // Delete on the crop area is the mode's while it is on: Move to Trash is off.
            Self.assertCutOut(true, in: window)
            canvas.addCut(PictureCut(axis: .columns, start: 100, length: 100))
            // Straighten mode takes the drags: the mode ends and the toggle shows it.
            window.activate(.straighten)
            Self.assertCutOut(false, in: window)
            window.activate(.straighten)

            // The join line shows by default and goes with the setting, in every window.
            XCTAssertTrue(canvas.showsJoinLines)
            XCTAssertEqual(canvas.paintState.joins?.segments.count, 1)
            g_settings_set_boolean(settings, AppSettings.showJoinLinesKey, 0)
            XCTAssertTrue(GtkDisplay.pump(timeout: 5) { !canvas.showsJoinLines })
            XCTAssertNil(canvas.paintState.joins)

            // The previews show the crop of the joined picture: red then blue, no green.
            window.activate(.showPreviews)
            let preview = try XCTUnwrap(window.previews.panel.rendered[256], "no 256 px preview")
            XCTAssertEqual(preview.width, 256)
            XCTAssertEqual(preview.height, 256)
            let left = preview.pixel(x: 64, y: 128), right = preview.pixel(x: 192, y: 128)
            XCTAssertGreaterThan(Int(left.r), 200, "the left half is red \(left)")
            XCTAssertGreaterThan(Int(right.b), 200, "the right half is blue \(right)")
            for x in 0..<preview.width {
                let p = preview.pixel(x: x, y: 128)
                XCTAssertFalse(p.g > 100, "green at \(x): \(p)")
            }
        }
    }

    /// A JPEG whose whole picture saves losslessly says "Re-encoded" once a band is cut out, and Save
    /// makes the cut: the saved photo is `convert -chop`'s size and, re-encoded, close to its pixels.
    func testAJPEGWithACutSaysReEncodedAndSavesTheJoinedPicture() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("cut-out-jpeg")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("harbour.jpg").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "320x240", "-seed", "4", "plasma:fractal", "-quality", "95", photo]))
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let canvas = window.canvas
            @MainActor func label() -> String {
                String(cString: gtk_button_get_label(cgtk_button(window.header.losslessButton.raw)))
            }
            XCTAssertEqual(label(), "Lossless")
            canvas.cutOutMode = true
            canvas.addCut(PictureCut(axis: .rows, start: 64, length: 48))
            XCTAssertEqual(label(), "Re-encoded")
            XCTAssertEqual(
                String(cString: gtk_widget_get_tooltip_text(window.header.losslessButton)),
                "A picture with bands cut out saves re-encoded")
            XCTAssertFalse(window.lossless.canSnap)
            XCTAssertEqual(Saving.exportOptions(canvas.editor, outputSize: .original).cuts, canvas.editor.cuts)
            window.saving.save()
            XCTAssertTrue(GtkDisplay.pump(timeout: 20) { !window.saving.isSaving }, "the save never finished")
            XCTAssertNil(window.lastError)
        }
        let saved = Saving.croppedName(for: photo)
        XCTAssertEqual(Shell.run("identify", ["-format", "%wx%h", saved]), "320x192")
        let chopped = folder.appendingPathComponent("chopped.png").path
        XCTAssertNotNil(Shell.run("convert", [photo, "-chop", "0x48+0+64", chopped]))
        // Re-encoded at the save's quality: close to the chopped pixels. Cut at the wrong rows, the
        // plasma's colours would be far off.
        let difference = Shell.run(
            "convert", [saved, chopped, "-compose", "difference", "-composite", "-format", "%[fx:mean]", "info:"])
        let mean = try XCTUnwrap(difference.flatMap { Double($0) }, "no difference measured")
        XCTAssertLessThan(mean, 0.01, "the save is not the chopped picture")
        let shifted = Shell.run(
            "convert",
            [photo, "-chop", "0x48+0+80", saved, "-compose", "difference", "-composite", "-format", "%[fx:mean]", "info:"])
        XCTAssertGreaterThan(try XCTUnwrap(shifted.flatMap { Double($0) }), mean, "the measure tells a wrong cut")
    }

    /// Zoomed in past the thumbnail, the picture under the view is rendered sharp and joined: red, then
    /// one-pixel black and white columns at once, no green of the band between them, as 400 % shows.
    func testZoomedInTheJoinedPictureTurnsSharpAcrossTheJoin() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("cut-out-sharp")
        defer { try? FileManager.default.removeItem(at: folder) }
        let part = { (name: String) in folder.appendingPathComponent(name).path }
        XCTAssertNotNil(
            Shell.run("convert", ["-size", "1500x2000", "xc:red", "-size", "1000x2000", "xc:lime", "+append", part("sides.png")]))
        XCTAssertNotNil(
            Shell.run("convert", ["-size", "2x1", "xc:black", "-fill", "white", "-draw", "point 1,0", part("tile.png")]))
        XCTAssertNotNil(Shell.run("vips", ["replicate", part("tile.png"), part("stripes.png"), "750", "2000"]))
        let photo = part("joined.png")
        XCTAssertNotNil(Shell.run("vips", ["join", part("sides.png"), part("stripes.png"), photo, "horizontal"]))
        XCTAssertEqual(Shell.run("vipsheader", ["-f", "width", photo])?.trimmingCharacters(in: .whitespacesAndNewlines), "4000")
        // As opened, and turned a quarter right: the red then lies on top, the columns across, and the
        // band cut is of rows.
        for turned in [false, true] {
            try MainActor.assumeIsolated { try Self.assertSharpAcrossTheJoin(of: photo, turned: turned) }
        }
    }

    @MainActor private static func assertSharpAcrossTheJoin(of photo: String, turned: Bool) throws {
        let window = GtkTestSupport.window(opening: photo)
        defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
        let canvas = window.canvas
        let renders = SharpRenders(canvas.sharp)
        if turned { canvas.apply(.rotateRight) }
        canvas.cutOutMode = true
        canvas.addCut(PictureCut(axis: turned ? .rows : .columns, start: 1500, length: 1000))
        canvas.cutOutMode = false
        canvas.showsJoinLines = false
        canvas.commit(CropRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2))
        window.activate(.zoomActual)
        canvas.zoomFromKeyboard(by: 4)
        XCTAssertTrue(GtkDisplay.pump(timeout: 20) { renders.count > 0 && canvas.sharpTile != nil }, "no sharp render arrived")
        let tile = try XCTUnwrap(canvas.sharpTile)
        let (low, high) = turned ? (tile.region.minY, tile.region.maxY) : (tile.region.minX, tile.region.maxX)
        XCTAssertTrue(low < 0.5 && high > 0.5, "the sharp region misses the join: \(tile.region)")
        XCTAssertTrue(GtkDisplay.drawn(canvas.widget))
        let pixels = try XCTUnwrap(WidgetRenderer.render(canvas.widget))
        let join = try XCTUnwrap(canvas.viewport).viewPoint(CropPoint(x: 0.5, y: 0.5))
        // Along the picture across the join: `step` screen pixels from it, before (red) or after it.
        func pixel(_ step: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
            turned
                ? pixels.pixel(x: Int(join.x), y: Int(join.y.rounded()) + step)
                : pixels.pixel(x: Int(join.x.rounded()) + step, y: Int(join.y))
        }
        let before = pixel(-12)
        XCTAssertTrue(before.r > 200 && before.g < 60, "not red before the join: \(before)")
        let after = (4..<20).map { Int(pixel($0).r) }
        XCTAssertLessThan(after.min()!, 40, "no black line after the join: \(after)")
        XCTAssertGreaterThan(after.max()!, 215, "no white line after the join: \(after)")
        for step in -12..<20 {
            let p = pixel(step)
            XCTAssertFalse(p.g > 150 && p.r < 100 && p.b < 100, "the cut band's green at \(step): \(p)")
        }
    }
}
