// Several frames with a real pointer and keys: N adds, a drag moves, a click chooses, Ctrl+Delete removes, Ctrl+Shift+L saves.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class FramesPointerTests: XCTestCase {
    /// N adds a copy of the frame; a real drag moves the copy away; a real click inside the first
    /// frame's outline (outside the copy) chooses it; N adds a third, Ctrl+Delete removes it; Ctrl+Shift+L
    /// writes both frames beside the photo, each the crop ImageMagick cuts at that frame's pixels.
    func testFramesAddedMovedChosenByAClickRemovedAndSavedAllWithARealPointerAndKeys() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("frames-pointer")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("photo.png").path
        try Tool.run("convert", ["-seed", "8", "-size", "900x600", "plasma:fractal", photo])
        var cuts: [PixelRect] = []
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let canvas = window.canvas
            let origin = try GtkTestSupport.placeAtCorner(window, name: "photo.png")
            canvas.commit(CropRect(x: 0.05, y: 0.1, width: 0.3, height: 0.4))
            @MainActor func press(_ key: String, until done: () -> Bool) {
                Shell.run("xdotool", ["key", "--clearmodifiers", key])
                XCTAssertTrue(GtkDisplay.pump(timeout: 10, until: done), "\(key): \(window.canvas.editor.frameCount) frames")
            }
            press("n") { canvas.editor.frameCount == 2 && canvas.editor.activeFrame == 1 }
            // The copy's body dragged well clear of the first frame.
            let viewport = try XCTUnwrap(canvas.viewport)
            let copy = viewport.viewRect(canvas.crop)
            let before = canvas.crop
            RealPointer.drag(from: (Int(origin.x + copy.midX), Int(origin.y + copy.midY)), by: (Int(copy.width) + 40, 0))
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 5) { canvas.crop != before && !canvas.session.isDragging }, "the real drag did not move")
            // A click inside the first frame's outline, left of the moved copy, chooses the first.
            let first = viewport.viewRect(canvas.editor.frames[0].crop)
            Shell.run("xdotool", ["mousemove", "--sync", "\(Int(origin.x + first.minX + 20))", "\(Int(origin.y + first.midY))"])
            Shell.run("xdotool", ["click", "1"])
            XCTAssertTrue(GtkDisplay.pump(timeout: 5) { canvas.editor.activeFrame == 0 }, "the click did not choose frame 1")
            XCTAssertEqual(canvas.editor.frameCount, 2)
            press("n") { canvas.editor.frameCount == 3 && canvas.editor.activeFrame == 2 }
            press("ctrl+Delete") { canvas.editor.frameCount == 2 }
            cuts = (0..<2).map { canvas.editor.cropPixels(ofFrame: $0) }
            XCTAssertNotEqual(cuts[0], cuts[1])
            press("ctrl+shift+l") { window.lastToast == "Saved 2 frames" || window.lastError != nil }
            XCTAssertTrue(GtkDisplay.pump(timeout: 15) { !window.saving.isSaving })
            XCTAssertNil(window.lastError)
        }
        for (number, cut) in zip(1..., cuts) {
            let saved = folder.appendingPathComponent("photo-\(number).png").path
            let reference = folder.appendingPathComponent("reference.png").path
            try Tool.run("convert", [photo, "-crop", "\(cut.width)x\(cut.height)+\(cut.x)+\(cut.y)", "+repage", reference])
            XCTAssertEqual(
                Shell.run("compare", ["-metric", "AE", saved, reference, "null:"]) ?? "differs", "", "frame \(number)")
        }
    }
}
