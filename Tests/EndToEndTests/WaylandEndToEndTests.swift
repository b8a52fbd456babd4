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

    /// Perspective mode under Wayland, through AT-SPI (weston's headless backend takes no injected keys
    /// or pointer): the header's toggle, the crop area's Find Document, the bar's Apply and the header's
    /// Save. The crop area's description says each step, the compositor shows the page made flat, and
    /// the save is what `--perspective=auto` makes of the photo.
    func testPerspectiveModeFindsAppliesAndSavesThePageUnderWayland() throws {
        let folder = try GtkDisplay.temporaryFolder("wayland-perspective")
        defer { try? FileManager.default.removeItem(at: folder) }
        let weston = try WestonCompositor(folder: folder)
        defer { weston.stop() }
        let image = PerspectiveEndToEndTests.photo(in: folder)
        let english: [String: String?] = ["LANG": "C.UTF-8", "LANGUAGE": nil, "LC_ALL": nil]
        let editor = try ExternalEditor(arguments: [image], environment: weston.clientEnvironment.merging(english) { $1 })
        defer { editor.stop() }
        let app = try XCTUnwrap(AtspiClient.application(pid: editor.process.processIdentifier), "the editor never reached AT-SPI")
        XCTAssertTrue(GtkDisplay.poll(timeout: 20) { app.children.first?.name == "page.png" }, "the photo never opened")
        let area = try XCTUnwrap(app.find(named: "Crop area"), "no “Crop area” in the application")
        let toggle = try XCTUnwrap(app.find(named: "Perspective"), "no Perspective toggle in the header")
        XCTAssertTrue(toggle.doAction(named: toggle.actionNames.first ?? "click"))
        XCTAssertEqual(
            AtspiClient.waitForChange(from: "left 0 percent, top 0 percent, width 100 percent, height 100 percent") {
                area.description
            }, "perspective, top left corner, 10 percent from the left, 10 percent from the top")

        // The page's top left corner, 321 by 160 on 1200 by 900, is 27 and 18 percent in.
        XCTAssertTrue(area.doAction(named: CanvasAction.findDocument.detailed))
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 20) {
                area.description
                    == "Document found. perspective, top left corner, 27 percent from the left, 18 percent from the top"
            }, area.description ?? "no description")
        XCTAssertTrue(app.pressButton(endingWith: "Apply"), "no Apply on the perspective bar")
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 10) { area.description?.hasPrefix("Perspective corrected. left 0 percent") == true },
            area.description ?? "no description")

        // Saved beside the photo by the header's Save: the command line's pixels for the page it finds.
        XCTAssertTrue(app.pressButton(endingWith: "Save"), "no Save in the header")
        let saved = folder.appendingPathComponent("page (cropped).png").path
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 20) { Shell.run("identify", ["-format", "%wx%h", saved]) != nil }, "Save wrote nothing")
        let cli = folder.appendingPathComponent("cli.png").path
        XCTAssertNotNil(
            Shell.run(
                ExternalEditor.buildFolder.appendingPathComponent("crop-editor").path,
                ["--perspective=auto", "--output=\(cli)", image]), "the command line found no page")
        XCTAssertEqual(Shell.run("compare", ["-metric", "AE", saved, cli, "null:"]), "", "the window's save differs")

        // The compositor shows the page flat: its sides upright, where the photo's lean by a fifth of its height.
        var sides: [(left: Int, right: Int)] = []
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 20) {
                sides = weston.screenshot(into: folder).map { Self.whiteEnds($0) } ?? []
                guard sides.count >= 30, let first = sides.first else { return false }
                return sides.allSatisfy { abs($0.left - first.left) <= 2 && abs($0.right - first.right) <= 2 }
            }, "no flat page on the screen: white rows from … to \(sides.map { "\($0.left)…\($0.right)" })")
        XCTAssertTrue(editor.process.isRunning, "the editor exited")
    }

    /// Several frames under Wayland, through the crop area's actions: two added (each a copy of the one
    /// edited, moved down and right), the first chosen again, Cut Out entered and left; the header's Save
    /// then writes one file a frame beside the photo, the first the crop narrowed before.
    func testFramesAreAddedChosenAndSavedUnderWayland() throws {
        let folder = try GtkDisplay.temporaryFolder("wayland-frames")
        defer { try? FileManager.default.removeItem(at: folder) }
        let weston = try WestonCompositor(folder: folder)
        defer { weston.stop() }
        let image = folder.appendingPathComponent("frames.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "600x400", "xc:#30B050", image]))
        let english: [String: String?] = ["LANG": "C.UTF-8", "LANGUAGE": nil, "LC_ALL": nil]
        let editor = try ExternalEditor(arguments: [image], environment: weston.clientEnvironment.merging(english) { $1 })
        defer { editor.stop() }
        let app = try XCTUnwrap(AtspiClient.application(pid: editor.process.processIdentifier), "the editor never reached AT-SPI")
        XCTAssertTrue(GtkDisplay.poll(timeout: 20) { app.children.first?.name == "frames.png" }, "the photo never opened")
        let area = try XCTUnwrap(app.find(named: "Crop area"), "no “Crop area” in the application")
        XCTAssertTrue(area.doAction(named: CanvasAction.adjust(.makeNarrower).detailed))
        XCTAssertTrue(area.doAction(named: CanvasAction.adjust(.makeNarrower).detailed))
        XCTAssertEqual(area.description, "left 0 percent, top 0 percent, width 90 percent, height 100 percent")

        for count in 2...3 {
            XCTAssertTrue(area.doAction(named: CanvasAction.addFrame.detailed))
            XCTAssertTrue(
                GtkDisplay.poll(timeout: 10) { area.description?.hasPrefix("frame \(count) of \(count), ") == true },
                area.description ?? "no description")
        }
        XCTAssertTrue(area.doAction(named: CanvasAction.nextFrame.detailed))
        XCTAssertEqual(area.description, "frame 1 of 3, left 0 percent, top 0 percent, width 90 percent, height 100 percent")
        XCTAssertTrue(area.doAction(named: CanvasAction.cutOut.detailed))
        XCTAssertTrue(area.doAction(named: CanvasAction.cutOut.detailed))
        XCTAssertTrue(app.pressButton(endingWith: "Save"), "no Save in the header")
        let saved = (1...3).map { folder.appendingPathComponent("frames-\($0).png").path }
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 20) { saved.allSatisfy { Shell.run("identify", ["-format", "%wx%h", $0]) != nil } },
            "Save did not write a file a frame: \((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])")
        XCTAssertEqual(Shell.run("identify", ["-format", "%wx%h", saved[0]]), "540x400")
        XCTAssertTrue(editor.process.isRunning, "the editor exited")
    }

    /// The first and last pure-white pixel of every tenth row of `shot` that has at least 200 of them
    /// (a page; not the panel's clock or a button's label).
    static func whiteEnds(_ shot: Screenshot) -> [(left: Int, right: Int)] {
        stride(from: 0, to: shot.height, by: 10).compactMap { y in
            let white = (0..<shot.width).filter { x in
                let p = shot.pixel(x: x, y: y)
                return p.r == 255 && p.g == 255 && p.b == 255
            }
            guard white.count >= 200, let left = white.first, let right = white.last else { return nil }
            return (left, right)
        }
    }
}
