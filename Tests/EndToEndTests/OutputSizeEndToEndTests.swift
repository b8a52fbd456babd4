// Output Size end to end: the size chosen over AT-SPI, the crop area's description saying it, Ctrl+S by real keys.

import Foundation
import XCTest

@testable import TestSupport
@testable import WindowTestSupport

final class OutputSizeEndToEndTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try GtkDisplay.temporaryFolder("outputsize-e2e")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private static func size(of path: String) -> String? {
        guard let width = Shell.run("vipsheader", ["-f", "width", path]),
            let height = Shell.run("vipsheader", ["-f", "height", path])
        else { return nil }
        return
            "\(width.trimmingCharacters(in: .whitespacesAndNewlines))x\(height.trimmingCharacters(in: .whitespacesAndNewlines))"
    }

    /// End to end: the real editor, the Output Size chosen over AT-SPI from the pixel popover's menu,
    /// the crop area's description (what Orca reads) saying it, Ctrl+S by real keys writing exactly it.
    func testOverAtspiWithRealKeys() throws {
        try GtkTestSupport.requireDisplay()
        let image = GtkTestSupport.greyFile(folder, "spoken.png", size: "1200x800")
        let editor = try ExternalEditor(arguments: [image], environment: ["LANG": "C.UTF-8", "LANGUAGE": nil, "LC_ALL": nil])
        defer { editor.stop() }
        let window = try XCTUnwrap(editor.waitForWindow(named: "spoken.png"), "the editor window never appeared")
        Shell.run("xdotool", ["windowfocus", "--sync", window])
        let app = try XCTUnwrap(AtspiClient.application(pid: editor.process.processIdentifier))
        let area = try XCTUnwrap(app.find(named: "Crop area"))

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
            GtkDisplay.poll(timeout: 5) {
                button = app.descendants().first { $0.roleName == "push button" && $0.name == "Output size" }
                return button != nil
            })
        XCTAssertTrue(click(try XCTUnwrap(button)))
        var preset: AtspiNode?
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 5) {
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

        // Escape closes the menu, a second Escape the popover (on the crop area it cancels nothing: no
        // drag is in progress); the window has the focus back for its Ctrl+S (AT-SPI clicks move no focus).
        Shell.run("xdotool", ["key", "--clearmodifiers", "Escape"])
        Shell.run("xdotool", ["key", "--clearmodifiers", "Escape"])
        Shell.run("xdotool", ["windowfocus", "--sync", window])

        // Ctrl+S by real keys: exactly 1080 × 1080.
        Shell.run("xdotool", ["key", "--clearmodifiers", "ctrl+s"])
        let saved = folder.appendingPathComponent("spoken (cropped).png").path
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 20) { Self.size(of: saved) == "1080x1080" }, Self.size(of: saved) ?? "not saved")
    }
}
