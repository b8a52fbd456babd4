// The window's pictures are decoded in the confined process: confined while it works, and a decoder that dies or overruns costs one message, not the window.

import CGtk
import Decoding
import Foundation
import GtkSupport
import XCTest

@testable import EditorUI

final class ConfinedDecodingWindowTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try GtkTestSupport.temporaryFolder("confined") }
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
        var pid: pid_t?
        XCTAssertTrue(
            GtkTestSupport.pump(timeout: 30) {
                pid = DecoderPool.shared.workingPIDs.first
                return pid != nil
            }, "no decoder ever took the load")
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
            XCTAssertTrue(GtkTestSupport.pump(timeout: 30) { !window.isLoading }, "the photo never finished loading")
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
            XCTAssertTrue(GtkTestSupport.pump(timeout: 30) { !window.isLoading }, "the load never ended")
            XCTAssertEqual(window.lastError, "Could not open “huge.png”: could not be decoded safely (the decoder stopped)")
            XCTAssertEqual(window.canvas.image?.title, "Coastline", "the previous picture must stay")
            window.open(path: next)
            XCTAssertTrue(
                GtkTestSupport.pump(timeout: 30) { !window.isLoading && window.canvas.image?.path == next },
                "the next photo did not open: \(window.lastError ?? "")")
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
            XCTAssertTrue(GtkTestSupport.pump(timeout: 30) { !window.isLoading }, "the load never ended")
            XCTAssertEqual(window.lastError, "Could not open “huge.png”: could not be decoded safely (the decoder stopped)")
            XCTAssertEqual(window.canvas.image?.title, "Coastline")
            DecoderPool.shared.timeout = DecoderPool.defaultTimeout
            window.open(path: next)
            XCTAssertTrue(
                GtkTestSupport.pump(timeout: 30) { !window.isLoading && window.canvas.image?.path == next },
                "the next photo did not open: \(window.lastError ?? "")")
        }
    }
}
