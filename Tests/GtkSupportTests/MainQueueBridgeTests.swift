// Swift concurrency's main queue runs under a running GLib main loop once the bridge is installed.

import CGtk
import Dispatch
import GtkSupport
import XCTest

@testable import TestSupport

final class MainQueueBridgeTests: XCTestCase {
    func testMainActorTaskAndMainQueueBlockRunUnderGLibLoop() throws {
        try GtkDisplay.require()
        XCTAssertTrue(MainQueueBridge.install())
        let loop = g_main_loop_new(nil, 0)!
        defer { g_main_loop_unref(loop) }
        nonisolated(unsafe) var taskRan = false, blockRan = false
        nonisolated(unsafe) let loopPointer = loop
        // A safety stop so a broken bridge fails the test instead of hanging it.
        let timeout = g_timeout_add(
            5000,
            { data in
                g_main_loop_quit(OpaquePointer(data)); return 0
            }, loop.raw)
        DispatchQueue.main.async { blockRan = true }
        Task { @MainActor in
            taskRan = true
            g_main_loop_quit(loopPointer)
        }
        g_main_loop_run(loop)
        if taskRan { g_source_remove(timeout) }
        XCTAssertTrue(taskRan, "a Task { @MainActor in } never ran under g_main_loop_run")
        XCTAssertTrue(blockRan, "DispatchQueue.main.async never ran under g_main_loop_run")
    }
}
