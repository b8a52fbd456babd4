// Keep Crop with several frames and cuts: the sidecar holds them all, and reopening the photo puts them back.

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

final class FramesKeptTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        try GtkTestSupport.requireDisplay()
        folder = try GtkDisplay.temporaryFolder("frames-kept")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
        // A frame's ratio shown is remembered for the next window: the next test starts Free.
        MainActor.assumeIsolated { AppSettings.aspectRatio = AspectRatio.free.description }
    }

    /// Keeps `first`'s crop, closes it and opens `photo` in a new window, which the caller closes.
    @MainActor private static func keepAndReopen(_ first: EditorWindow, _ photo: String) -> EditorWindow {
        first.activate(.keepCrop)
        XCTAssertTrue(GtkDisplay.pump(timeout: 10) { first.lastKeptSidecar != nil }, first.lastError ?? "not kept")
        gtk_window_destroy(cgtk_window(first.window.raw))
        return GtkTestSupport.window(opening: photo)
    }

    /// Three frames (one at an angle, one named as a format) on a picture turned a quarter, the second
    /// edited: kept, then the photo opened in a new window has the same three frames on the upright
    /// picture, the second edited, and no step to undo.
    func testKeepCropKeepsEveryFrameAndReopeningRestoresThem() throws {
        let photo = folder.appendingPathComponent("harbour.jpg").path
        try Tool.run("convert", ["-size", "600x400", "-seed", "4", "plasma:fractal", photo])
        try MainActor.assumeIsolated {
            let first = GtkTestSupport.window(opening: photo)
            let frames = [
                FrameState(crop: CropRect(x: 0.1, y: 0.1, width: 0.3, height: 0.4)),
                FrameState(
                    crop: CropRect(x: 0.4, y: 0.2, width: 0.4, height: 0.4), aspectRatio: AspectRatio(parsing: "4:5")!,
                    name: "4:5"),
                FrameState(crop: CropRect(x: 0.2, y: 0.3, width: 0.5, height: 0.5), angle: StraightenAngle(degrees: 3)),
            ]
            try first.canvas.setFrames(frames, active: 1)
            first.activate(.rotateRight)
            XCTAssertEqual(first.canvas.editor.frameCount, 3)
            let upright = first.canvas.editor.uprightFrames
            let second = Self.keepAndReopen(first, photo)
            defer { gtk_window_destroy(cgtk_window(second.window.raw)) }
            let editor = second.canvas.editor
            XCTAssertEqual(editor.frameCount, 3, second.lastError ?? "")
            XCTAssertEqual(editor.activeFrame, 1)
            XCTAssertFalse(editor.canUndo)
            for (restored, kept) in zip(editor.frames, upright) {
                assertCropsClose(restored.crop, kept.crop, "frame", accuracy: 1e-4)
                XCTAssertEqual(restored.aspectRatio, kept.aspectRatio)
                XCTAssertEqual(restored.angle, kept.angle)
                XCTAssertEqual(restored.name, kept.name)
            }
            XCTAssertEqual(editor.aspectRatio, upright[1].aspectRatio)
            XCTAssertTrue(PerspectiveWindowTests.description(second.canvas).hasPrefix("frame 2 of 3, "))
        }
    }

    /// A band cut out of a picture turned a half and two frames on the joined picture: kept, then
    /// reopened, the same band on the upright picture and the same two frames on the joined one.
    func testKeepCropKeepsTheCutsWithTheFrames() throws {
        let photo = folder.appendingPathComponent("strip.png").path
        try Tool.run("convert", ["-size", "600x400", "-seed", "6", "plasma:fractal", photo])
        try MainActor.assumeIsolated {
            let first = GtkTestSupport.window(opening: photo)
            first.activate(.rotateRight)
            first.activate(.rotateRight)
            first.canvas.edit { editor in (try? editor.addCut(PictureCut(axis: .columns, start: 200, length: 100))) ?? [] }
            XCTAssertEqual(first.canvas.editor.cuts.count, 1)
            try first.canvas.setFrames(
                [
                    FrameState(crop: CropRect(x: 0.1, y: 0.1, width: 0.3, height: 0.5)),
                    FrameState(crop: CropRect(x: 0.5, y: 0.3, width: 0.4, height: 0.6)),
                ], active: 0)
            let frames = first.canvas.editor.uprightFrames, cuts = first.canvas.editor.uprightCuts
            XCTAssertEqual(cuts, [PictureCut(axis: .columns, start: 300, length: 100)], "the band on the upright picture")
            let second = Self.keepAndReopen(first, photo)
            defer { gtk_window_destroy(cgtk_window(second.window.raw)) }
            let editor = second.canvas.editor
            XCTAssertEqual(editor.cuts, cuts, second.lastError ?? "")
            XCTAssertEqual(editor.frameCount, 2)
            for (restored, kept) in zip(editor.frames, frames) {
                assertCropsClose(restored.crop, kept.crop, "frame", accuracy: 1e-4)
            }
        }
    }
}
