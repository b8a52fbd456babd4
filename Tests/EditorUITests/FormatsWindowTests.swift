// Formats in the window: one frame per ratio, named by it, placed as `--crop=auto --aspect=…` places it; Save All writes them.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class FormatsWindowTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        try GtkTestSupport.requireDisplay()
        folder = try GtkDisplay.temporaryFolder("formats-window")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
        // A frame's ratio shown is remembered for the next window: the next test starts Free.
        MainActor.assumeIsolated { AppSettings.aspectRatio = AspectRatio.free.description }
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// The width and height libvips reads in `path`.
    private static func vipsSize(_ path: String) throws -> [Int] {
        try ["width", "height"].map { field in
            let text = try Tool.run("vipsheader", ["-f", field, path]).trimmingCharacters(in: .whitespacesAndNewlines)
            return try XCTUnwrap(Int(text), "vipsheader \(field) \(path): \(text)")
        }
    }

    /// The dialog's ticked presets (1:1, 4:5, 9:16) with 1.91:1 typed become three… four frames in
    /// order, each named by its ratio and keeping it, as one undo step; Save All writes
    /// `photo-1x1.png`, `photo-4x5.png`, `photo-9x16.png`, `photo-1.91x1.png`, each exactly its ratio by
    /// libvips and the same pixels as the command line's `--crop=auto --aspect=1:1,4:5,9:16,1.91:1`.
    func testFormatsMakesAFramePerRatioAndSaveAllWritesTheCommandLinesFiles() throws {
        let photo = path("photo.png")
        try Tool.run("convert", ["-seed", "3", "-size", "640x480", "plasma:fractal", "-blur", "0x2", photo])
        let ratios = ["1:1", "4:5", "9:16", "1.91:1"], labels = ["1x1", "4x5", "9x16", "1.91x1"]
        let line = try Tool.outcome(
            CropEditorProcess.binary.path,
            ["--crop=auto", "--aspect=\(ratios.joined(separator: ","))", "--output=\(path("line.png"))", photo])
        XCTAssertEqual(line.status, 0, line.errors)
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let canvas = window.canvas
            XCTAssertTrue(window.isActionEnabled(.formats))
            let dialog = try XCTUnwrap(window.formats.ask(), "no Formats dialog")
            let entry = try XCTUnwrap(Self.entry(in: dialog), "no custom entry")
            entry.editableText = " 1.91:1 "
            adw_message_dialog_response(dialog.raw.assumingMemoryBound(to: AdwMessageDialog.self), "apply")
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 30) { canvas.editor.frameCount == 4 }, "no frames: \(window.lastError ?? "")")
            XCTAssertEqual(canvas.editor.frames.map(\.name), ratios)
            XCTAssertEqual(canvas.editor.frames.map(\.aspectRatio), ratios.compactMap(AspectRatio.init(parsing:)))
            XCTAssertEqual(canvas.editor.activeFrame, 0)
            let said = PerspectiveWindowTests.description(canvas)
            XCTAssertTrue(said.hasPrefix("frame 1 of 4, 1 to 1, left "), said)
            window.activate(.undo)
            XCTAssertEqual(canvas.editor.frameCount, 1)
            window.activate(.redo)
            XCTAssertEqual(canvas.editor.frameCount, 4)
            XCTAssertTrue(window.isActionEnabled(.saveAll))
            window.activate(.saveAll)
            XCTAssertTrue(GtkDisplay.pump(timeout: 30) { !window.saving.isSaving }, "the saves never finished")
            XCTAssertNil(window.lastError)
        }
        for (ratio, label) in zip(ratios, labels) {
            let saved = path("photo-\(label).png"), fromLine = path("line-\(label).png")
            let size = try Self.vipsSize(saved)
            let wanted = try XCTUnwrap(AspectRatio(parsing: ratio)?.pixelRatio(imageWidth: 1, imageHeight: 1))
            XCTAssertEqual(Double(size[0]) / Double(size[1]), wanted, accuracy: 1 / Double(size[1]), "\(label): \(size)")
            XCTAssertEqual(size, try Self.vipsSize(fromLine), label)
            let differ = try Tool.outcome("compare", ["-metric", "AE", saved, fromLine, "null:"])
            XCTAssertEqual(differ.errors.trimmingCharacters(in: .whitespacesAndNewlines), "0", "\(label) differs from the line's")
        }
    }

    /// Text that is not a ratio is said and makes no frames; a ratio given twice makes one frame.
    func testFormatsRefusesTextThatIsNotARatioAndTakesEachRatioOnce() throws {
        XCTAssertEqual(try Formats.frames(["1:1", "4:5", " 1:1"]).get().map(\.name), ["1:1", "4:5"])
        guard case .failure(let problem) = Formats.frames(["1:1", "4x5"]) else { return XCTFail("4x5 taken as a ratio") }
        XCTAssertEqual(problem.text, "4x5")
        let photo = path("photo.png")
        try Tool.run("convert", ["-seed", "3", "-size", "300x200", "plasma:fractal", photo])
        MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            window.formats.make(["1:1", "wide"])
            XCTAssertEqual(window.lastError, "“wide” is not a ratio: write it as W:H, e.g. 16:9")
            XCTAssertEqual(window.canvas.editor.frameCount, 1)
            XCTAssertFalse(window.canvas.editor.canUndo)
        }
    }

    /// Save All with a folder where one frame's file goes: after the one question it writes the other
    /// frames and names the one that failed in one error.
    func testSaveAllWritesTheOtherFramesWhenOneFails() throws {
        let photo = path("photo.png")
        try Tool.run("convert", ["-seed", "5", "-size", "400x300", "plasma:fractal", photo])
        try FileManager.default.createDirectory(atPath: path("photo-2.png"), withIntermediateDirectories: false)
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let canvas = window.canvas
            canvas.addFrame()
            canvas.addFrame()
            XCTAssertEqual(canvas.editor.frameCount, 3)
            window.activate(.saveAll)
            let question = try XCTUnwrap(
                AfterSavingTests.toplevel(ofType: adw_message_dialog_get_type()), "no question before replacing")
            let message = question.raw.assumingMemoryBound(to: AdwMessageDialog.self)
            XCTAssertEqual(String(cString: adw_message_dialog_get_heading(message)), "Replace “photo-2.png”?")
            adw_message_dialog_response(message, "replace")
            XCTAssertTrue(GtkDisplay.pump(timeout: 30) { window.lastError != nil }, "no failure said")
            XCTAssertTrue(GtkDisplay.pump(timeout: 30) { !window.saving.isSaving })
            let said = window.lastError ?? ""
            XCTAssertTrue(said.hasPrefix("Could not save: photo-2.png: "), said)
            XCTAssertFalse(said.contains("photo-1.png") || said.contains("photo-3.png"), said)
        }
        for number in [1, 3] { XCTAssertEqual(try Self.vipsSize(path("photo-\(number).png")).count, 2) }
        var isFolder: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("photo-2.png"), isDirectory: &isFolder) && isFolder.boolValue)
    }

    /// The custom-ratio entry of the Formats dialog.
    @MainActor private static func entry(in widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        if g_type_check_instance_is_a(widget.raw.assumingMemoryBound(to: GTypeInstance.self), gtk_entry_get_type()) != 0 {
            return widget
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if let found = entry(in: current) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }
}
