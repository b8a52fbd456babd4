// Trim Borders and Suggest in a window with bands cut out measure the joined picture, as the command line's --cut does.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class CutMeasuresWindowTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        try GtkTestSupport.requireDisplay()
        folder = try GtkDisplay.temporaryFolder("cut-measures")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// What the command line writes for `options` on `source`, at `name` in the test's folder.
    private func commandLine(_ options: [String], _ source: String, to name: String) throws -> String {
        let out = path(name)
        let run = try Tool.outcome(CropEditorProcess.binary.path, options + ["--output=\(out)", source])
        XCTAssertEqual(run.status, 0, run.errors)
        return out
    }

    /// Opens `source`, cuts `cut` out, runs `finder`'s action and saves; the saved file's path.
    @MainActor private static func savedAfter(
        _ action: WindowAction, cut: PictureCut, source: String, ratio: AspectRatio? = nil
    ) throws -> String {
        let window = GtkTestSupport.window(opening: source)
        defer {
            window.ratio.choose(.free)  // remembered: later windows must start free
            gtk_window_destroy(cgtk_window(window.window.raw))
        }
        let canvas = window.canvas
        if let ratio { window.ratio.choose(ratio) }
        canvas.addCut(cut)
        XCTAssertEqual(canvas.editor.cuts, [cut])
        // A perspective is not found on a picture with bands cut out, as --cut refuses --perspective.
        XCTAssertFalse(window.isActionEnabled(.findDocument))
        XCTAssertFalse(window.isActionEnabled(.upright))
        let before = canvas.editor.crop
        XCTAssertTrue(window.isActionEnabled(action))
        window.activate(action)
        XCTAssertTrue(GtkDisplay.pump(timeout: 30) { canvas.editor.crop != before }, "the crop never moved")
        window.activate(.save)
        XCTAssertTrue(GtkDisplay.pump(timeout: 30) { !window.saving.isSaving }, "the save never finished")
        XCTAssertNil(window.lastError)
        return try XCTUnwrap(window.saving.lastSavedPath)
    }

    /// A page whose red block lies in the band cut out: trimmed, the window keeps the blue block alone,
    /// the pixels of `--cut=0x60+0+10 --crop=trim`.
    func testTrimBordersMeasuresThePictureTheCutsLeave() throws {
        let page = path("page.png")
        try Tool.run(
            "convert",
            [
                "-size", "300x200", "xc:white", "-fill", "#d02020", "-draw", "rectangle 40,20 120,45", "-fill", "#2040c0",
                "-draw", "rectangle 150,120 260,170", page,
            ])
        let line = try commandLine(["--cut=0x60+0+10", "--crop=trim"], page, to: "line.png")
        let saved = try MainActor.assumeIsolated {
            try Self.savedAfter(.trim, cut: PictureCut(axis: .rows, start: 10, length: 60), source: page)
        }
        XCTAssertEqual(try Tool.run("identify", ["-format", "%wx%h", saved]), "111x51")
        let differ = try Tool.outcome("compare", ["-metric", "AE", saved, line, "null:"])
        XCTAssertEqual(differ.errors.trimmingCharacters(in: .whitespacesAndNewlines), "0", "the window's trim differs")
    }

    /// Suggest at 1:1 with columns cut out: the square the command line's `--cut --crop=auto` suggests.
    func testSuggestMeasuresThePictureTheCutsLeave() throws {
        let photo = path("photo.png")
        try Tool.run("convert", ["-seed", "3", "-size", "400x300", "plasma:fractal", "-depth", "8", photo])
        let line = try commandLine(["--cut=80x0+300+0", "--crop=auto", "--aspect=1:1"], photo, to: "line.png")
        let saved = try MainActor.assumeIsolated {
            try Self.savedAfter(
                .suggest, cut: PictureCut(axis: .columns, start: 300, length: 80), source: photo, ratio: .square)
        }
        XCTAssertEqual(try Tool.run("identify", ["-format", "%wx%h", saved]), "300x300")
        let differ = try Tool.outcome("compare", ["-metric", "AE", saved, line, "null:"])
        XCTAssertEqual(differ.errors.trimmingCharacters(in: .whitespacesAndNewlines), "0", "the window's suggestion differs")
    }
}
