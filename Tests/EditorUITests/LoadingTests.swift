// A slow photo loading: its name at once, the spinner from 300 ms, the previous picture under it, never the empty page.

import CGtk
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class LoadingTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try GtkDisplay.temporaryFolder("loading") }

    /// 140 megapixels of PNG: a second or two to decode here, however small the file.
    private func hugePhoto() -> String {
        let path = folder.appendingPathComponent("huge.png").path
        XCTAssertNotNil(Shell.run("vips", ["black", path, "14000", "10000", "--bands", "3"]), "vips could not make the photo")
        return path
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Opens the photo in `window` and watches every turn of the loop until it is shown: what the
    /// window shows meanwhile, and when the spinner appeared (seconds after the open, nil if never).
    @MainActor private static func watchLoading(
        _ window: EditorWindow, _ path: String,
        every check: () -> Void
    ) -> (spinnerAfter: Double?, took: Double) {
        let start = Date()
        window.open(path: path)
        var spinnerAfter: Double?
        XCTAssertTrue(
            GtkDisplay.pump(timeout: 30) {
                check()
                if spinnerAfter == nil, window.loading.isSpinnerVisible { spinnerAfter = Date().timeIntervalSince(start) }
                return !window.isLoading
            }, "the photo never finished loading")
        return (spinnerAfter, Date().timeIntervalSince(start))
    }

    func testAPhotoOpenedInAnEmptyWindowShowsItsNameAndASpinnerNeverTheEmptyPage() throws {
        try GtkTestSupport.requireDisplay()
        let photo = hugePhoto()
        MainActor.assumeIsolated {
            // As a launch with a file does: a new window, nothing in it yet.
            let window = EditorWindow(application: GtkTestSupport.application.application)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            window.closeImage()
            window.present()
            let emptyPage = window.layout.pages.child(named: WindowLayout.emptyPage)!
            XCTAssertTrue(GtkDisplay.pump { gtk_widget_get_mapped(emptyPage) != 0 }, "the empty window never showed")
            var emptyShown = 0
            Signal.connect(emptyPage.raw, "map") { emptyShown += 1 }

            var checks = 0
            let loading = Self.watchLoading(window, photo) {
                guard window.isLoading else { return }
                checks += 1
                XCTAssertFalse(window.isEmpty, "the empty page is the stack's page while loading")
                XCTAssertEqual(gtk_widget_get_mapped(emptyPage), 0, "the empty page is on screen while loading")
                XCTAssertEqual(window.loading.text, "Opening “huge.png”…")
                // On screen, not only set: the name is mapped from the first turn.
                XCTAssertNotEqual(gtk_widget_get_mapped(window.loading.label), 0, "the file's name is not on screen")
            }
            XCTAssertGreaterThan(
                loading.took, Double(Loading.spinnerDelay) / 1000 + 0.1,
                "the photo loaded too fast to show the spinner; this test needs a slower one")
            let appeared = try? XCTUnwrap(loading.spinnerAfter, "no spinner during a \(loading.took) s load")
            XCTAssertGreaterThanOrEqual(
                appeared ?? 0, Double(Loading.spinnerDelay) / 1000, "the spinner came before 300 ms")
            XCTAssertGreaterThan(checks, 0)
            XCTAssertEqual(emptyShown, 0, "the “No Image” page showed while loading")
            // Loaded: the picture, without the indicator.
            XCTAssertEqual(window.canvas.image?.title, "huge.png")
            XCTAssertNil(window.loading.text)
            XCTAssertFalse(window.loading.isSpinnerVisible)
        }
    }

    func testThePreviousPictureStaysUnderTheIndicator() throws {
        try GtkTestSupport.requireDisplay()
        let photo = hugePhoto()
        MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            var checks = 0
            _ = Self.watchLoading(window, photo) {
                guard window.isLoading else { return }
                checks += 1
                XCTAssertEqual(window.canvas.image?.title, "Coastline", "the previous picture went away")
                XCTAssertNotEqual(gtk_widget_get_mapped(window.canvas.widget), 0, "the previous picture is not on screen")
                XCTAssertEqual(window.loading.text, "Opening “huge.png”…")
            }
            XCTAssertGreaterThan(checks, 0)
            XCTAssertEqual(window.canvas.image?.title, "huge.png")
        }
    }

    func testAFailedOpenInAnEmptyWindowReturnsToTheEmptyPage() throws {
        try GtkTestSupport.requireDisplay()
        let text = folder.appendingPathComponent("notes.png")
        try "not a picture\n".write(to: text, atomically: true, encoding: .utf8)
        MainActor.assumeIsolated {
            let window = EditorWindow(application: GtkTestSupport.application.application)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            window.closeImage()
            window.present()
            window.open(path: text.path)
            XCTAssertFalse(window.isEmpty, "loading shows the editor page with the file's name")
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { !window.isLoading })
            XCTAssertTrue(window.isEmpty, "with nothing to show, the window invites opening a picture again")
            XCTAssertNil(window.loading.text)
            XCTAssertTrue(window.lastError?.contains("notes.png") == true, window.lastError ?? "no message")
        }
    }
}
