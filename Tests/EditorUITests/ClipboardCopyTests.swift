// Copy onto the real X clipboard: another client reads the PNG Save writes, a circle's corners transparent, the words said.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class ClipboardCopyTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try GtkDisplay.temporaryFolder("copy-tests") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    @MainActor private static func description(_ window: EditorWindow) -> String {
        guard let actual = cgtk_test_accessible_check_string(window.canvas.widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "") else {
            return ""
        }
        defer { g_free(actual) }
        return String(cString: actual)
    }

    /// Copies with the window's action and waits for its toast.
    @MainActor private static func copy(_ window: EditorWindow) {
        g_action_group_activate_action(OpaquePointer(window.window.raw), WindowAction.copy.name, nil)
        XCTAssertTrue(
            GtkDisplay.pump(timeout: 15) { window.lastToast?.hasPrefix("Copied") == true || window.lastError != nil },
            "no toast after Copy")
        XCTAssertNil(window.lastError)
    }

    /// Saves as Save does and returns what it wrote.
    @MainActor private static func saved(_ window: EditorWindow) -> String? {
        window.saving.save()
        XCTAssertTrue(GtkDisplay.pump(timeout: 15) { !window.saving.isSaving })
        return window.saving.lastSavedPath
    }

    func testCopyPutsThePictureSaveWritesOnTheClipboardAsPNGAndSaysItsSize() throws {
        try GtkTestSupport.requireDisplay()
        let source = folder.appendingPathComponent("screenshot.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "400x300", "-seed", "7", "plasma:fractal", source]))
        let copied = folder.appendingPathComponent("copied.png").path
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: source)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            window.canvas.commit(
                CropRect(pixelRect: PixelRect(x: 40, y: 30, width: 200, height: 100), imageWidth: 400, imageHeight: 300))
            window.canvas.apply(.rotateRight)
            Self.copy(window)
            // Turned a quarter: 100 wide, 200 high; said in the toast and, once, before the crop.
            XCTAssertEqual(window.lastToast, "Copied, 100 × 200 pixels")
            XCTAssertTrue(
                Self.description(window).hasPrefix("Copied, 100 × 200 pixels. left "), Self.description(window))

            XCTAssertTrue(ClipboardTool.targets(pumping: true).contains("image/png"), "\(ClipboardTool.targets(pumping: true))")
            let bytes = try XCTUnwrap(ClipboardTool.read("image/png", pumping: true), "xclip read no PNG")
            XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            try bytes.write(to: URL(fileURLWithPath: copied))
            let target = try XCTUnwrap(Self.saved(window))
            XCTAssertEqual(Shell.run("identify", ["-format", "%wx%h", copied]), "100x200")
            // Every pixel the same as the saved file's (ImageMagick counts the differing ones).
            XCTAssertEqual(Shell.run("compare", ["-metric", "AE", copied, target, "null:"]), "")
            // And not merely any picture: the uncut source differs.
            XCTAssertNil(Shell.run("compare", ["-metric", "AE", copied, source, "null:"]))
        }
    }

    func testACircleIsCopiedWithTransparentCornersAsSavedAndTheDemoHasNothingToCopy() throws {
        try GtkTestSupport.requireDisplay()
        let source = folder.appendingPathComponent("avatar.jpg").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "320x240", "-seed", "9", "plasma:fractal", "-quality", "92", source]))
        let copied = folder.appendingPathComponent("copied.png").path
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: source)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            window.canvas.commit(
                CropRect(pixelRect: PixelRect(x: 60, y: 20, width: 200, height: 200), imageWidth: 320, imageHeight: 240))
            window.frame.chooseShape(.circle)
            Self.copy(window)
            XCTAssertEqual(window.lastToast, "Copied, 200 × 200 pixels")
            let bytes = try XCTUnwrap(ClipboardTool.read("image/png", pumping: true))
            try bytes.write(to: URL(fileURLWithPath: copied))
            // A JPEG's circle is saved as PNG: the copy is that file, corners transparent, centre opaque.
            let target = try XCTUnwrap(Self.saved(window))
            XCTAssertTrue(target.hasSuffix("avatar (cropped).png"), target)
            XCTAssertEqual(Shell.run("compare", ["-metric", "AE", copied, target, "null:"]), "")
            XCTAssertEqual(Shell.run("convert", [copied, "-format", "%[fx:p{0,0}.a] %[fx:p{100,100}.a]", "info:"]), "0 1")
        }
        MainActor.assumeIsolated {
            let demo = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(demo.window.raw)) }
            XCTAssertEqual(g_action_group_get_action_enabled(OpaquePointer(demo.window.raw), WindowAction.copy.name), 0)
        }
    }
}
