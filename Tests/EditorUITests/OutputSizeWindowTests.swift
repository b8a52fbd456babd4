// The window's Output Size: a preset locks the ratio, the facts and the crop area's description say the result, Save writes exactly it; over AT-SPI with real keys, and Orca hears it.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI

final class OutputSizeWindowTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try GtkTestSupport.temporaryFolder("outputsize")
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
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            XCTAssertTrue(GtkTestSupport.pump { window.canvas.image?.info != nil })
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
            window.save()
            XCTAssertTrue(GtkTestSupport.pump(timeout: 20) { !window.saving.isSaving })
            XCTAssertNil(window.lastError)
            let saved = try XCTUnwrap(window.saving.lastSavedPath)
            XCTAssertEqual(Self.size(of: saved), "1080x1350")

            // Swapping portrait and landscape swaps the size; choosing another ratio lets it go.
            g_action_group_activate_action(OpaquePointer(window.window.raw), WindowAction.swapRatio.name, nil)
            XCTAssertEqual(window.outputSize, .pixels(PixelSize(width: 1350, height: 1080)))
            window.chooseAspectRatio(.square)
            XCTAssertEqual(window.outputSize, .original)
            XCTAssertFalse(Self.description(window.canvas).contains("output"), Self.description(window.canvas))

            // A print: its pixels, its resolution in the file, and the resolution the crop gives.
            Self.choose(window, "15x10cm@300")
            let print = String(cString: gtk_label_get_text(cgtk_label(window.status.sizeLabel.raw)))
            XCTAssertTrue(print.contains("→ 15 × 10 cm at 300 ppi\nthe crop gives "), print)
            try? FileManager.default.removeItem(atPath: saved)
            window.save()
            XCTAssertTrue(GtkTestSupport.pump(timeout: 20) { !window.saving.isSaving })
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
            XCTAssertTrue(GtkTestSupport.pump { window.canvas.image?.info != nil })
            for (typed, expected) in [("640 × 480", OutputSize.pixels(PixelSize(width: 640, height: 480))), ("big", nil)] {
                window.askCustomOutputSize()
                let dialog = try XCTUnwrap(window.header.outputSize.customDialog)
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

    /// End to end: the real editor, the Output Size chosen over AT-SPI from the pixel popover's menu,
    /// Orca hearing the size in the crop area's description, Ctrl+S by real keys writing exactly it.
    func testOverAtspiWithRealKeysAndOrcaHearingTheSize() throws {
        try GtkTestSupport.requireDisplay()
        let image = GtkTestSupport.greyFile(folder, "spoken.png", size: "1200x800")
        let editor = try ExternalEditor(arguments: [image], environment: ["LANG": "C.UTF-8", "LANGUAGE": nil, "LC_ALL": nil])
        defer { editor.stop() }
        let window = try XCTUnwrap(editor.waitForWindow(named: "spoken.png"), "the editor window never appeared")
        Shell.run("xdotool", ["windowfocus", "--sync", window])
        let app = try XCTUnwrap(AtspiClient.application(pid: editor.process.processIdentifier))
        let area = try XCTUnwrap(app.find(named: "Crop area"))
        let orca = try OrcaListener(folder: folder)
        defer { orca.stop() }
        XCTAssertTrue(orca.waitForUtterance("Crop area panel.", timeout: 20), "Orca said: \(orca.utterances)")
        orca.settle()

        // The pixel popover, then its Output Size menu, then the preset: each a click over AT-SPI
        // (a menu button's own toggle inside it takes the click).
        func click(_ node: AtspiNode) -> Bool {
            guard let target = ([node] + node.descendants(depth: 3)).first(where: { $0.actionNames.contains("click") }) else {
                print(
                    "no click in",
                    ([node] + node.descendants(depth: 3)).map { "\($0.roleName ?? "") \($0.name ?? "") \($0.actionNames)" })
                return false
            }
            return target.doAction(named: "click")
        }
        let pixels = try XCTUnwrap(app.find(named: "Pixel position and size"))
        XCTAssertTrue(click(pixels))
        var button: AtspiNode?
        XCTAssertTrue(
            GtkTestSupport.poll(timeout: 5) {
                button = app.descendants().first { $0.roleName == "push button" && $0.name == "Output size" }
                return button != nil
            })
        XCTAssertTrue(click(try XCTUnwrap(button)))
        var preset: AtspiNode?
        XCTAssertTrue(
            GtkTestSupport.poll(timeout: 5) {
                preset = app.descendants().first { $0.name == "Square Post (1080 × 1080 px)" && $0.roleName != "label" }
                return preset != nil
            }, "no Square Post item in the menu")
        if preset == nil {
            print("NODES", app.descendants().map { "\($0.roleName ?? "") \($0.name ?? "") \($0.actionNames)" })
        }
        XCTAssertTrue(click(try XCTUnwrap(preset)))
        let described = AtspiClient.waitForChange(from: "left 0 percent, top 0 percent, width 100 percent, height 100 percent") {
            area.description
        }
        XCTAssertTrue(described?.hasSuffix(", output 1080 by 1080 pixels, enlarged 1.4 ×") == true, described ?? "nil")

        // Back to the crop area as a user would: Escape closes the popover, a real click on the picture
        // gives the crop area the focus, and Orca reads its crop with the output size.
        Shell.run("xdotool", ["key", "--clearmodifiers", "Escape"])
        orca.settle()
        let geometry = Shell.run("xdotool", ["getwindowgeometry", "--shell", window]) ?? ""
        let value = { (key: String) in
            geometry.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap { Int($0.dropFirst(key.count + 1)) } ?? 0
        }
        let before = orca.utterances.count
        Shell.run("xdotool", ["mousemove", "--window", window, "\(value("WIDTH") / 2)", "\(value("HEIGHT") / 2)", "click", "1"])
        XCTAssertTrue(
            GtkTestSupport.poll(timeout: 15) {
                orca.utterances.dropFirst(before).contains { $0.contains("output 1080 by 1080 pixels, enlarged 1.4 ×") }
            }, "Orca said: \(orca.utterances.dropFirst(before))")

        // Ctrl+S by real keys: exactly 1080 × 1080.
        Shell.run("xdotool", ["key", "--clearmodifiers", "ctrl+s"])
        let saved = folder.appendingPathComponent("spoken (cropped).png").path
        XCTAssertTrue(
            GtkTestSupport.poll(timeout: 20) { Self.size(of: saved) == "1080x1080" }, Self.size(of: saved) ?? "not saved")
    }
}
