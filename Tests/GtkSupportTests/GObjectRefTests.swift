// GObjectRef owns exactly one reference: floating objects are sunk, adopted ones not added to, released on deinit.

import CGtk
import GtkSupport
import XCTest

@testable import TestSupport

final class GObjectRefTests: XCTestCase {
    func testRetainingSinksAFloatingWidgetAndReleasesItOnce() throws {
        try GtkDisplay.require()
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
        try GtkDisplay.require()
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
}
