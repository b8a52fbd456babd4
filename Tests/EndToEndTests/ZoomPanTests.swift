// Zoom and pan in the window with real input: Ctrl+wheel, wheel, middle and Space drags, keys, double-click, sharp regions.

import CGtk
import CropKit
import Foundation
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import CanvasTestSupport
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class ZoomPanTests: XCTestCase {
    /// Opens `path` in a window moved to the screen's corner; returns it and the canvas's origin on screen.
    @MainActor private static func placedWindow(
        opening path: String, name: String
    ) throws -> (EditorWindow, (x: Double, y: Double)) {
        let window = GtkTestSupport.window(opening: path)
        return (window, try GtkTestSupport.placeAtCorner(window, name: name))
    }

    func testCtrlWheelZoomsAroundThePointerAndTheWheelPans() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("zoomwheel")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = GtkTestSupport.greyFile(folder, "wheel.png")
        try MainActor.assumeIsolated {
            let (window, origin) = try Self.placedWindow(opening: path, name: "wheel.png")
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let canvas = window.canvas
            let fit = try XCTUnwrap(canvas.viewport)
            // A point a third of the way into the picture: it must stay under the pointer.
            // The pointer sits on whole screen pixels: the spot is where it really is.
            let screen = (
                x: Int(origin.x + fit.imageFrame.minX + fit.imageFrame.width / 3),
                y: Int(origin.y + fit.imageFrame.minY + fit.imageFrame.height / 3)
            )
            Shell.run("xdotool", ["mousemove", "--sync", "\(screen.x)", "\(screen.y)"])
            GtkDisplay.catchUp()
            XCTAssertTrue(GtkDisplay.pump { canvas.input.position != nil }, "no motion event reached the canvas")
            // Where GTK saw the pointer (the window may sit a few pixels off the screen's corner).
            let spot = try XCTUnwrap(canvas.input.position, "no motion event reached the canvas")
            XCTAssertEqual(spot.x, Double(screen.x) - origin.x, accuracy: 8)
            XCTAssertEqual(spot.y, Double(screen.y) - origin.y, accuracy: 8)
            let under = fit.normalizedPoint(spot)
            Shell.run("xdotool", ["keydown", "ctrl", "click", "4", "keyup", "ctrl"])
            XCTAssertTrue(GtkDisplay.pump(timeout: 3) { canvas.zoom.zoom > 1 }, "Ctrl+wheel did not zoom")
            let zoomed = try XCTUnwrap(canvas.viewport)
            XCTAssertEqual(zoomed.zoom.zoom, Viewport.zoomStep, accuracy: 1e-9, "one notch is one step")
            // The point under the pointer stays put across (the picture already filled the width);
            // down, it moves only as far as the rule against an empty margin needs: CropKit's answer.
            let still = zoomed.normalizedPoint(spot)
            XCTAssertEqual(still.x, under.x, accuracy: 1e-9, "the point under the pointer moved")
            let expected = fit.zoomed(by: Viewport.zoomStep, around: spot)
            XCTAssertEqual(zoomed.zoom.center.x, expected.zoom.center.x, accuracy: 1e-9)
            XCTAssertEqual(zoomed.zoom.center.y, expected.zoom.center.y, accuracy: 1e-9)
            XCTAssertLessThanOrEqual(zoomed.imageFrame.minY, zoomed.padding + 1e-9, "an empty margin above the picture")
            XCTAssertEqual(canvas.crop, .unit, "zooming never changes the crop")
            XCTAssertTrue(gtk_widget_get_visible(window.status.zoomIndicator) != 0, "the zoom percentage shows while zoomed")

            // Three more notches, then the plain wheel pans down (the picture moves up).
            Shell.run("xdotool", ["keydown", "ctrl", "click", "--repeat", "3", "--delay", "30", "4", "keyup", "ctrl"])
            XCTAssertTrue(GtkDisplay.pump(timeout: 3) { abs(canvas.zoom.zoom - pow(Viewport.zoomStep, 4)) < 1e-9 })
            let beforePan = try XCTUnwrap(canvas.viewport).imageFrame
            Shell.run("xdotool", ["click", "5"])
            XCTAssertTrue(GtkDisplay.pump(timeout: 3) { (canvas.viewport?.imageFrame.minY ?? 0) < beforePan.minY })
            XCTAssertEqual(
                try XCTUnwrap(canvas.viewport).imageFrame.minY, beforePan.minY - CropCanvas.wheelPanStep, accuracy: 1e-6)
            XCTAssertEqual(canvas.crop, .unit)
        }
    }

    func testMiddleAndSpaceDragsPanAndLeaveTheCropAlone() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("zoompan")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = GtkTestSupport.greyFile(folder, "pan.png")
        try MainActor.assumeIsolated {
            let (window, origin) = try Self.placedWindow(opening: path, name: "pan.png")
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let canvas = window.canvas
            canvas.commit(CropRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2))
            window.activate(.zoomIn)
            window.activate(.zoomIn)
            window.activate(.zoomIn)
            XCTAssertEqual(canvas.zoom.zoom, pow(Viewport.zoomStep, 3), accuracy: 1e-9)
            let start = try XCTUnwrap(canvas.viewport).imageFrame
            let from = (x: Int(origin.x) + 100, y: Int(origin.y) + 100)  // outside the small frame

            // The middle button.
            Shell.run("xdotool", ["mousemove", "--sync", "\(from.x)", "\(from.y)", "mousedown", "2"])
            for step in 1...10 { Shell.run("xdotool", ["mousemove", "--sync", "\(from.x + 6 * step)", "\(from.y + 4 * step)"]) }
            Shell.run("xdotool", ["mouseup", "2"])
            XCTAssertTrue(GtkDisplay.pump(timeout: 3) { canvas.viewGesture == nil && canvas.viewport?.imageFrame != start })
            var moved = try XCTUnwrap(canvas.viewport).imageFrame
            XCTAssertEqual(moved.minX - start.minX, 60, accuracy: 1, "the picture follows the middle button")
            XCTAssertEqual(moved.minY - start.minY, 40, accuracy: 1)

            // Space held: the primary button pans too, instead of drawing a new rectangle.
            let crop = canvas.crop
            Shell.run("xdotool", ["keydown", "space"])
            GtkDisplay.catchUp()
            XCTAssertTrue(GtkDisplay.pump { canvas.input.spaceHeld }, "Space did not reach the canvas")
            RealPointer.drag(from: from, by: (-50, -30))
            Shell.run("xdotool", ["keyup", "space"])
            XCTAssertTrue(GtkDisplay.pump(timeout: 3) { canvas.viewGesture == nil && canvas.viewport?.imageFrame != moved })
            let panned = try XCTUnwrap(canvas.viewport).imageFrame
            XCTAssertEqual(panned.minX - moved.minX, -50, accuracy: 1)
            XCTAssertEqual(panned.minY - moved.minY, -30, accuracy: 1)
            XCTAssertEqual(canvas.crop, crop, "panning never changes the crop")
            moved = panned
            XCTAssertTrue(GtkDisplay.pump(timeout: 3) { !canvas.input.spaceHeld }, "releasing Space was missed")
        }
    }

    func testKeysZoomFitAndShowActualPixels() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("zoomkeys")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = GtkTestSupport.greyFile(folder, "keys.png", size: "3000x2000")
        try MainActor.assumeIsolated {
            let (window, _) = try Self.placedWindow(opening: path, name: "keys.png")
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let canvas = window.canvas
            gtk_widget_grab_focus(canvas.widget)
            canvas.commit(CropRect(x: 0.6, y: 0.5, width: 0.3, height: 0.3))
            let centre = { () -> CropPoint in
                let frame = canvas.viewport!.viewRect(canvas.crop)
                return CropPoint(x: frame.midX, y: frame.midY)
            }
            let before = centre()
            Shell.run("xdotool", ["key", "--clearmodifiers", "plus"])
            XCTAssertTrue(GtkDisplay.pump(timeout: 3) { canvas.zoom.zoom > 1 }, "+ did not zoom in")
            XCTAssertEqual(canvas.zoom.zoom, Viewport.zoomStep, accuracy: 1e-9)
            // Keyboard zoom keeps the frame's centre still (when the picture can stay put).
            XCTAssertEqual(centre().x, before.x, accuracy: 1e-6)
            XCTAssertEqual(centre().y, before.y, accuracy: 1e-6)
            Shell.run("xdotool", ["key", "--clearmodifiers", "minus"])
            XCTAssertTrue(GtkDisplay.pump(timeout: 3) { canvas.zoom == .fit }, "− did not zoom back out")

            Shell.run("xdotool", ["key", "--clearmodifiers", "ctrl+1"])
            XCTAssertTrue(GtkDisplay.pump(timeout: 3) { canvas.zoom != .fit }, "Ctrl+1 did nothing")
            XCTAssertEqual(
                try XCTUnwrap(canvas.zoomPercent), 100, accuracy: 1e-6, "Ctrl+1 shows one image pixel per screen pixel")
            let label = String(cString: gtk_label_get_text(cgtk_label(window.status.zoomIndicator.raw)))
            XCTAssertEqual(label, "100 %")
            Shell.run("xdotool", ["key", "--clearmodifiers", "ctrl+0"])
            XCTAssertTrue(GtkDisplay.pump(timeout: 3) { canvas.zoom == .fit }, "Ctrl+0 did not fit")
            XCTAssertTrue(gtk_widget_get_visible(window.status.zoomIndicator) == 0, "no percentage at the fit")
        }
    }

    func testDoubleClickOutsideTheFrameFitsAgain() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("zoomdouble")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = GtkTestSupport.greyFile(folder, "double.png")
        try MainActor.assumeIsolated {
            let (window, origin) = try Self.placedWindow(opening: path, name: "double.png")
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let canvas = window.canvas
            canvas.commit(CropRect(x: 0.45, y: 0.45, width: 0.15, height: 0.15))
            window.activate(.zoomIn)
            let crop = canvas.crop
            // Inside the frame a double-click changes nothing.
            let frame = try XCTUnwrap(canvas.viewport).viewRect(crop)
            Shell.run(
                "xdotool",
                [
                    "mousemove", "--sync", "\(Int(origin.x + frame.midX))", "\(Int(origin.y + frame.midY))",
                    "click", "--repeat", "2", "--delay", "60", "1",
                ])
            GtkDisplay.settle(0.4)
            XCTAssertNotEqual(canvas.zoom, .fit, "a double-click on the frame fitted the picture")
            Shell.run(
                "xdotool",
                [
                    "mousemove", "--sync", "\(Int(origin.x) + 40)", "\(Int(origin.y) + 40)",
                    "click", "--repeat", "2", "--delay", "60", "1",
                ])
            XCTAssertTrue(GtkDisplay.pump(timeout: 3) { canvas.zoom == .fit }, "a double-click outside the frame did not fit")
            XCTAssertEqual(canvas.crop, crop, "the clicks changed the crop")
        }
    }

    func testZoomedPastTheThumbnailTheVisibleRegionTurnsSharpInTheBackground() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("sharp")
        defer { try? FileManager.default.removeItem(at: folder) }
        // One-pixel black and white columns: any thumbnail averages them to grey.
        // (libvips repeats the 2×1 tile in half a second; ImageMagick's tile: takes 25 s.)
        let tile = folder.appendingPathComponent("tile.png").path, path = folder.appendingPathComponent("stripes.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "2x1", "xc:black", "-fill", "white", "-draw", "point 1,0", tile]))
        XCTAssertNotNil(Shell.run("vips", ["replicate", tile, path, "1500", "2000"]))
        try MainActor.assumeIsolated {
            let (window, _) = try Self.placedWindow(opening: path, name: "stripes.png")
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let canvas = window.canvas
            let renders = SharpRenders(canvas.sharp)
            let image = try XCTUnwrap(canvas.image)
            XCTAssertLessThan(image.surface.width, 3000, "the window shows a shrunk thumbnail")
            canvas.commit(CropRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
            // Four screen pixels per picture pixel: each one-pixel column is four wide when sharp.
            window.activate(.zoomActual)
            canvas.zoomFromKeyboard(by: 4)
            XCTAssertEqual(try XCTUnwrap(canvas.zoomPercent), 400, accuracy: 1e-6)
            XCTAssertTrue(GtkDisplay.pump(timeout: 10) { renders.count > 0 }, "no sharp render arrived")
            XCTAssertFalse(renders.onMainThread, "the sharp render ran on the main thread")
            let tile = try XCTUnwrap(canvas.sharpTile)
            // Bounded by the view, not the picture.
            let scale = Int(gtk_widget_get_scale_factor(canvas.widget))
            // (Plus the outward rounding: up to one picture pixel, four screen pixels, on each side.)
            XCTAssertLessThanOrEqual(tile.surface.width, Int(gtk_widget_get_width(canvas.widget)) * scale + 8)
            XCTAssertLessThanOrEqual(tile.surface.height, Int(gtk_widget_get_height(canvas.widget)) * scale + 8)
            XCTAssertTrue(GtkDisplay.drawn(canvas.widget))
            let pixels = try XCTUnwrap(WidgetRenderer.render(canvas.widget))
            let frame = try XCTUnwrap(canvas.viewport).viewRect(canvas.crop)
            // Neighbouring screen pixels inside the frame are one black, one white.
            let y = Int(frame.midY)
            let values = (0..<8).map { Int(pixels.pixel(x: Int(frame.midX) + $0, y: y).r) }
            XCTAssertLessThan(values.min()!, 40, "no black column: \(values)")
            XCTAssertGreaterThan(values.max()!, 215, "no white column: \(values)")
            // Back at the fit the thumbnail suffices: the sharp region is let go.
            window.activate(.zoomFit)
            XCTAssertTrue(GtkDisplay.pump(timeout: 3) { canvas.sharpTile == nil }, "the sharp region was kept at the fit")
        }
    }

    /// Every view action on a window without a file, with the demo, and on a 3×2 picture that is
    /// already shown past 16 points per pixel: nothing breaks, nothing is asked of the file.
    func testViewActionsAreSafeWithoutAFileAndOnATinyPicture() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("zoomtiny")
        defer { try? FileManager.default.removeItem(at: folder) }
        let tiny = folder.appendingPathComponent("tiny.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "3x2", "xc:#336699", tiny]))
        let actions = [WindowAction.zoomIn, .zoomOut, .zoomFit, .zoomActual, .fixedFrame, .toggleShape, .zoomIn, .fixedFrame]
        MainActor.assumeIsolated {
            let demo = GtkTestSupport.demoWindow()
            defer {
                demo.frame.chooseShape(.rectangle)
                gtk_window_destroy(cgtk_window(demo.window.raw))
            }
            let crop = demo.canvas.crop
            for action in actions { demo.activate(action) }
            GtkDisplay.settle(0.3)
            XCTAssertNil(demo.canvas.sharpTile, "the demo has no file to render from")
            XCTAssertEqual(
                demo.canvas.crop.width, crop.width / Viewport.zoomStep, accuracy: 1e-9,
                "one zoom-in under the fixed frame made the crop smaller, nothing else changed it")

            let small = GtkTestSupport.window(opening: tiny)
            defer { gtk_window_destroy(cgtk_window(small.window.raw)) }
            for action in [WindowAction.zoomIn, .zoomActual, .zoomOut] {
                small.activate(action)
                XCTAssertEqual(small.canvas.zoom.zoom, 1, "\(action) zoomed a picture already past 16 points per pixel")
            }
            XCTAssertEqual(small.canvas.crop, .unit)
            // Closing the image mid-zoom leaves nothing to draw and nothing to render.
            small.activate(.closeImage)
            for action in actions { small.activate(action) }
            GtkDisplay.settle(0.2)
            XCTAssertNil(small.canvas.image)
            XCTAssertNil(small.canvas.zoomPercent)
        }
    }
}
