// GObjectRef owns exactly one reference: floating objects are sunk, adopted ones not added to, released on deinit.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class GObjectRefTests: XCTestCase {
    func testRetainingSinksAFloatingWidgetAndReleasesItOnce() throws {
        try GtkTestSupport.requireDisplay()
        MainActor.assumeIsolated {
            let census = ObjectCensus()
            let label = gtk_label_new("x")!
            XCTAssertNotEqual(g_object_is_floating(label.raw), 0, "a new widget is floating")
            census.track(label.raw)
            do {
                let owned = GObjectRef(retaining: label.raw)
                XCTAssertEqual(g_object_is_floating(label.raw), 0, "sunk")
                XCTAssertEqual(owned.referenceCount, 1)
                XCTAssertEqual(owned.as(GtkWidget.self), label)
            }
            XCTAssertEqual(census.alive, 0, "released with the Swift value")
        }
    }

    func testRetainingAnOwnedObjectAddsOneReferenceAndAdoptingNone() throws {
        try GtkTestSupport.requireDisplay()
        MainActor.assumeIsolated {
            let census = ObjectCensus()
            let filter = gtk_file_filter_new()!
            census.track(filter.raw)
            let adopted = GObjectRef(adopting: filter.raw)
            XCTAssertEqual(adopted.referenceCount, 1)
            var second: GObjectRef? = GObjectRef(retaining: filter.raw)
            XCTAssertEqual(adopted.referenceCount, 2)
            second = nil
            XCTAssertNil(second)
            XCTAssertEqual(adopted.referenceCount, 1)
            XCTAssertEqual(census.alive, 1)
            XCTAssertNil(GObjectRef(adopting: nil))
        }
    }

    /// The window and tests may hold the canvas after GTK destroyed its widget: late work is ignored.
    func testACanvasWhoseWidgetWasDestroyedIgnoresLateWork() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("destroyed")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = GtkTestSupport.greyFile(folder, "grey.png", size: "300x200")
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: path)
            let canvas = window.canvas
            let image = try XCTUnwrap(canvas.image)
            XCTAssertTrue(canvas.isAlive)
            gtk_window_destroy(cgtk_window(window.window.raw))
            XCTAssertFalse(canvas.isAlive)
            XCTAssertNil(canvas.image, "the picture is let go with the widget")
            // A load that finishes late, and any edit, change nothing and touch no widget.
            canvas.setImage(image, crop: .unit)
            XCTAssertNil(canvas.image)
            XCTAssertEqual(canvas.edit { $0.apply(.moveLeft) }, [])
            window.open(path: path)
            XCTAssertFalse(window.isLoading, "a closed window starts no load")
        }
    }
}
