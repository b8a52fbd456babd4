// The window's pictures are decoded confined, and a decoder that dies or overruns costs one message, not the window.

import CGtk
import Decoding
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class ConfinedDecodingWindowTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try GtkDisplay.temporaryFolder("confined") }
    override func tearDownWithError() throws {
        DecoderPool.shared.timeout = DecoderPool.defaultTimeout
        try? FileManager.default.removeItem(at: folder)
    }

    /// 140 megapixels of PNG: a second or two to decode, so the decoder can be caught at work.
    private func hugePhoto() -> String {
        let path = folder.appendingPathComponent("huge.png").path
        XCTAssertNotNil(Shell.run("vips", ["black", path, "14000", "10000", "--bands", "3"]), "vips could not make the photo")
        return path
    }

    /// Opens `path` and waits until the decoder is at work on it; its pid.
    @MainActor private static func openAndCatchTheDecoder(_ window: EditorWindow, _ path: String) throws -> pid_t {
        window.open(path: path)
        return try catchTheDecoder("the load")
    }

    /// Runs the loop until a decoder is at work on `job`; its pid.
    @MainActor private static func catchTheDecoder(_ job: String) throws -> pid_t {
        var pid: pid_t?
        XCTAssertTrue(
            GtkDisplay.pump(timeout: 30) {
                pid = DecoderPool.shared.workingPIDs.first
                return pid != nil
            }, "no decoder ever took \(job)")
        return try XCTUnwrap(pid)
    }

    func testTheDecoderIsConfinedWhileItLoadsThePicture() throws {
        try GtkTestSupport.requireDisplay()
        let photo = hugePhoto()
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let pid = try Self.openAndCatchTheDecoder(window, photo)
            let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
            XCTAssertTrue(window.isLoading, "the load finished before its decoder was looked at")
            XCTAssertTrue(status.contains("NoNewPrivs:\t1"), status)
            XCTAssertTrue(status.contains("Seccomp:\t2"), status)
            XCTAssertTrue(GtkDisplay.pump(timeout: 30) { !window.isLoading }, "the photo never finished loading")
            XCTAssertEqual(window.canvas.image?.title, "huge.png")
            XCTAssertNil(window.lastError)
        }
    }

    func testAKilledDecoderKeepsThePreviousPictureAndTheNextPhotoOpens() throws {
        try GtkTestSupport.requireDisplay()
        let photo = hugePhoto()
        let next = GtkTestSupport.greyFile(folder, "next.png")
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let pid = try Self.openAndCatchTheDecoder(window, photo)
            XCTAssertEqual(kill(pid, SIGKILL), 0)
            XCTAssertTrue(GtkDisplay.pump(timeout: 30) { !window.isLoading }, "the load never ended")
            XCTAssertEqual(window.lastError, "Could not open “huge.png”: could not be decoded safely (the decoder stopped)")
            XCTAssertEqual(window.canvas.image?.title, "Coastline", "the previous picture must stay")
            window.open(path: next)
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 30) { !window.isLoading && window.canvas.image?.path == next },
                "the next photo did not open: \(window.lastError ?? "")")
        }
    }

    func testADecoderKilledMidSaveWritesNothingAndTheWindowSavesAgain() throws {
        try GtkTestSupport.requireDisplay()
        let folder: URL = self.folder
        // 24 megapixels of noise: a PNG re-encode takes seconds, time enough to catch the decoder.
        let photo = folder.appendingPathComponent("noise.jpg").path
        XCTAssertNotNil(Shell.run("vips", ["gaussnoise", photo + "[Q=95]", "6000", "4000"]), "vips could not make the photo")
        let before = try Data(contentsOf: URL(fileURLWithPath: photo))
        let target = folder.appendingPathComponent("noise.png").path
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: photo)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            window.saving.export(to: target, overwritingSource: false)
            XCTAssertEqual(kill(try Self.catchTheDecoder("the save"), SIGKILL), 0)
            XCTAssertTrue(GtkDisplay.pump(timeout: 30) { !window.saving.isSaving }, "the save never ended")
            XCTAssertEqual(window.lastError, "Could not save: could not be decoded safely (the decoder stopped)")
            // Nothing written, no temporary left, the source as it was, the picture still there.
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["noise.jpg"])
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: photo)), before)
            XCTAssertEqual(window.canvas.image?.title, "noise.jpg")
            // The next save gets a fresh decoder.
            window.saving.export(to: folder.appendingPathComponent("again.jpg").path, overwritingSource: false)
            XCTAssertTrue(GtkDisplay.pump(timeout: 60) { !window.saving.isSaving }, "the second save never ended")
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("again.jpg").path))
        }
    }

    func testADecoderPastItsTimeIsEndedAndTheNextPhotoOpens() throws {
        try GtkTestSupport.requireDisplay()
        let photo = hugePhoto()
        let next = GtkTestSupport.greyFile(folder, "next.png")
        MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            DecoderPool.shared.timeout = 0.2
            window.open(path: photo)
            XCTAssertTrue(GtkDisplay.pump(timeout: 30) { !window.isLoading }, "the load never ended")
            XCTAssertEqual(window.lastError, "Could not open “huge.png”: could not be decoded safely (the decoder stopped)")
            XCTAssertEqual(window.canvas.image?.title, "Coastline")
            DecoderPool.shared.timeout = DecoderPool.defaultTimeout
            window.open(path: next)
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 30) { !window.isLoading && window.canvas.image?.path == next },
                "the next photo did not open: \(window.lastError ?? "")")
        }
    }
}
