// A real display for GTK tests or a loud failure, and waiting on GLib's loop and on other processes without fixed sleeps.

import CGtk
import Foundation
import GtkSupport
import XCTest

/// GTK's set-up for every test of the process (one process runs them all, so one set-up: the
/// accessibility context must be chosen before GTK starts), and the loop helpers tests wait with.
enum GtkDisplay {
    /// Initializes GTK and libadwaita once. Without a display this fails the calling test with
    /// a clear message (gtk_init would exit the whole process instead).
    static let initialized: Bool = {
        // GTK's test accessibility context, so in-process tests can read roles and properties.
        // Editors started as separate processes drop it and speak real AT-SPI (see ExternalEditor).
        setenv("GTK_A11Y", "test", 1)
        guard gtk_init_check() != 0 else { return false }
        adw_init()
        MainQueueBridge.install()
        return true
    }()

    static func require(file: StaticString = #filePath, line: UInt = #line) throws {
        guard initialized else {
            XCTFail(
                "No display: GTK tests must run under xvfb-run (make test does this). DISPLAY=\(ProcessInfo.processInfo.environment["DISPLAY"] ?? "unset")",
                file: file, line: line)
            throw XCTestError(.failureWhileWaiting)
        }
    }

    /// A new empty folder under the system's temporary directory (the caller removes it).
    static func temporaryFolder(_ label: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Runs the GLib main loop until `condition` holds or `timeout` seconds pass; returns whether it held.
    @discardableResult
    static func pump(timeout: Double = 5, until condition: () -> Bool) -> Bool {
        runLoop(until: Date().addingTimeInterval(timeout), condition)
    }

    /// Runs the loop until `done()` holds or `deadline` passes, blocking in the loop between events:
    /// a 5 ms timer source wakes it to check `done()` too, so it neither spins nor sleeps past an event.
    private static func runLoop(until deadline: Date, _ done: () -> Bool) -> Bool {
        let wake = g_timeout_add(5, { _ in 1 }, nil)  // 1: keep the source
        defer { g_source_remove(wake) }
        while !done() {
            if Date() >= deadline { return false }
            g_main_context_iteration(nil, 1)
        }
        return true
    }

    /// Checks `condition` every 50 ms, without running this process's GLib loop (for what other
    /// processes do), until it holds or `timeout` seconds pass; returns whether it held.
    @discardableResult
    static func poll(timeout: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() >= deadline { return false }
            usleep(50_000)
        }
        return true
    }

    /// Runs the loop for `seconds`: only where a test shows that something does not happen within
    /// that time (everything else waits for its condition: `catchUp`, `drawn`, `pump`).
    static func settle(_ seconds: Double = 0.2) {
        _ = runLoop(until: Date().addingTimeInterval(seconds)) { false }
    }

    /// Takes in everything the display has sent so far (a round trip to the X server or compositor,
    /// then every pending event and idle), so input a test made with xdotool has been handled.
    @MainActor static func catchUp() {
        if let display = gdk_display_get_default() { gdk_display_sync(display) }
        while g_main_context_pending(nil) != 0 { g_main_context_iteration(nil, 0) }
    }

    /// Waits until `widget` has been laid out and drawn anew after everything so far: a draw is
    /// queued and its frame clock must paint.
    @MainActor @discardableResult
    static func drawn(_ widget: UnsafeMutablePointer<GtkWidget>, timeout: Double = 5) -> Bool {
        catchUp()
        guard let clock = gtk_widget_get_frame_clock(widget) else { return false }
        // Painted frames counted from the clock's own signal: the loop is not running while the draw
        // is queued, so the next paint is one that includes it.
        final class Count { var paints = 0 }
        let count = Count()
        let handler = Signal.connect(clock.raw, "after-paint") { count.paints += 1 }
        defer { g_signal_handler_disconnect(clock.raw, gulong(handler)) }
        gtk_widget_queue_draw(widget)
        return pump(timeout: timeout) { count.paints >= 1 }
    }

}
