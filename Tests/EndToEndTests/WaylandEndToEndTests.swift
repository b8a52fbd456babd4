// End to end under Wayland: the real editor on a headless weston, read through AT-SPI and the compositor's screenshots.

import Canvas
import Foundation
import XCTest

@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class WaylandEndToEndTests: XCTestCase {
    /// The photo's one colour, and the same under the canvas's 55 % dim (what lies outside the crop).
    static let green = (r: 0x30, g: 0xB0, b: 0x50)
    static let dimmedGreen = (r: 22, g: 79, b: 36)

    func testTheEditorOpensActsAndDrawsUnderWayland() throws {
        let folder = try GtkDisplay.temporaryFolder("wayland")
        defer { try? FileManager.default.removeItem(at: folder) }
        let weston = try WestonCompositor(folder: folder)
        defer { weston.stop() }
        let image = folder.appendingPathComponent("wayland.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "600x400", "xc:#30B050", image]))

        let editor = try ExternalEditor(arguments: [image], environment: weston.clientEnvironment)
        defer { editor.stop() }
        let app = try XCTUnwrap(
            AtspiClient.application(pid: editor.process.processIdentifier),
            "the editor never appeared on the AT-SPI desktop (did it reach the Wayland compositor?)")
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 20) { app.children.first?.name == "wayland.png" },
            "the photo never opened: \(app.children.map(\.name))")
        let area = try XCTUnwrap(app.find(named: "Crop area"), "no “Crop area” in the application")
        XCTAssertEqual(area.description, "left 0 percent, top 0 percent, width 100 percent, height 100 percent")

        // The compositor's own pixels: the photo drawn by the canvas, all of it inside the crop.
        var before = (plain: 0, dimmed: 0)
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 20) {
                guard let shot = weston.screenshot(into: folder) else { return false }
                before = (shot.count(of: Self.green), shot.count(of: Self.dimmedGreen))
                return before.plain > 100_000
            }, "the compositor never showed the photo: \(before) pixels of it (plain, dimmed)")
        XCTAssertLessThan(before.dimmed, 100, "nothing is outside a crop of the whole photo (a guide's edge may match)")

        // Two 5 % narrowings through the crop area's actions: the description follows, and the canvas
        // draws the new crop (the right tenth of the photo dimmed) in a frame the compositor shows.
        XCTAssertTrue(area.doAction(named: CanvasAction.adjust(.makeNarrower).detailed))
        XCTAssertTrue(area.doAction(named: CanvasAction.adjust(.makeNarrower).detailed))
        XCTAssertEqual(area.description, "left 0 percent, top 0 percent, width 90 percent, height 100 percent")
        // Frames between (the reset of a gesture, a half-drawn change) may come first: wait for the new crop.
        var after = before
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 20) {
                guard let shot = weston.screenshot(into: folder) else { return false }
                after = (shot.count(of: Self.green), shot.count(of: Self.dimmedGreen))
                return Double(after.dimmed) > 0.08 * Double(before.plain)
            }, "the compositor never showed the narrowed crop: \(after) pixels (plain, dimmed)")
        let shown = Double(before.plain)
        XCTAssertEqual(Double(after.plain) / shown, 0.9, accuracy: 0.02, "plain photo before \(before), after \(after)")
        XCTAssertEqual(Double(after.dimmed) / shown, 0.1, accuracy: 0.02, "dimmed photo before \(before), after \(after)")
        XCTAssertTrue(editor.process.isRunning, "the editor exited")
        XCTAssertTrue(weston.isRunning, "weston exited")
    }

    /// At scale 2 the scale comes from the compositor (wl_output), not from GDK_SCALE as under X11.
    func testScaleTwoFromTheCompositorDrawsTheFrameInDevicePixels() throws {
        let folder = try GtkDisplay.temporaryFolder("wayland2")
        defer { try? FileManager.default.removeItem(at: folder) }
        let weston = try WestonCompositor(folder: folder, scale: 2)
        defer { weston.stop() }
        let image = folder.appendingPathComponent("wayland2.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "600x400", "xc:#30B050", image]))

        let editor = try ExternalEditor(arguments: [image], environment: weston.clientEnvironment)
        defer { editor.stop() }
        // Below weston's panel (its clock is white text): the top-left bracket's outer corner, once the
        // photo is on screen.
        var shot: Screenshot?
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 20) {
                shot = weston.screenshot(into: folder)
                return (shot?.count(of: Self.green) ?? 0) > 400_000
            }, "the compositor never showed the photo")
        let screen = try XCTUnwrap(shot)
        XCTAssertEqual(screen.width, 2560, "a 1280-point output at scale 2")
        let corner = try XCTUnwrap(screen.topLeftWhite(below: 140), "no white frame on screen")
        // 4 points wide is 8 pure-white device pixels: drawn at the output's scale, not stretched from 1×.
        XCTAssertEqual(
            screen.bracketArmRows(corner: corner, along: 24), 8, "white rows across the bracket's arm (corner \(corner))")
        XCTAssertTrue(editor.process.isRunning, "the editor exited")
    }
}
