// The window's Output Size: a preset locks the ratio, the facts and description say the result, Save writes exactly it.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class OutputSizeWindowTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try GtkDisplay.temporaryFolder("outputsize")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    @MainActor private static func description(_ canvas: CropCanvas) -> String {
        guard let actual = cgtk_test_accessible_check_string(canvas.widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "") else {
            return ""
        }
        defer { g_free(actual) }
        return String(cString: actual)
    }

    private static func size(of path: String) -> String? {
        guard let width = Shell.run("vipsheader", ["-f", "width", path]),
            let height = Shell.run("vipsheader", ["-f", "height", path])
        else { return nil }
        return
            "\(width.trimmingCharacters(in: .whitespacesAndNewlines))x\(height.trimmingCharacters(in: .whitespacesAndNewlines))"
    }

    @MainActor private static func choose(_ window: EditorWindow, _ target: String) {
        g_action_group_activate_action(
            OpaquePointer(window.window.raw), WindowAction.outputSize.name, g_variant_new_string(target))
    }

    func testAPresetLocksTheRatioSaysTheResultAndSavesExactlyIt() throws {
        try GtkTestSupport.requireDisplay()
        let source = folder.appendingPathComponent("small.jpg").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "801x601", "-seed", "5", "plasma:fractal", source]))
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: source)
            defer {
                // The ratio chosen below is remembered: the next window must start Free again.
                window.ratio.choose(.free)
                gtk_window_destroy(cgtk_window(window.window.raw))
            }
            XCTAssertTrue(GtkDisplay.pump { window.canvas.image?.info != nil })
            Self.choose(window, "1080x1350")
            XCTAssertEqual(window.outputSize, .pixels(PixelSize(width: 1080, height: 1350)))
            // The crop took the size's ratio: its pixels pass the exact size's check.
            let rect = window.canvas.crop.pixelRect(imageWidth: 801, imageHeight: 601)
            XCTAssertTrue(window.outputSize.matches(cropWidth: rect.width, cropHeight: rect.height), "\(rect)")
            let ratioLabel = String(cString: gtk_menu_button_get_label(cgtk_menu_button(window.header.aspectRatioButton.raw)))
            XCTAssertEqual(ratioLabel, "4:5, locked")
            let facts = String(cString: gtk_label_get_text(cgtk_label(window.status.sizeLabel.raw)))
            // 481 × 601 pixels become 1080 × 1350: 2.2 times larger.
            XCTAssertTrue(facts.hasSuffix("→ 1080 × 1350 px\nenlarged 2.2 ×"), facts)
            XCTAssertTrue(
                Self.description(window.canvas).hasSuffix(", output 1080 by 1350 pixels, enlarged 2.2 ×"),
                Self.description(window.canvas))
            XCTAssertEqual(
                String(cString: gtk_button_get_label(cgtk_button(window.header.losslessButton.raw))), "Re-encoded")
            window.saving.save()
            XCTAssertTrue(GtkDisplay.pump(timeout: 20) { !window.saving.isSaving })
            XCTAssertNil(window.lastError)
            let saved = try XCTUnwrap(window.saving.lastSavedPath)
            XCTAssertEqual(Self.size(of: saved), "1080x1350")

            // Swapping portrait and landscape swaps the size; choosing another ratio lets it go.
            g_action_group_activate_action(OpaquePointer(window.window.raw), WindowAction.swapRatio.name, nil)
            XCTAssertEqual(window.outputSize, .pixels(PixelSize(width: 1350, height: 1080)))
            window.ratio.choose(.square)
            XCTAssertEqual(window.outputSize, .original)
            XCTAssertFalse(Self.description(window.canvas).contains("output"), Self.description(window.canvas))

            // A print: its pixels, its resolution in the file, and the resolution the crop gives.
            Self.choose(window, "15x10cm@300")
            let print = String(cString: gtk_label_get_text(cgtk_label(window.status.sizeLabel.raw)))
            XCTAssertTrue(print.contains("→ 15 × 10 cm at 300 ppi\nthe crop gives "), print)
            try? FileManager.default.removeItem(atPath: saved)
            window.saving.save()
            XCTAssertTrue(GtkDisplay.pump(timeout: 20) { !window.saving.isSaving })
            XCTAssertEqual(Self.size(of: saved), "1772x1181")
            XCTAssertEqual(
                Shell.run("exiftool", ["-s3", "-n", "-JFIF:XResolution", saved])?.trimmingCharacters(in: .whitespacesAndNewlines),
                "300")
        }
    }

    /// The custom size is typed, used and offered again; text that is no size changes nothing.
    func testACustomSizeIsTypedAndRemembered() throws {
        try GtkTestSupport.requireDisplay()
        let source = GtkTestSupport.greyFile(folder, "custom.png", size: "1000x1000")
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: source)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            XCTAssertTrue(GtkDisplay.pump { window.canvas.image?.info != nil })
            for (typed, expected) in [("640 × 480", OutputSize.pixels(PixelSize(width: 640, height: 480))), ("big", nil)] {
                window.outputSizing.askCustom()
                let dialog = try XCTUnwrap(window.outputSizing.customDialog)
                let entry = try XCTUnwrap(
                    adw_message_dialog_get_extra_child(dialog.raw.assumingMemoryBound(to: AdwMessageDialog.self)))
                gtk_editable_set_text(OpaquePointer(entry), typed)
                adw_message_dialog_response(dialog.raw.assumingMemoryBound(to: AdwMessageDialog.self), "apply")
                if let expected {
                    XCTAssertEqual(window.outputSize, expected)
                } else {
                    XCTAssertEqual(window.outputSize, .pixels(PixelSize(width: 640, height: 480)), "“big” changed the size")
                    XCTAssertNotNil(window.lastError)
                }
            }
            if AppSettings.shared != nil { XCTAssertEqual(AppSettings.customOutputSizes.first, "640x480") }
        }
    }
}
