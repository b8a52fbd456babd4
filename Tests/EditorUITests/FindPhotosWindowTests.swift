// Find Photos on a 35-megapixel scan in the window: the main loop keeps answering while it runs, and Escape cancels it.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class FindPhotosWindowTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        try GtkTestSupport.requireDisplay()
        folder = try GtkDisplay.temporaryFolder("find-photos-window")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// The times the main loop ran the ticking source, in seconds since boot.
    nonisolated(unsafe) private static var ticks: [Double] = []

    /// A 600-dpi A4 scan (4960 × 7016, PNG) of four prints turned on a white lid, drawn as polygons.
    private func scan() throws -> String {
        let path = folder.appendingPathComponent("scan.png").path
        var arguments = ["-size", "4960x7016", "xc:#f3f3f0", "-type", "TrueColor"]
        let prints: [(x: Double, y: Double, tilt: Double, colour: String)] = [
            (1260, 1740, 4, "#3060a0"), (3700, 1790, -7, "#a04030"), (1230, 5250, 3, "#308040"), (3690, 5280, -2.5, "#806020"),
        ]
        for print in prints {
            let (s, c) = (sin(print.tilt * .pi / 180), cos(print.tilt * .pi / 180))
            let corners = [(-1050.0, -1500.0), (1050, -1500), (1050, 1500), (-1050, 1500)].map { (u, v) in
                "\(print.x + u * c - v * s),\(print.y + u * s + v * c)"
            }
            arguments += ["-fill", print.colour, "-draw", "polygon " + corners.joined(separator: " ")]
        }
        try Tool.run("convert", arguments + [path])
        return path
    }

    /// Runs `search` with a source ticking every 10 ms on the main loop until `done`; the longest the
    /// loop went without running it before the turn that ended it, in seconds; the same with that
    /// turn (which places what the search found); and how long the search took.
    @MainActor private static func ticking(
        _ search: () -> Void, until done: () -> Bool
    ) -> (longestGap: Double, withLastTurn: Double, seconds: Double) {
        Self.ticks = []
        let source = g_timeout_add(
            10,
            { _ in
                FindPhotosWindowTests.ticks.append(Double(g_get_monotonic_time()) / 1e6)
                return 1
            }, nil)
        defer { g_source_remove(source) }
        let start = Double(g_get_monotonic_time()) / 1e6
        search()
        XCTAssertTrue(GtkDisplay.pump(timeout: 60, until: done), "the search never ended")
        let end = Double(g_get_monotonic_time()) / 1e6
        let times = [start] + Self.ticks
        let longest = zip(times, times.dropFirst()).map { $1 - $0 }.max() ?? 0
        return (longest, max(longest, end - (times.last ?? start)), end - start)
    }

    /// While Find Photos searches the scan (off the main thread, in the decoder) the main loop runs a
    /// 10 ms source without a gap of more than a quarter second, and the turn that places the four
    /// prints as four frames takes less than half a second;
    /// searched again and cancelled by Escape, the frames stay as they were, after the search would
    /// have ended too, and the window says it was cancelled.
    func testTheWindowAnswersWhileFindPhotosRunsAndEscapeCancelsIt() throws {
        let scan = try scan()
        MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: scan)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let canvas = window.canvas
            let found = Self.ticking({ window.activate(.findPhotos) }) { canvas.editor.frameCount == 4 }
            XCTAssertEqual(canvas.editor.frameCount, 4, "frames: \(window.lastError ?? "")")
            XCTAssertLessThan(found.longestGap, 0.25, "the main loop stalled for \(found.longestGap) s of \(found.seconds) s")
            XCTAssertLessThan(found.withLastTurn, 0.5, "placing the frames stalled the main loop for \(found.withLastTurn) s")
            XCTAssertGreaterThan(Self.ticks.count, Int(found.seconds * 25), "the 10 ms source ran \(Self.ticks.count) times")
            print(
                "FINDPHOTOS window search \(found.seconds) s, longest main-loop gap \(found.longestGap) s while it ran, "
                    + "\(found.withLastTurn) s with the frames placed")
            window.activate(.undo)
            XCTAssertEqual(canvas.editor.frameCount, 1)
            let before = canvas.editor.frames
            window.activate(.findPhotos)
            XCTAssertTrue(window.finding.running.contains(.photos))
            let children = [g_variant_new_string("escape"), g_variant_new_int32(0)]
            let pair = children.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, 2) }
            XCTAssertNotEqual(gtk_widget_activate_action_variant(canvas.widget, CanvasAction.escapeKey.detailed, pair), 0)
            XCTAssertTrue(window.finding.running.isEmpty, "Escape left the search running")
            XCTAssertEqual(window.lastToast, "Search cancelled")
            // Long after the cancelled search's decoder has answered, nothing has changed.
            GtkDisplay.pump(timeout: 2 * found.seconds + 2) { false }
            XCTAssertEqual(canvas.editor.frames, before)
            XCTAssertEqual(canvas.editor.frameCount, 1)
            XCTAssertTrue(window.isActionEnabled(.findPhotos))
        }
    }
}
