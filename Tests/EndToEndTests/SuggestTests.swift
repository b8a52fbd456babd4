// Suggest: S on the crop area and the accessible action crop.suggest move the crop over the picture's salient object.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class SuggestTests: XCTestCase {
    /// A textured grey picture with one saturated disc of radius 40 at (`x`, `y`).
    private static func picture(_ folder: URL, _ name: String, disc x: Int, _ y: Int, size: String = "600x400") -> String {
        let path = folder.appendingPathComponent(name).path
        XCTAssertNotNil(
            Shell.run(
                "convert",
                [
                    "-size", size, "-seed", "4", "plasma:gray45-gray55", "-fill", "#e01010", "-draw",
                    "circle \(x),\(y) \(x + 40),\(y)", path,
                ]))
        return path
    }

    private static func contains(_ rect: PixelRect, disc x: Int, _ y: Int) -> Bool {
        rect.x <= x - 40 && rect.y <= y - 40 && rect.x + rect.width >= x + 40 && rect.y + rect.height >= y + 40
    }

    func testSOnTheCropAreaMovesASquareCropOverTheDiscAndFreeKeepsTheCropsSize() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("suggest")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = Self.picture(folder, "disc.png", disc: 500, 300)
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photo)
            defer {
                window.ratio.choose(.free)  // remembered: later windows must start free
                gtk_window_destroy(cgtk_window(window.window.raw))
            }
            _ = try GtkTestSupport.placeAtCorner(window, name: "disc.png")
            window.ratio.choose(.square)
            let before = window.canvas.crop.pixelRect(imageWidth: 600, imageHeight: 400)
            XCTAssertEqual(before, PixelRect(x: 100, y: 0, width: 400, height: 400))
            XCTAssertFalse(Self.contains(before, disc: 500, 300))
            Shell.run("xdotool", ["key", "--clearmodifiers", "s"])
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 10) { window.canvas.crop.pixelRect(imageWidth: 600, imageHeight: 400) != before })
            let square = window.canvas.crop.pixelRect(imageWidth: 600, imageHeight: 400)
            XCTAssertEqual(square, PixelRect(x: 200, y: 0, width: 400, height: 400), "the largest square, over the disc")
            XCTAssertTrue(window.canvas.editor.canUndo, "a suggestion is an undoable step")

            // Free: the crop's own size, 150×120, placed over the disc.
            window.ratio.choose(.free)
            window.canvas.commit(
                CropRect(pixelRect: PixelRect(x: 0, y: 0, width: 150, height: 120), imageWidth: 600, imageHeight: 400))
            XCTAssertNotEqual(gtk_widget_activate_action_variant(window.canvas.widget, CanvasAction.suggest.detailed, nil), 0)
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { window.canvas.crop.x > 0 })
            let free = window.canvas.crop.pixelRect(imageWidth: 600, imageHeight: 400)
            XCTAssertEqual(free.width, 150)
            XCTAssertEqual(free.height, 120)
            XCTAssertTrue(Self.contains(free, disc: 500, 300), "\(free) does not hold the disc")
            XCTAssertNil(window.lastError)
        }
    }

    func testTheDemoHasNothingToSuggestFrom() throws {
        try GtkTestSupport.requireDisplay()
        MainActor.assumeIsolated {
            let demo = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(demo.window.raw)) }
            XCTAssertEqual(g_action_group_get_action_enabled(OpaquePointer(demo.window.raw), "suggest"), 0)
            let crop = demo.canvas.crop
            gtk_widget_activate_action_variant(demo.canvas.widget, CanvasAction.suggest.detailed, nil)
            GtkDisplay.settle(0.2)
            XCTAssertEqual(demo.canvas.crop, crop)
        }
    }

    /// Through AT-SPI, as Orca 45's actions list or Accerciser invoke it.
    func testTheAccessibleActionCropSuggestIsListedAndMovesTheCrop() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("suggestatspi")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = Self.picture(folder, "spot.png", disc: 100, 100)
        let editor = try ExternalEditor(arguments: [photo])
        defer { editor.stop() }
        XCTAssertNotNil(editor.waitForWindow(named: "spot.png"), "the editor window never appeared")
        let app = try XCTUnwrap(AtspiClient.application(pid: editor.process.processIdentifier))
        let area = try XCTUnwrap(app.find(named: "Crop area"))
        XCTAssertTrue(area.actionNames.contains(CanvasAction.suggest.detailed), "\(area.actionNames)")
        // Half the width and height, at the top left; then the suggestion.
        for _ in 0..<10 {
            XCTAssertTrue(area.doAction(named: CanvasAction.adjust(.makeNarrower).detailed))
            XCTAssertTrue(area.doAction(named: CanvasAction.adjust(.makeShorter).detailed))
        }
        for _ in 0..<10 { XCTAssertTrue(area.doAction(named: CanvasAction.adjust(.moveRight).detailed)) }
        let before = area.description
        XCTAssertEqual(before, "left 50 percent, top 0 percent, width 50 percent, height 50 percent")
        XCTAssertTrue(area.doAction(named: CanvasAction.suggest.detailed))
        let after = try XCTUnwrap(SpokenCrop(AtspiClient.waitForChange(from: before, timeout: 10) { area.description }))
        XCTAssertEqual(
            after, SpokenCrop(left: 0, top: 0, width: 50, height: 50), "the half-size crop over the disc at the top left")
    }
}
