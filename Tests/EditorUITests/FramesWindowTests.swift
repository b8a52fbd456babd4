// Several frames in the window: Find Photos makes each print a frame as the command line cuts it; the previews follow the frame.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class FramesWindowTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        try GtkTestSupport.requireDisplay()
        folder = try GtkDisplay.temporaryFolder("frames-window")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Find Photos gives the three prints as three frames in reading order, each at its own angle, as one
    /// step said in one sentence; Save writes every frame beside the scan, `scan-1.png`…, each the command
    /// line's `--crop=photos` result for it, and asks once before writing over them again.
    func testFindPhotosMakesEachPrintAFrameAsTheCommandLineCutsIt() throws {
        let scan = path("scan.png")
        try ScanOfPrints.make(scan) { self.path("face\($0).png") }
        let line = try Tool.outcome(CropEditorProcess.binary.path, ["--crop=photos", "--output=\(path("line.png"))", scan])
        XCTAssertEqual(line.status, 0, line.errors)
        let saved = (1...4).map { path("scan-\($0).png") }
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: scan)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let canvas = window.canvas
            XCTAssertTrue(window.isActionEnabled(.findPhotos))
            window.activate(.findPhotos)
            XCTAssertTrue(GtkDisplay.pump(timeout: 30) { canvas.editor.frameCount == 3 }, "no frames: \(window.lastError ?? "")")
            // Reading order, each frame straightened by its print's tilt; the first is edited.
            let angles = canvas.editor.frames.map(\.angle.degrees)
            for (angle, print) in zip(angles, ScanOfPrints.prints) { XCTAssertEqual(angle, -print.tilt, accuracy: 0.3) }
            XCTAssertEqual(canvas.editor.activeFrame, 0)
            XCTAssertEqual(canvas.editor.angle, canvas.editor.frames[0].angle)
            let said = PerspectiveWindowTests.description(canvas)
            XCTAssertTrue(said.hasPrefix("3 photos found. frame 1 of 3, left "), said)
            // One step: undo is the single frame again, redo the three.
            window.activate(.undo)
            XCTAssertEqual(canvas.editor.frameCount, 1)
            window.activate(.redo)
            XCTAssertEqual(canvas.editor.frameCount, 3)
            XCTAssertNotEqual(gtk_widget_activate_action_variant(canvas.widget, CanvasAction.nextFrame.detailed, nil), 0)
            XCTAssertTrue(PerspectiveWindowTests.description(canvas).hasPrefix("frame 2 of 3, "))
            // Save writes every frame, whichever is edited, and says so once.
            window.activate(.save)
            XCTAssertTrue(GtkDisplay.pump(timeout: 30) { !window.saving.isSaving }, "the saves never finished")
            XCTAssertNil(window.lastError)
            XCTAssertEqual(window.saving.lastSavedPath, saved[0])
            XCTAssertFalse(FileManager.default.fileExists(atPath: saved[3]))
            // Saved again, the names exist: it asks first (a dialog) and writes nothing yet.
            let written = try Data(contentsOf: URL(fileURLWithPath: saved[1]))
            let toplevels = gtk_window_get_toplevels()!
            let count = g_list_model_get_n_items(toplevels)
            canvas.commit(CropRect(x: 0.1, y: 0.1, width: 0.3, height: 0.3))
            window.activate(.save)
            GtkDisplay.pump { g_list_model_get_n_items(toplevels) > count }
            XCTAssertGreaterThan(g_list_model_get_n_items(toplevels), count, "no confirmation dialog appeared")
            XCTAssertFalse(window.saving.isSaving, "saved without asking")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: saved[1])), written)
        }
        for number in 1...3 {
            let window = saved[number - 1], fromLine = path("line-\(number).png")
            let sizes = [window, fromLine].map(PerspectiveWindowTests.size)
            XCTAssertEqual(sizes[0].count, 2)
            for (a, b) in zip(sizes[0], sizes[1]) { XCTAssertLessThanOrEqual(abs(a - b), 2, "\(number): \(sizes)") }
            XCTAssertGreaterThanOrEqual(
                try ScanOfPrints.likeness(fromLine, window, scratch: path("scaled.png")), 0.98, "\(number)")
            XCTAssertGreaterThanOrEqual(
                try ScanOfPrints.likeness(path("face\(number).png"), window, scratch: path("scaled.png")), 0.95)
        }
    }

    /// On an ordinary photo Find Photos finds nothing, says so and changes nothing.
    func testFindPhotosOnAnOrdinaryPhotoSaysNoPhotosFound() throws {
        let photo = path("photo.png")
        try Tool.run("convert", ["-seed", "7", "-size", "600x400", "plasma:fractal", photo])
        MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let canvas = window.canvas
            window.activate(.findPhotos)
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 30) { PerspectiveWindowTests.description(canvas).hasPrefix("No photos found. ") },
                PerspectiveWindowTests.description(canvas))
            XCTAssertEqual(canvas.editor.frameCount, 1)
            XCTAssertFalse(canvas.editor.canUndo)
        }
    }

    /// The previews show the edited frame and follow the choice of another: a tall red frame, then a
    /// wide blue one after F, each at its own proportions.
    func testThePreviewsFollowTheEditedFrame() throws {
        let source = path("halves.png")
        try Tool.run("convert", ["-size", "200x300", "xc:red", "-size", "200x300", "xc:blue", "+append", source])
        try MainActor.assumeIsolated {
            let settings = try XCTUnwrap(AppSettings.shared)
            defer { g_settings_reset(settings, AppSettings.previewPanelKey) }
            let window = GtkTestSupport.window(opening: source)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let frames = [PixelRect(x: 0, y: 0, width: 100, height: 300), PixelRect(x: 200, y: 100, width: 200, height: 100)].map
            {
                FrameState(crop: CropRect(pixelRect: $0, imageWidth: 400, imageHeight: 300))
            }
            try window.canvas.setFrames(frames)
            window.activate(.showPreviews)
            let panel = window.previews.panel
            @MainActor func shown() throws -> (width: Int, height: Int, red: Int, blue: Int) {
                let preview = try XCTUnwrap(panel.rendered[256], "no preview")
                let middle = preview.pixel(x: preview.width / 2, y: preview.height / 2)
                return (preview.width, preview.height, Int(middle.r), Int(middle.b))
            }
            var seen = try shown()
            XCTAssertEqual([seen.width, seen.height], [85, 256])
            XCTAssertGreaterThan(seen.red, 200, "the first frame is red")
            XCTAssertNotEqual(gtk_widget_activate_action_variant(window.canvas.widget, CanvasAction.nextFrame.detailed, nil), 0)
            XCTAssertTrue(GtkDisplay.pump { (try? shown().width) == 256 }, "the previews stayed on the first frame")
            seen = try shown()
            XCTAssertEqual([seen.width, seen.height], [256, 128])
            XCTAssertGreaterThan(seen.blue, 200, "the second frame is blue")
            XCTAssertLessThan(seen.red, 50)
        }
    }
}
