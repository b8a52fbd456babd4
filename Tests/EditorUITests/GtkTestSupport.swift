// Shared set-up for the GTK-level tests: a real display or a loud failure, loop pumping, test windows and images.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI

enum GtkTestSupport {
    /// Initializes GTK and libadwaita once. Without a display this fails the calling test with
    /// a clear message (gtk_init would exit the whole process instead).
    static let initialized: Bool = {
        // Every window the tests make reports to a log of its own (`window.lastToast`, …).
        MainActor.assumeIsolated { WindowEventLog.install() }
        // GTK's test accessibility context, so in-process tests can read roles and properties.
        // Editors started as separate processes drop it and speak real AT-SPI (see ExternalEditor).
        setenv("GTK_A11Y", "test", 1)
        guard gtk_init_check() != 0 else { return false }
        adw_init()
        MainQueueBridge.install()
        return true
    }()

    static func requireDisplay(file: StaticString = #filePath, line: UInt = #line) throws {
        guard initialized else {
            XCTFail(
                "No display: GTK tests must run under xvfb-run (make test does this). DISPLAY=\(ProcessInfo.processInfo.environment["DISPLAY"] ?? "unset")",
                file: file, line: line)
            throw XCTestError(.failureWhileWaiting)
        }
    }

    /// One registered in-process application for every test (a second registration of the same
    /// ID in one process would clash on the session bus). Non-unique, so spawned editors stay separate.
    @MainActor static let application: CropEditorApplication = {
        let app = CropEditorApplication(unique: false)
        var error: UnsafeMutablePointer<GError>?
        if g_application_register(cgtk_gapplication(app.application.raw), nil, &error) == 0 {
            XCTFail("could not register the application: \(error.map { String(cString: $0.pointee.message) } ?? "?")")
        }
        return app
    }()

    /// A shown window of the shared application with the demo picture, laid out.
    @MainActor static func demoWindow() -> EditorWindow {
        let window = EditorWindow(application: application.application)
        window.showDemo()
        window.present()
        XCTAssertTrue(pump { gtk_widget_get_mapped(window.canvas.widget) != 0 }, "the demo window never showed")
        XCTAssertTrue(drawn(window.canvas.widget), "the demo window was never drawn")
        return window
    }

    /// A shown window of the shared application that opened `path` (waits for the load).
    @MainActor static func window(opening path: String) -> EditorWindow {
        let window = EditorWindow(application: application.application)
        window.present()
        window.open(path: path)
        XCTAssertTrue(
            pump(timeout: 10) { !window.isLoading && window.canvas.image?.path == path },
            "the photo did not open: \(window.lastError ?? "")")
        return window
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

    /// Moves the shown window titled `name` to the screen's top-left corner and focuses it, so
    /// real X input can aim at its canvas; returns the canvas's origin on screen.
    @MainActor static func placeAtCorner(_ window: EditorWindow, name: String) throws -> (x: Double, y: Double) {
        XCTAssertTrue(drawn(window.window), "the window was never drawn")
        let id = try XCTUnwrap(
            Shell.run("timeout", ["10", "xdotool", "search", "--sync", "--onlyvisible", "--name", "^\(name)$"])?
                .split(separator: "\n").first.map(String.init),
            "no window named \(name); all: \(Shell.run("xdotool", ["search", "--name", "."]) ?? "none")")
        Shell.run("xdotool", ["windowmove", "--sync", id, "0", "0"])
        Shell.run("xdotool", ["windowfocus", "--sync", id])
        XCTAssertTrue(pump { gtk_window_is_active(cgtk_window(window.window.raw)) != 0 }, "the window never became active")
        XCTAssertTrue(drawn(window.window), "the moved window was never drawn")
        var bounds = graphene_rect_t()
        XCTAssertNotEqual(gtk_widget_compute_bounds(window.canvas.widget, window.window, &bounds), 0)
        return (Double(bounds.origin.x), Double(bounds.origin.y))
    }

    /// Camera-sized JPEGs of noise (nothing compresses away, as in a camera's detail) named `names` in
    /// `folder`: ImageMagick makes the first, the rest are copies. Returns their paths.
    static func noiseJPEGs(_ folder: URL, _ names: [String], size: String) throws -> [String] {
        let paths = names.map { folder.appendingPathComponent($0).path }
        XCTAssertNotNil(
            Shell.run("convert", ["-size", size, "-seed", "5", "xc:gray", "+noise", "Random", "-quality", "90", paths[0]]))
        for path in paths.dropFirst() { try FileManager.default.copyItem(atPath: paths[0], toPath: path) }
        return paths
    }

    /// A mid-grey picture made by ImageMagick in `folder`.
    static func greyFile(_ folder: URL, _ name: String, size: String = "1200x800") -> String {
        let path = folder.appendingPathComponent(name).path
        XCTAssertNotNil(Shell.run("convert", ["-size", size, "xc:#808080", path]))
        return path
    }

    /// The widget rendered through its window's renderer, once GTK has drawn it (the widget
    /// paintable renders what GTK last drew, so a widget waiting for its first or next frame has
    /// nothing yet); nil after 5 s.
    @MainActor static func renderWhenDrawn(_ widget: UnsafeMutablePointer<GtkWidget>) -> RenderedPixels? {
        var rendered = WidgetRenderer.render(widget)
        _ = pump(timeout: 5) {
            rendered = rendered ?? WidgetRenderer.render(widget)
            return rendered != nil
        }
        return rendered
    }

    /// A solid image of one grey level, at a given pixel size.
    static func greyImage(width: Int, height: Int, level: Double = 0.5, title: String = "grey") -> LoadedImage {
        let surface = ImageSurface(width: width, height: height)!
        surface.draw { c in
            c.setColor(RGBA(level, level, level))
            cairo_paint(c.cr)
        }
        return LoadedImage(title: title, path: nil, surface: surface, pixelWidth: width, pixelHeight: height)
    }
}

/// A plain window holding one canvas at a known size, shown and laid out.
@MainActor
final class CanvasHarness {
    let window: UnsafeMutablePointer<GtkWidget>
    /// How the canvas hands frames to GTK: as its renderer decides, unless a test sets one way.
    final class Delivery { var forced: FrameDelivery? }
    let delivery = Delivery()
    let canvas: CropCanvas
    var commits: [CropRect] = []

    init(width: Int32 = 600, height: Int32 = 500) {
        let delivery = self.delivery
        canvas = CropCanvas(deliveryPolicy: { renderer in delivery.forced ?? FrameDelivery(for: renderer) })
        window = gtk_window_new()
        gtk_window_set_default_size(cgtk_window(window.raw), width, height)
        gtk_window_set_child(cgtk_window(window.raw), canvas.widget)
        canvas.onEvent = { [weak self] event in
            guard let self, case .edited(let changes) = event, changes.contains(.committed) else { return }
            self.commits.append(self.canvas.crop)
        }
        gtk_window_present(cgtk_window(window.raw))
        GtkTestSupport.pump { gtk_widget_get_width(self.canvas.widget) > 0 && gtk_widget_get_mapped(self.canvas.widget) != 0 }
        GtkTestSupport.drawn(canvas.widget)
    }

    func close() {
        gtk_window_destroy(cgtk_window(window.raw))
        GtkTestSupport.catchUp()
    }
}
