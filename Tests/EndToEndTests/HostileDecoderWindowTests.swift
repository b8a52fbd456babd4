// The window with hostile decoders: a flag cut during a pan, undecodable replies and sizes of 2^62 cost no crash, no memfd.

import CGtk
import CropKit
import Decoding
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class HostileDecoderWindowTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try GtkDisplay.temporaryFolder("hostile") }

    override func tearDownWithError() throws {
        unsetenv(HostileDecoder.variable)
        // Later tests get ordinary decoders.
        DecoderPool.shared.shutdown()
        DecoderPool.shared.sparesAhead = 1
        try? FileManager.default.removeItem(at: folder)
    }

    /// From now on every decoder of the window answers as `mode` says.
    private static func makeDecodersHostile(_ mode: HostileDecoder) {
        setenv("CROP_EDITOR_DECODER_TEST_REQUESTS", "1", 1)
        setenv(HostileDecoder.variable, mode.rawValue, 1)
        // Decoders started before this have not heard of it.
        DecoderPool.shared.shutdown()
        DecoderPool.shared.sparesAhead = 1
    }

    /// The processor time `pid` has used, in clock ticks (`/proc/PID/stat`), or nil once it is gone.
    private static func ticks(_ pid: pid_t) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let end = text.lastIndex(of: ")")
        else { return nil }
        let fields = text[text.index(after: end)...].split(separator: " ")
        guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    /// Whether `pid` holds a render's cancellation flag (`/proc/PID/fd` links to `/memfd:crop-editor-cancel`).
    private static func holdsAFlag(_ pid: pid_t) -> Bool {
        ProcessFiles.targets(of: "\(pid)").contains { $0.hasPrefix("/memfd:crop-editor-cancel") }
    }

    /// Every decoder cuts and writes each memfd it holds before its job: the zoomed view's
    /// cancellation flag among them. A pan then cancels the render on its way, which sets that flag
    /// through the window's mapping: had the decoder cut it short, the window would end with SIGBUS.
    func testTheWindowSurvivesADecoderCuttingItsFlagDuringAPan() throws {
        try GtkTestSupport.requireDisplay()
        // 140 megapixels of PNG: a region deep in it takes its decoder a second or more, long enough
        // for a pan to come while it works.
        let path = folder.appendingPathComponent("huge.png").path
        XCTAssertNotNil(Shell.run("vips", ["black", path, "14000", "10000", "--bands", "3"]), "vips could not make the photo")
        Self.makeDecodersHostile(.truncateMemfds)
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            window.open(path: path)
            XCTAssertTrue(GtkDisplay.pump(timeout: 60) { !window.isLoading && window.canvas.image?.path == path })
            let origin = try GtkTestSupport.placeAtCorner(window, name: "huge.png")
            let canvas = window.canvas
            for _ in 0..<4 { window.activate(.zoomIn) }
            // A sharp render at work in a decoder (it holds the flag), past its first steps (the cut comes before them).
            var rendering: (pid: pid_t, ticks: Int)?
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 30) {
                    guard let pid = DecoderPool.shared.workingPIDs.first, Self.holdsAFlag(pid), let now = Self.ticks(pid)
                    else { return false }
                    guard let seen = rendering, seen.pid == pid else {
                        rendering = (pid, now)
                        return false
                    }
                    return now >= seen.ticks + 2
                }, "no sharp render was caught at work")
            // The middle button pans while it works: the view it ends on asks for another region,
            // cancelling this one through its flag.
            let start = try XCTUnwrap(canvas.viewport).imageFrame
            let from = (x: Int(origin.x) + 200, y: Int(origin.y) + 200)
            Shell.run(
                "xdotool",
                [
                    "mousemove", "--sync", "\(from.x)", "\(from.y)", "mousedown", "2", "mousemove", "--sync", "\(from.x + 80)",
                    "\(from.y + 50)", "mouseup", "2",
                ])
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 5) {
                    canvas.viewGesture == nil && abs((canvas.viewport?.imageFrame.minX ?? start.minX) - start.minX - 80) < 1
                }, "the pan never ended")
            // The last view's sharp region still arrives, from a decoder that cut what it could.
            let panned = try XCTUnwrap(canvas.viewport)
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 60) { canvas.sharpTile != nil && canvas.viewport == panned },
                "no sharp region arrived after the pan: tile \(String(describing: canvas.sharpTile?.region)), view "
                    + "\(String(describing: canvas.viewport?.imageFrame)) against \(panned.imageFrame)")
            XCTAssertNil(window.lastError)
        }
    }

    /// Replies that are no message (with four memfds of 64 MiB each) or say 2^62: each open fails
    /// with the one message, the picture shown stays, and the window holds no more memfds than before.
    func testHostileRepliesCostOneMessageAndNoMemfd() throws {
        try GtkTestSupport.requireDisplay()
        let path = GtkTestSupport.greyFile(folder, "grey.png", size: "300x200")
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let before = ProcessFiles.memfds()
            for mode in [HostileDecoder.undecodableReply, .hugeSizes] {
                Self.makeDecodersHostile(mode)
                for _ in 0..<3 {
                    window.open(path: path)
                    XCTAssertTrue(GtkDisplay.pump(timeout: 30) { !window.isLoading }, "the load never ended")
                    XCTAssertEqual(
                        window.lastError, "Could not open “grey.png”: could not be decoded safely (the decoder stopped)")
                    XCTAssertEqual(window.canvas.image?.title, "Coastline")
                }
            }
            XCTAssertEqual(ProcessFiles.memfds(), before, "memfds left open after hostile replies")
        }
    }
}
