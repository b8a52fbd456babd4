// A window opened and closed fifty times, its dialogs with it, leaves none of its GObjects alive.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class ObjectLeakTests: XCTestCase {
    /// One window's life: it opens a photo, shows the custom-ratio dialog (answered and closed as
    /// its buttons do) and the Open dialog, and is closed with the Open dialog still up. Every widget,
    /// controller, action, dialog and file filter it had is tracked by `census`. Returns whether
    /// the window's Swift side went too.
    @MainActor static func openAndClose(_ path: String, census: ObjectCensus) -> Bool {
        weak var gone: EditorWindow?
        do {
            let window = GtkTestSupport.window(opening: path)
            gone = window
            window.activate(.customRatio)
            if let dialog = window.ratio.customDialog {
                census.trackTree(dialog)
                adw_message_dialog_response(dialog.raw.assumingMemoryBound(to: AdwMessageDialog.self), "cancel")
                gtk_window_close(cgtk_window(dialog.raw))
            } else {
                XCTFail("no custom-ratio dialog")
            }
            XCTAssertTrue(GtkDisplay.pump { window.ratio.customDialog == nil }, "the closed ratio dialog is still held")
            window.activate(.open)
            if let dialog = window.loading.openDialog {
                census.track(dialog.raw)
                census.trackFilters(of: cgtk_file_chooser(dialog.raw)!)
            } else {
                XCTFail("Open showed no dialog")
            }
            census.trackTree(window.window)
            census.trackActions(of: window.window.raw)
            gtk_window_destroy(cgtk_window(window.window.raw))
        }
        return GtkDisplay.pump(timeout: 5) { gone == nil }
    }

    func testFiftyWindowsOpenedAndClosedLeaveNoObjectBehind() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("leaks")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = GtkTestSupport.greyFile(folder, "grey.png", size: "600x400")
        // The pointer off every window: a tooltip would be kept by the display, not by a window.
        XCTAssertNotNil(Shell.run("xdotool", ["mousemove", "1279", "799"]))
        MainActor.assumeIsolated {
            let census = ObjectCensus()
            for round in 0..<50 {
                census.round = round
                XCTAssertTrue(Self.openAndClose(path, census: census), "window \(round)'s Swift side stayed alive")
            }
            // GTK lets the last window's exported actions and its tooltip go only when another
            // window comes and goes: one more, untracked, so the count is of the fifty alone.
            XCTAssertTrue(Self.openAndClose(path, census: ObjectCensus()))
            _ = GtkDisplay.pump(timeout: 5) { census.alive == 0 }
            print("ObjectLeakTests: \(census.tracked) GObjects of 50 windows tracked, \(census.alive) still alive")
            XCTAssertGreaterThan(census.tracked, 50 * 100, "too few objects tracked to mean anything")
            XCTAssertEqual(census.alive, 0, "50 windows left \(census.alive) of their objects alive: \(census.aliveTypes)")
        }
    }
}
