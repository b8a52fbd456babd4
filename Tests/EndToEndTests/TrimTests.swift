// Trim Borders in the window: key, action and menu move the crop in one undo step; no border is a toast; none at an angle.

import CGtk
import CropKit
import Foundation
import GtkSupport
import OddFiles
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class TrimTests: XCTestCase {
    /// ImageMagick's trim of the screenshot at the default tolerance: the oracle for the crop.
    private static func oracle(_ path: String) throws -> PixelRect {
        let box = try GeneratedScreenshot.imageMagickTrim(path, fuzz: 10)
        return PixelRect(x: box.x, y: box.y, width: box.width, height: box.height)
    }

    func testTOnTheCropAreaTrimsToTheWindowInOneUndoStepAndKeepsALockedRatio() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("trim")
        defer { try? FileManager.default.removeItem(at: folder) }
        let shot = folder.appendingPathComponent("shot.png").path
        try GeneratedScreenshot.plainBorder.make(at: shot)
        let expected = try Self.oracle(shot)
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: shot)
            defer {
                window.ratio.choose(.free)  // remembered: later windows must start free
                gtk_window_destroy(cgtk_window(window.window.raw))
            }
            _ = try GtkTestSupport.placeAtCorner(window, name: "shot.png")
            window.ratio.choose(.free)
            let whole = window.canvas.crop
            XCTAssertEqual(g_action_group_get_action_enabled(OpaquePointer(window.window.raw), "trim"), 1)
            Shell.run("xdotool", ["key", "--clearmodifiers", "t"])
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { window.canvas.crop != whole }, "T did not trim")
            XCTAssertEqual(window.canvas.crop.pixelRect(imageWidth: 400, imageHeight: 300), expected)
            // One undo step back to the whole picture.
            window.canvas.undo()
            XCTAssertEqual(window.canvas.crop, whole)
            XCTAssertFalse(window.canvas.editor.canUndo)

            // A square: the smallest around the window, centred on it.
            window.ratio.choose(.square)
            let squareBefore = window.canvas.crop
            XCTAssertNotEqual(gtk_widget_activate_action_variant(window.canvas.widget, CanvasAction.trim.detailed, nil), 0)
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { window.canvas.crop != squareBefore })
            let square = window.canvas.crop.pixelRect(imageWidth: 400, imageHeight: 300)
            guard case .crop(let placed) = BorderTrim(width: 400, height: 300).crop(content: expected, ratio: 1) else {
                return XCTFail("the model finds nothing to trim")
            }
            XCTAssertEqual(square, placed)
            XCTAssertEqual(square.width, square.height)
            // The main menu's entry is the window action.
            window.ratio.choose(.free)
            window.canvas.reset()
            let reset = window.canvas.crop
            XCTAssertNotEqual(g_action_group_get_action_enabled(OpaquePointer(window.window.raw), "trim"), 0)
            g_action_group_activate_action(OpaquePointer(window.window.raw), WindowAction.trim.name, nil)
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { window.canvas.crop != reset })
            XCTAssertEqual(window.canvas.crop.pixelRect(imageWidth: 400, imageHeight: 300), expected)
            XCTAssertNil(window.lastError)
        }
    }

    func testNoBorderIsAToastAndAnAngleOrTheDemoOffersNoTrim() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("trimnone")
        defer { try? FileManager.default.removeItem(at: folder) }
        let noise = folder.appendingPathComponent("noise.png").path
        try GeneratedScreenshot.noBorder.make(at: noise)
        MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: noise)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let crop = window.canvas.crop
            gtk_widget_activate_action_variant(window.canvas.widget, CanvasAction.trim.detailed, nil)
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 10) { window.lastToast == "Nothing to trim" },
                "\(String(describing: window.lastToast))")
            XCTAssertEqual(window.canvas.crop, crop)
            XCTAssertFalse(window.canvas.editor.canUndo)
            // At an angle the border is not measured: the action is insensitive, on the window and the crop area.
            window.canvas.setAngle(StraightenAngle(degrees: 3))
            XCTAssertTrue(
                GtkDisplay.pump { g_action_group_get_action_enabled(OpaquePointer(window.window.raw), "trim") == 0 })
            let turned = window.canvas.crop
            gtk_widget_activate_action_variant(window.canvas.widget, CanvasAction.trim.detailed, nil)
            GtkDisplay.settle(0.2)
            XCTAssertEqual(window.canvas.crop, turned)
        }
        MainActor.assumeIsolated {
            let demo = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(demo.window.raw)) }
            XCTAssertEqual(g_action_group_get_action_enabled(OpaquePointer(demo.window.raw), "trim"), 0)
        }
    }

    /// Through AT-SPI, as Orca's actions list invokes it: crop.trim is listed and the description speaks the new crop.
    func testTheAccessibleActionCropTrimIsListedAndTheDescriptionSpeaksTheNewCrop() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("trimatspi")
        defer { try? FileManager.default.removeItem(at: folder) }
        let shot = folder.appendingPathComponent("edge.png").path
        try GeneratedScreenshot.touchingAnEdge.make(at: shot)
        let expected = try Self.oracle(shot)
        let editor = try ExternalEditor(arguments: [shot])
        defer { editor.stop() }
        XCTAssertNotNil(editor.waitForWindow(named: "edge.png"), "the editor window never appeared")
        let app = try XCTUnwrap(AtspiClient.application(pid: editor.process.processIdentifier))
        let area = try XCTUnwrap(app.find(named: "Crop area"))
        XCTAssertTrue(area.actionNames.contains("crop.trim"), "\(area.actionNames)")
        let before = area.description
        XCTAssertTrue(area.doAction(named: "crop.trim"))
        let after = AtspiClient.waitForChange(from: before, timeout: 10) { area.description }
        // The description the crop area gives for the window's box (at the left edge).
        let spoken = CropText.accessibilityValue(CropRect(pixelRect: expected, imageWidth: 400, imageHeight: 300))
        XCTAssertEqual(after, spoken, "the window at the left edge: \(expected)")
        XCTAssertNotNil(SpokenCrop(after))
    }
}
