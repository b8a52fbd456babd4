// Cut Out in a window: the menu's toggle follows the crop area's mode, the join lines their setting, the previews the joined picture.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class CutOutWindowTests: XCTestCase {
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
            XCTAssertTrue(window.isActionEnabled(.trash))
            window.activate(.cutOut)
            XCTAssertTrue(canvas.isCuttingOut)
            XCTAssertTrue(window.isOn(.cutOut))
            // Delete on the crop area is the mode's while it is on.
            XCTAssertFalse(window.isActionEnabled(.trash))
            canvas.addCut(PictureCut(axis: .columns, start: 100, length: 100))
            // Straighten mode takes the drags: the mode ends and the toggle shows it.
            window.activate(.straighten)
            XCTAssertFalse(canvas.isCuttingOut)
            XCTAssertFalse(window.isOn(.cutOut))
            XCTAssertTrue(window.isActionEnabled(.trash))
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
}
