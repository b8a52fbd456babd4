// Choosing an aspect ratio in the window: the crop is refitted to it; swapped and custom ratios.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class AspectRatioTests: XCTestCase {
    func testSwapTurnsTheRatio() throws {
        try GtkTestSupport.requireDisplay()
        MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer {
                window.ratio.choose(.free)  // remembered: later windows must start free
                gtk_window_destroy(cgtk_window(window.window.raw))
            }
            window.ratio.choose(.fourByThree)
            window.activate(.swapRatio)
            XCTAssertEqual(window.canvas.aspectRatio, AspectRatio.fourByThree.swapped)
            let p = window.canvas.crop.pixelRect(imageWidth: 800, imageHeight: 1000)
            XCTAssertLessThanOrEqual(abs(Double(p.width) * 4 - Double(p.height) * 3), 4 + 3, "\(p) is not 3:4")
        }
    }

    func testCustomRatioIsAskedForAndRemembered() throws {
        try GtkTestSupport.requireDisplay()
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer {
                window.ratio.choose(.free)
                gtk_window_destroy(cgtk_window(window.window.raw))
            }
            window.activate(.customRatio)
            let dialog = try XCTUnwrap(window.ratio.customDialog, "no dialog")
            let entry = try XCTUnwrap(
                adw_message_dialog_get_extra_child(dialog.raw.assumingMemoryBound(to: AdwMessageDialog.self)))
            gtk_editable_set_text(OpaquePointer(entry), "2:1")
            adw_message_dialog_response(dialog.raw.assumingMemoryBound(to: AdwMessageDialog.self), "apply")
            XCTAssertEqual(window.canvas.aspectRatio, AspectRatio.custom(width: 2, height: 1))
            let p = window.canvas.crop.pixelRect(imageWidth: 800, imageHeight: 1000)
            XCTAssertLessThanOrEqual(abs(p.width - 2 * p.height), 3, "\(p) is not 2:1")
            // A new window starts with the remembered ratio.
            let next = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(next.window.raw)) }
            XCTAssertEqual(next.canvas.aspectRatio, AspectRatio.custom(width: 2, height: 1))
            let q = next.canvas.crop.pixelRect(imageWidth: 800, imageHeight: 1000)
            XCTAssertLessThanOrEqual(abs(q.width - 2 * q.height), 3, "\(q) is not 2:1 in the new window")
            next.ratio.choose(.free)
        }
    }

}
