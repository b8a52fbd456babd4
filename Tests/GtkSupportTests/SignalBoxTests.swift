// A closure connected to a signal runs on emission and is released exactly when its object is finalized.

import CGtk
import GtkSupport
import XCTest

@testable import TestSupport

final class SignalBoxTests: XCTestCase {
    final class Token: @unchecked Sendable {
        let onDeinit: () -> Void
        init(_ onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
        deinit { onDeinit() }
    }

    func testBoxIsReleasedWhenTheObjectIsFinalized() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            nonisolated(unsafe) var released = false, clicks = 0
            let action = g_simple_action_new("test", nil)!
            do {
                let token = Token { released = true }
                Signal.connectPointer(action.raw, "activate") { _ in
                    _ = token; clicks += 1
                }
            }
            g_action_activate(action, nil)
            XCTAssertEqual(clicks, 1, "the handler did not run")
            XCTAssertFalse(released, "the box was released while the object is alive")
            g_object_unref(action.raw)
            XCTAssertTrue(released, "the box outlived its object")
        }
    }
}
