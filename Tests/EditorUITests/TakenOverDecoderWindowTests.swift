// The window with taken-over decoders: a save and Apply to All write their results and change nothing outside them.

import CGtk
import CropKit
import Decoding
import Foundation
import GtkSupport
import XCTest

@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class TakenOverDecoderWindowTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try GtkDisplay.temporaryFolder("takenover") }

    override func tearDownWithError() throws {
        unsetenv("CROP_EDITOR_DECODER_TAKEOVER")
        // The taken-over decoders go; later tests get ordinary ones.
        DecoderPool.shared.shutdown()
        DecoderPool.shared.sparesAhead = 1
        try? FileManager.default.removeItem(at: folder)
    }

    /// From now on every decoder, the window's and the batch workers', tries every way out that does
    /// not end it before each job, aimed at `victim` (a file of the test's).
    private func takeOverDecoders(aimingAt victim: String) {
        setenv("CROP_EDITOR_DECODER_TEST_REQUESTS", "1", 1)
        setenv("CROP_EDITOR_DECODER_TAKEOVER", victim, 1)
        // Decoders started before this have not heard of it.
        DecoderPool.shared.shutdown()
        DecoderPool.shared.sparesAhead = 1
    }

    func testASaveAndApplyToAllWithTakenOverDecodersChangeNothingElse() throws {
        try GtkTestSupport.requireDisplay()
        var photos: [String] = []
        for index in 0..<3 {
            let path = folder.appendingPathComponent("photo \(index + 1).png").path
            XCTAssertNotNil(Shell.run("convert", ["-size", "400x300", "-seed", "\(index + 3)", "plasma:fractal", path]))
            photos.append(path)
        }
        let victim = folder.appendingPathComponent("precious.txt").path
        try "keep me".write(toFile: victim, atomically: true, encoding: .utf8)
        let sources = try photos.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        takeOverDecoders(aimingAt: victim)
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photos[0])
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            XCTAssertTrue(GtkDisplay.pump { window.session.photoCounter == "1 of 3" }, window.session.photoCounter ?? "")
            window.canvas.commit(
                CropRect(pixelRect: PixelRect(x: 40, y: 30, width: 200, height: 100), imageWidth: 400, imageHeight: 300))
            window.saving.save()
            XCTAssertTrue(GtkDisplay.pump(timeout: 20) { !window.saving.isSaving })
            XCTAssertNil(window.lastError)
            let first = try XCTUnwrap(window.saving.lastSavedPath)
            XCTAssertEqual(Shell.run("identify", ["-format", "%wx%h", first]), "200x100")
            let saved = try Data(contentsOf: URL(fileURLWithPath: first))
            // Apply to All: the other photos saved by workers whose decoders are taken over too.
            window.applyToAll.ask()
            let dialog = try XCTUnwrap(window.applyToAll.dialog, "Apply to All did not ask")
            adw_message_dialog_response(dialog.raw.assumingMemoryBound(to: AdwMessageDialog.self), "apply")
            XCTAssertTrue(GtkDisplay.pump(timeout: 60) { window.applyToAll.lastBatch != nil }, "the batch never ended")
            let summary = try XCTUnwrap(window.applyToAll.lastBatch)
            XCTAssertEqual(summary.failures, [])
            for photo in photos.dropFirst() {
                XCTAssertEqual(Shell.run("identify", ["-format", "%wx%h", Saving.croppedName(for: photo)]), "200x100")
            }
            XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "keep me", "the file outside changed")
            XCTAssertEqual(try photos.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }, sources, "a source changed")
            // The first result, written before the batch's decoders ran, is as it was.
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: first)), saved)
        }
    }
}
