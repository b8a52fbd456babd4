// Saving a picture with several frames: Save As and Copy take the edited frame, closing's Save All writes every frame.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class FramesSavingTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        try GtkTestSupport.requireDisplay()
        folder = try GtkDisplay.temporaryFolder("frames-saving")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Two frames of different sizes on a 400 × 300 photo, the second edited.
    private static let frames = [
        FrameState(
            crop: CropRect(pixelRect: PixelRect(x: 10, y: 20, width: 200, height: 100), imageWidth: 400, imageHeight: 300)),
        FrameState(
            crop: CropRect(pixelRect: PixelRect(x: 100, y: 50, width: 120, height: 160), imageWidth: 400, imageHeight: 300)),
    ]

    /// The frame actions of the main menu are enabled as the frames allow (Remove, Next and Previous
    /// with several only), and each does what the crop area's key does.
    func testTheMenusFrameActionsAreEnabledByTheFramesAndDoWhatTheKeysDo() throws {
        let photo = path("photo.png")
        try Tool.run("convert", ["-seed", "2", "-size", "400x300", "plasma:fractal", photo])
        MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let several: [WindowAction] = [.removeFrame, .nextFrame, .previousFrame]
            XCTAssertTrue(window.isActionEnabled(.addFrame))
            XCTAssertEqual(several.filter(window.isActionEnabled), [])
            window.activate(.addFrame)
            XCTAssertEqual(window.canvas.editor.frameCount, 2)
            XCTAssertEqual(several.filter(window.isActionEnabled), several)
            window.activate(.previousFrame)
            XCTAssertEqual(window.canvas.editor.activeFrame, 0)
            window.activate(.nextFrame)
            XCTAssertEqual(window.canvas.editor.activeFrame, 1)
            window.activate(.removeFrame)
            XCTAssertEqual(window.canvas.editor.frameCount, 1)
            XCTAssertEqual(several.filter(window.isActionEnabled), [])
        }
    }

    /// Save As with two frames writes the edited one and says so; Copy copies the same frame.
    func testSaveAsAndCopyTakeTheEditedFrameAndSaySo() throws {
        let photo = path("photo.png"), chosen = path("chosen.png")
        try Tool.run("convert", ["-seed", "2", "-size", "400x300", "plasma:fractal", photo])
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            try window.canvas.setFrames(Self.frames, active: 1)
            window.saving.saveChosen(chosen, source: photo)
            XCTAssertTrue(GtkDisplay.pump(timeout: 15) { !window.saving.isSaving && window.lastToast != nil })
            XCTAssertEqual(window.lastToast, "Saved “chosen.png” (frame 2 of 2 only; Save writes them all)")
            g_action_group_activate_action(OpaquePointer(window.window.raw), WindowAction.copy.name, nil)
            XCTAssertTrue(GtkDisplay.pump(timeout: 15) { window.lastToast?.hasPrefix("Copied") == true })
            XCTAssertEqual(window.lastToast, "Copied, 120 × 160 pixels")
        }
        let reference = path("reference.png")
        try Tool.run("convert", [photo, "-crop", "120x160+100+50", "+repage", reference])
        XCTAssertEqual(Shell.run("compare", ["-metric", "AE", chosen, reference, "null:"]) ?? "differs", "")
    }

    /// Closing with a photo's frames unsaved, the question's Save All writes every frame as Save does
    /// (`photo-1.png`, `photo-2.png`), not one crop, and the window closes.
    func testClosingsSaveAllWritesEveryFrame() throws {
        let photo = path("photo.png")
        try Tool.run("convert", ["-seed", "2", "-size", "400x300", "plasma:fractal", photo])
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photo)
            try window.canvas.setFrames(Self.frames, active: 0)
            window.window.asWindow.close()
            let dialog = try XCTUnwrap(GtkDisplay.pump { window.closing.dialog != nil } ? window.closing.dialog : nil)
            adw_message_dialog_response(dialog.raw.assumingMemoryBound(to: AdwMessageDialog.self), "save")
            XCTAssertTrue(GtkDisplay.pump(timeout: 15) { window.isClosed }, window.lastError ?? "the window stayed open")
        }
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
        XCTAssertEqual(written.sorted(), ["photo-1.png", "photo-2.png", "photo.png"])
        for (name, geometry) in [("photo-1.png", "200x100+10+20"), ("photo-2.png", "120x160+100+50")] {
            let reference = path("reference.png")
            try Tool.run("convert", [photo, "-crop", geometry, "+repage", reference])
            XCTAssertEqual(Shell.run("compare", ["-metric", "AE", path(name), reference, "null:"]) ?? "differs", "", name)
            try FileManager.default.removeItem(atPath: reference)
        }
    }
}
