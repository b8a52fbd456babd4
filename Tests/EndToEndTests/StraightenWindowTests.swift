// Straightening in the window: real keys, ruler and level-line drags, Level, undo and redo, checked against ImageMagick.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class StraightenWindowTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        try GtkTestSupport.requireDisplay()
        folder = try GtkDisplay.temporaryFolder("straighten")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    @MainActor private static func description(_ canvas: CropCanvas) -> String {
        guard let actual = cgtk_test_accessible_check_string(canvas.widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "") else {
            return ""
        }
        defer { g_free(actual) }
        return String(cString: actual)
    }

    /// A shown window on `path`, moved to the screen's corner and focused, with the canvas focused.
    @MainActor private static func placed(_ path: String) throws -> (EditorWindow, (x: Double, y: Double)) {
        let window = GtkTestSupport.window(opening: path)
        let origin = try GtkTestSupport.placeAtCorner(window, name: (path as NSString).lastPathComponent)
        gtk_widget_grab_focus(window.canvas.widget)
        return (window, origin)
    }

    /// Runs `body` on a placed window showing a 1200×800 grey file named `name` (closed after).
    private func withGreyWindow(
        _ name: String, _ body: @MainActor (EditorWindow, CropCanvas, (x: Double, y: Double)) throws -> Void
    ) throws {
        let path = GtkTestSupport.greyFile(folder, name, size: "1200x800")
        try MainActor.assumeIsolated {
            let (window, origin) = try Self.placed(path)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            try body(window, window.canvas, origin)
        }
    }

    private static func key(_ keys: String) { Shell.run("xdotool", ["key", "--clearmodifiers", keys]) }

    /// `]` held (real keys 30 ms apart, the keyboard's repeat rate): the frames while it repeats are quick,
    /// not the sharp cache drawn again for every key, and one sharp frame follows the last key.
    func testAHeldAngleKeyDrawsQuickFramesThenOneSharpFrame() throws {
        try withGreyWindow("held.png") { _, canvas, _ in
            final class Counts { var sharp = 0, quick = 0 }
            let counts = Counts()
            canvas.painter.onCacheBuild = { counts.sharp += 1 }
            let clock = try XCTUnwrap(gtk_widget_get_frame_clock(canvas.widget))
            let handler = Signal.connect(clock.raw, "after-paint") {
                if (canvas.painter.displayCache?.reduction ?? 1) > 1 { counts.quick += 1 }
            }
            defer { g_signal_handler_disconnect(clock.raw, gulong(handler)) }
            let presses = 20
            let keys = Process()
            keys.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
            keys.arguments = ["key", "--clearmodifiers", "--delay", "30"] + Array(repeating: "bracketright", count: presses)
            try keys.run()
            // The loop runs while the keys come, so each is handled (and drawn) as it arrives.
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 15) { !keys.isRunning && canvas.editor.angle.hundredths == 10 * presses },
                "angle \(canvas.editor.angle)")
            let sharpWhileHeld = counts.sharp
            XCTAssertGreaterThan(counts.quick, 0, "no quick frame while the key repeated")
            XCTAssertLessThanOrEqual(sharpWhileHeld, 3, "the sharp cache was drawn \(sharpWhileHeld) times for \(presses) keys")
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 3) { counts.sharp > sharpWhileHeld && !canvas.angleKeys.isActive },
                "no sharp frame after the last key")
            XCTAssertEqual(canvas.painter.displayCache?.reduction, 1)
        }
    }

    func testRealKeysTurnThePictureAndUndoAndRedoBringBackAngleAndCrop() throws {
        try withGreyWindow("keys.png") { window, canvas, _ in
            canvas.commit(CropRect(x: 0.2, y: 0.2, width: 0.5, height: 0.5))
            var states = [canvas.editor.state]
            for (keys, hundredths) in [("bracketright", 10), ("shift+bracketright", 110), ("bracketleft", 100)] {
                Self.key(keys)
                XCTAssertTrue(
                    GtkDisplay.pump(timeout: 3) { canvas.editor.angle.hundredths == hundredths },
                    "\(keys): \(canvas.editor.angle)")
                states.append(canvas.editor.state)
                XCTAssertTrue(canvas.editor.straightenedPicture.contains(canvas.crop), "the crop reaches outside")
            }
            // The screen reader's value continues with the angle; the entry and ruler follow.
            XCTAssertEqual(
                Self.description(canvas),
                CropText.accessibilityValue(canvas.crop, angle: canvas.editor.angle))
            XCTAssertTrue(Self.description(canvas).hasSuffix(", straightened 1 degree clockwise"), Self.description(canvas))
            XCTAssertEqual(gtk_spin_button_get_value(OpaquePointer(window.straightening.bar.entry)), 1, accuracy: 1e-9)
            XCTAssertEqual(window.straightening.bar.ruler.angle, StraightenAngle(hundredths: 100))
            for expected in states.dropLast().reversed() {
                let before = canvas.editor.state
                Self.key("ctrl+z")
                XCTAssertTrue(GtkDisplay.pump(timeout: 3) { canvas.editor.state != before }, "Ctrl+Z did nothing")
                XCTAssertEqual(canvas.editor.state, expected, "undo restores the angle with the crop")
            }
            XCTAssertEqual(canvas.editor.angle, .zero)
            XCTAssertFalse(Self.description(canvas).contains("straightened"), "level: no angle spoken")
            Self.key("ctrl+shift+z")
            XCTAssertTrue(GtkDisplay.pump(timeout: 3) { canvas.editor.state == states[1] }, "Ctrl+Shift+Z did not redo")
            XCTAssertEqual(gtk_spin_button_get_value(OpaquePointer(window.straightening.bar.entry)), 0.1, accuracy: 1e-9)
        }
    }

    func testTheAccessibleActionsTurnByADegreeEitherWay() throws {
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let canvas = window.canvas
            XCTAssertNotEqual(
                gtk_widget_activate_action_variant(canvas.widget, CanvasAction.straightenClockwise.detailed, nil), 0)
            XCTAssertEqual(canvas.editor.angle, StraightenAngle(hundredths: 100))
            for _ in 0..<3 {
                XCTAssertNotEqual(
                    gtk_widget_activate_action_variant(canvas.widget, CanvasAction.straightenCounterclockwise.detailed, nil), 0)
            }
            XCTAssertEqual(canvas.editor.angle, StraightenAngle(hundredths: -200))
            XCTAssertTrue(
                Self.description(canvas).hasSuffix(", straightened 2 degrees counterclockwise"), Self.description(canvas))
        }
    }

    func testDraggingTheRulerIsOneUndoStepWithTheFineGridMeanwhile() throws {
        try withGreyWindow("ruler.png") { window, canvas, _ in
            Self.key("ctrl+t")
            XCTAssertTrue(GtkDisplay.pump(timeout: 3) { canvas.straightenMode }, "Ctrl+T did not enter straighten mode")
            XCTAssertNotEqual(
                gtk_toggle_button_get_active(window.header.straightenToggle.raw.assumingMemoryBound(to: GtkToggleButton.self)), 0,
                "the header's toggle is not pressed")
            let ruler = window.straightening.bar.ruler.widget
            XCTAssertTrue(GtkDisplay.drawn(ruler), "the ruler never showed")
            var bounds = graphene_rect_t()
            XCTAssertNotEqual(gtk_widget_compute_bounds(ruler, window.window, &bounds), 0)
            let start = (x: Int(bounds.origin.x + bounds.size.width / 2), y: Int(bounds.origin.y + bounds.size.height / 2))
            Shell.run("xdotool", ["mousemove", "--sync", "\(start.x)", "\(start.y)"])
            Shell.run("xdotool", ["mousedown", "1"])
            // 60 points to the left in steps: 5° clockwise at 12 points a degree.
            for step in 1...6 {
                Shell.run("xdotool", ["mousemove", "--sync", "\(start.x - 10 * step)", "\(start.y)"])
                GtkDisplay.catchUp()
            }
            XCTAssertTrue(GtkDisplay.pump(timeout: 3) { canvas.editor.angle.hundredths > 400 }, "\(canvas.editor.angle)")
            XCTAssertTrue(canvas.editor.isChangingAngle, "the drag is one change in progress")
            XCTAssertTrue(canvas.paintState.fineGrid, "no fine grid while the angle changes")
            XCTAssertFalse(canvas.editor.canUndo, "a step was recorded before the drag ended")
            Shell.run("xdotool", ["mouseup", "1"])
            XCTAssertTrue(GtkDisplay.pump(timeout: 3) { !canvas.editor.isChangingAngle }, "the drag never ended")
            XCTAssertEqual(canvas.editor.angle.degrees, 5, accuracy: 0.01)
            XCTAssertFalse(canvas.paintState.fineGrid, "the grid stays after the drag")
            XCTAssertEqual(gtk_spin_button_get_value(OpaquePointer(window.straightening.bar.entry)), 5, accuracy: 0.01)
            XCTAssertTrue(canvas.undo())
            XCTAssertEqual(canvas.editor.angle, .zero, "one undo takes the whole drag back")
            XCTAssertFalse(canvas.editor.canUndo)
        }
    }

    func testALevelLineDrawnWithTheRealPointerLevelsThePictureAndEscapeCancelsOne() throws {
        try withGreyWindow("line.png") { window, canvas, origin in
            window.straightening.setMode(true)
            GtkDisplay.catchUp()
            let frame = try XCTUnwrap(canvas.viewport).imageFrame
            let start = (x: Int(origin.x + frame.minX + 40), y: Int(origin.y + frame.midY))
            // Escape during the line: nothing turns.
            Shell.run("xdotool", ["mousemove", "--sync", "\(start.x)", "\(start.y)"])
            Shell.run("xdotool", ["mousedown", "1"])
            Shell.run("xdotool", ["mousemove", "--sync", "\(start.x + 100)", "\(start.y + 20)"])
            XCTAssertTrue(GtkDisplay.pump(timeout: 3) { canvas.levelLine != nil }, "no line while dragging")
            // Not --clearmodifiers: that would release the button too, ending the drag.
            Shell.run("xdotool", ["key", "Escape"])
            XCTAssertTrue(GtkDisplay.pump(timeout: 3) { canvas.levelLine == nil }, "Escape left the line")
            Shell.run("xdotool", ["mouseup", "1"])
            GtkDisplay.catchUp()
            XCTAssertEqual(canvas.editor.angle, .zero, "a cancelled line turned the picture")
            // A line 200 points right and 20 down: nearer level, so the picture turns back by its tilt.
            RealPointer.drag(from: start, by: (200, 20))
            XCTAssertTrue(GtkDisplay.pump(timeout: 3) { !canvas.editor.angle.isZero }, "the line turned nothing")
            let tilt = atan2(20.0, 200.0) * 180 / Double.pi
            XCTAssertEqual(canvas.editor.angle.degrees, -tilt, accuracy: 0.01)
            // A near-plumb line makes the picture plumb.
            let level = canvas.editor.angle
            RealPointer.drag(from: (start.x + 300, start.y - 150), by: (10, 300))
            XCTAssertTrue(GtkDisplay.pump(timeout: 3) { canvas.editor.angle != level }, "the plumb line turned nothing")
            // The plumb line as drawn over the turned picture, turned back by the angle it levels.
            XCTAssertEqual(canvas.editor.angle.degrees, level.degrees + atan2(10.0, 300.0) * 180 / Double.pi, accuracy: 0.01)
            XCTAssertTrue(canvas.undo())
            XCTAssertEqual(canvas.editor.angle, level)
        }
    }

    func testLevelByKeyAndButtonFollowsTheLinesAndSaysWhenThereAreNone() throws {
        // Black lines on white turned 4° clockwise, cut inside so no corner shows: levelling turns back 4°.
        let lines = folder.appendingPathComponent("lines.png").path
        var draw: [String] = ["-size", "900x700", "xc:white", "-stroke", "black", "-strokewidth", "3"]
        for y in stride(from: 50, to: 700, by: 60) { draw += ["-draw", "line 0,\(y) 900,\(y)"] }
        draw += ["-rotate", "4", "-gravity", "center", "-crop", "600x400+0+0", "+repage", lines]
        XCTAssertNotNil(Shell.run("convert", draw))
        let grey = GtkTestSupport.greyFile(folder, "plain.png", size: "600x400")
        try MainActor.assumeIsolated {
            let (window, _) = try Self.placed(lines)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let canvas = window.canvas
            Self.key("l")
            XCTAssertTrue(GtkDisplay.pump(timeout: 5) { !canvas.editor.angle.isZero }, "L levelled nothing")
            XCTAssertEqual(canvas.editor.angle.degrees, -4, accuracy: 0.3)
            XCTAssertTrue(canvas.undo())
            XCTAssertEqual(canvas.editor.angle, .zero, "Level is one step")
            window.straightening.setMode(true)
            // GTK clicks an activated button after a moment of showing it pressed.
            gtk_widget_activate(window.straightening.bar.levelButton)
            XCTAssertTrue(GtkDisplay.pump(timeout: 3) { !canvas.editor.angle.isZero }, "the Level button did nothing")
            XCTAssertEqual(canvas.editor.angle.degrees, -4, accuracy: 0.3, "the Level button")

            let (plain, _) = try Self.placed(grey)
            defer { gtk_window_destroy(cgtk_window(plain.window.raw)) }
            Self.key("l")
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 5) { plain.lastToast?.hasPrefix("Nothing to level by") == true },
                plain.lastToast ?? "no toast")
            XCTAssertEqual(plain.canvas.editor.angle, .zero)
            XCTAssertFalse(plain.canvas.editor.canUndo)
        }
    }

    /// The canvas against ImageMagick: `+distort SRT 7` of the file (its own thumbnail: it is small)
    /// sampled where each point of the crop shows, against the canvas's pixels there.
    func testTheCanvasShowsThePictureTurnedAsImageMagickTurnsIt() throws {
        let source = folder.appendingPathComponent("squares.png").path
        XCTAssertNotNil(
            Shell.run(
                "convert",
                [
                    "-size", "40x30", "pattern:checkerboard", "-scale", "1000%", "-fill", "#d04020", "-opaque", "black",
                    "-blur", "0x3", "-crop", "400x300+0+0", "+repage", source,
                ]))
        let turned = folder.appendingPathComponent("turned.rgb").path
        let backwards = folder.appendingPathComponent("backwards.rgb").path
        for (angle, output) in [("7", turned), ("-7", backwards)] {
            XCTAssertNotNil(
                Shell.run(
                    "convert",
                    [source, "-virtual-pixel", "black", "+distort", "SRT", angle, "+repage", "-depth", "8", "rgb:" + output]))
        }
        let oracleSize = try XCTUnwrap(
            Shell.run(
                "convert", [source, "-virtual-pixel", "black", "+distort", "SRT", "7", "+repage", "-format", "%w %h", "info:"])
        )
        .split(separator: " ").compactMap { Int($0) }
        let (ow, oh) = (oracleSize[0], oracleSize[1])
        let oracle = try Data(contentsOf: URL(fileURLWithPath: turned)),
            wrong = try Data(contentsOf: URL(fileURLWithPath: backwards))
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: source)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let canvas = window.canvas
            canvas.setAngle(StraightenAngle(degrees: 7))
            XCTAssertTrue(GtkDisplay.drawn(canvas.widget))
            let pixels = try XCTUnwrap(GtkTestSupport.renderWhenDrawn(canvas.widget))
            let scale = Double(pixels.width) / Double(gtk_widget_get_width(canvas.widget))
            let vp = try XCTUnwrap(canvas.viewport)
            let crop = canvas.crop
            var error = 0.0, wrongError = 0.0, count = 0
            for fy in stride(from: 0.06, through: 0.94, by: 0.04) {
                for fx in stride(from: 0.06, through: 0.94, by: 0.04) {
                    // Away from the thirds lines drawn over the crop.
                    if [fx, fy].contains(where: { abs($0 - 1.0 / 3) < 0.04 || abs($0 - 2.0 / 3) < 0.04 }) { continue }
                    let q = CropPoint(x: crop.minX + fx * crop.width, y: crop.minY + fy * crop.height)
                    let p = vp.viewPoint(q)
                    let shown = pixels.pixel(x: Int(p.x * scale), y: Int(p.y * scale))
                    let i = (min(Int(q.y * Double(oh)), oh - 1) * ow + min(Int(q.x * Double(ow)), ow - 1)) * 3
                    for (channel, value) in [shown.r, shown.g, shown.b].enumerated() {
                        error += abs(Double(value) - Double(oracle[i + channel]))
                        wrongError += abs(Double(value) - Double(wrong[i + channel]))
                    }
                    count += 3
                }
            }
            let mean = error / Double(count), wrongMean = wrongError / Double(count)
            XCTAssertLessThan(mean, 8, "mean difference from ImageMagick's turn: \(mean) levels")
            XCTAssertGreaterThan(wrongMean, 4 * mean, "the other way round must differ clearly: \(wrongMean) vs \(mean)")
            // The box's corner lies outside the turned picture: the canvas's background there.
            let corner = vp.viewPoint(CropPoint(x: 0.004, y: 0.004))
            let outside = pixels.pixel(x: Int(corner.x * scale), y: Int(corner.y * scale))
            XCTAssertEqual(Double(outside.r), OverlayStyle.background.red * 255, accuracy: 3, "\(outside)")
        }
    }

    /// A real drag in the fixed frame at 8°, far past the turned picture's corner: the picture stops
    /// at its edge (the crop slides inside, keeping its size) instead of the crop shrinking.
    func testTheFixedFramesPanStopsAtTheTurnedPicturesEdge() throws {
        try withGreyWindow("fixed.png") { window, canvas, origin in
            canvas.commit(CropRect(x: 0.35, y: 0.35, width: 0.3, height: 0.3))
            canvas.setAngle(StraightenAngle(degrees: 8))
            let before = canvas.crop
            window.activate(.fixedFrame)
            XCTAssertTrue(canvas.fixedFrame)
            let frame = try XCTUnwrap(canvas.fixedLayout).frame(for: before)
            // The picture dragged far down-right, three times: the crop heads for the box's top-left
            // corner, which lies outside the turned picture.
            for _ in 0..<3 {
                let last = canvas.crop
                RealPointer.drag(from: (Int(origin.x + frame.midX), Int(origin.y + frame.midY)), by: (300, 200))
                XCTAssertTrue(GtkDisplay.pump(timeout: 3) { canvas.crop != last && canvas.viewGesture == nil }, "no pan")
            }
            XCTAssertTrue(canvas.editor.straightenedPicture.contains(canvas.crop), "the crop reaches outside")
            XCTAssertEqual(canvas.crop.width, before.width, accuracy: 1e-9, "the pan shrank the crop")
            XCTAssertEqual(canvas.crop.height, before.height, accuracy: 1e-9, "the pan shrank the crop")
            XCTAssertLessThan(canvas.crop.midX, before.midX)
            XCTAssertLessThan(canvas.crop.midY, before.midY)
            window.activate(.fixedFrame)
        }
    }

    /// Zoomed in at an angle, the sharp region asked of the file holds every picture point the
    /// turned view shows (its corners reach across the upright picture's axes), and the render
    /// arrives.
    func testTheSharpRegionOfATurnedZoomedViewHoldsAllItShows() throws {
        let path = folder.appendingPathComponent("big.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "6000x4000", "gradient:#204080-#e0c060", path]))
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: path)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let canvas = window.canvas
            canvas.setAngle(StraightenAngle(degrees: 12))
            canvas.zoomToActualPixels()
            let request = try XCTUnwrap(canvas.neededSharpRequest, "no sharp region at 100 %")
            let vp = try XCTUnwrap(canvas.viewport), visible = try XCTUnwrap(vp.visibleFrame)
            for (fx, fy) in [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0), (0.5, 0.5)] {
                let box = vp.normalizedPoint(
                    CropPoint(x: visible.minX + fx * visible.width, y: visible.minY + fy * visible.height))
                let p = canvas.editor.straightenedPicture.normalizedPicturePoint(fromBox: box)
                guard (0...1).contains(p.x), (0...1).contains(p.y) else { continue }
                XCTAssertTrue(
                    p.x >= request.region.minX - 1e-9 && p.x <= request.region.maxX + 1e-9
                        && p.y >= request.region.minY - 1e-9 && p.y <= request.region.maxY + 1e-9,
                    "\(p) outside \(request.region)")
            }
            // Turned 12°, the region is wider than the unturned view of the same size would be.
            XCTAssertGreaterThan(request.region.width, visible.width / vp.imageFrame.width * 1.05)
            XCTAssertTrue(GtkDisplay.pump(timeout: 20) { canvas.sharpTile != nil }, "the sharp region never arrived")
        }
    }
}
