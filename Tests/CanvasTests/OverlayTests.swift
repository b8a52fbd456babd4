// The overlay seam: a mode over the picture takes the primary drags (Space still pans), is drawn, and Escape ends its drag.

import CGtk
import CropKit
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import CanvasTestSupport
@testable import TestSupport

/// A red square, 20 points a side, centred where the test overlay's drag is.
private struct Mark: OverlayDrawing, Equatable {
    let centre: CropPoint
    func paint(_ c: Cairo, scale: Double, highContrast: Bool) {
        c.setColor(RGBA(1, 0, 0))
        c.rectangle(centre.x - 10, centre.y - 10, 20, 20)
        cairo_fill(c.cr)
    }
}

/// An overlay that takes drags starting left of `takesLeftOf` and leaves the others to the crop frame.
@MainActor
private final class MarkOverlay: CanvasOverlay {
    let takesLeftOf: Double
    var calls: [String] = []
    var mark: Mark?
    private var start = CropPoint.zero
    init(takesLeftOf: Double) { self.takesLeftOf = takesLeftOf }

    var drawing: (any OverlayDrawing)? { mark }
    func cursor(at point: CropPoint) -> String? { point.x < takesLeftOf ? "cell" : nil }
    func beginDrag(at point: CropPoint) -> Bool {
        guard point.x < takesLeftOf else { return false }
        start = point
        mark = Mark(centre: point)
        calls.append("begin")
        return true
    }
    func updateDrag(translation: CropSize) {
        mark = Mark(centre: CropPoint(x: start.x + translation.width, y: start.y + translation.height))
        calls.append("update")
    }
    func endDrag(translation: CropSize) {
        mark = nil
        calls.append("end")
    }
    func cancelDrag() {
        mark = nil
        calls.append("cancel")
    }
}

final class OverlayTests: XCTestCase {
    static let seedCrop = CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8)

    /// A canvas showing a mid-grey picture with `overlay` on.
    @MainActor private static func harness(with overlay: MarkOverlay) -> CanvasHarness {
        let h = CanvasHarness()
        h.canvas.setImage(TestPictures.grey(width: 1000, height: 800), crop: seedCrop)
        h.commits.removeAll()
        h.canvas.overlay = overlay
        return h
    }

    @MainActor private static func cursor(_ canvas: CropCanvas) -> String? {
        gtk_widget_get_cursor(canvas.widget).map { String(cString: gdk_cursor_get_name($0)) }
    }

    func testTheOverlayTakesTheDragAndItsDrawingIsOnScreen() throws {
        try GtkDisplay.require()
        try MainActor.assumeIsolated {
            let overlay = MarkOverlay(takesLeftOf: 250)
            let h = Self.harness(with: overlay)
            defer { h.close() }
            h.canvas.pointerMoved(x: 200, y: 250)
            XCTAssertEqual(Self.cursor(h.canvas), "cell", "the overlay's cursor over its part")
            h.canvas.dragBegan(x: 200, y: 250)
            h.canvas.dragUpdated(dx: 40, dy: -30)
            XCTAssertEqual(overlay.calls, ["begin", "update"])
            XCTAssertEqual(h.canvas.paintState.overlay?.isSame(as: Mark(centre: CropPoint(x: 240, y: 220))), true)
            // What the overlay draws reaches the screen through GTK's renderer, over the picture.
            let pixels = try XCTUnwrap(GtkDisplay.renderWhenDrawn(h.canvas.widget))
            let scale = pixels.width / h.canvas.widget.size.width
            let red = pixels.pixel(x: 240 * scale, y: 220 * scale), grey = pixels.pixel(x: 200 * scale, y: 250 * scale)
            XCTAssertEqual([red.r, red.g, red.b], [255, 0, 0], "the mark")
            XCTAssertEqual(grey.r, grey.g, "the picture beside it")
            h.canvas.dragEnded(dx: 40, dy: -30)
            XCTAssertEqual(overlay.calls, ["begin", "update", "end"])
            XCTAssertNil(h.canvas.paintState.overlay)
            XCTAssertEqual(h.canvas.crop, Self.seedCrop, "the crop frame did not move")
            XCTAssertTrue(h.commits.isEmpty)
        }
    }

    func testADragTheOverlayLeavesMovesTheFrameAndSpacePansPastIt() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let overlay = MarkOverlay(takesLeftOf: 250)
            let h = Self.harness(with: overlay)
            defer { h.close() }
            // Right of 250 points the overlay leaves the drag: the frame's body moves.
            let centre = h.canvas.viewport!.viewPoint(CropPoint(x: 0.5, y: 0.5))
            XCTAssertGreaterThan(centre.x, 250)
            h.canvas.pointerMoved(x: centre.x, y: centre.y)
            XCTAssertEqual(Self.cursor(h.canvas), "move", "the frame's cursor where the overlay has none")
            h.canvas.dragBegan(x: centre.x, y: centre.y)
            h.canvas.dragEnded(dx: 20, dy: 0)
            XCTAssertEqual(h.commits.count, 1, "the frame's drag committed")
            XCTAssertTrue(overlay.calls.isEmpty)
            // Space held: a drag on the overlay's part pans the picture instead.
            h.canvas.input.spaceHeld = true
            h.canvas.dragBegan(x: 200, y: 250)
            XCTAssertEqual(h.canvas.input.drag, .pan)
            XCTAssertNotNil(h.canvas.viewGesture)
            h.canvas.cancelDrag()
            XCTAssertNil(h.canvas.viewGesture)
            XCTAssertTrue(overlay.calls.isEmpty, "the overlay saw a drag while Space was held")
        }
    }

    func testEscapeAndANewModeEndTheOverlaysDrag() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let overlay = MarkOverlay(takesLeftOf: 250)
            let h = Self.harness(with: overlay)
            defer { h.close() }
            h.canvas.dragBegan(x: 100, y: 100)
            h.canvas.cancelDrag()
            XCTAssertEqual(overlay.calls, ["begin", "cancel"])
            XCTAssertNil(h.canvas.input.drag)
            // Late events of the cancelled drag go nowhere.
            h.canvas.dragUpdated(dx: 5, dy: 5)
            h.canvas.dragEnded(dx: 5, dy: 5)
            XCTAssertEqual(overlay.calls, ["begin", "cancel"])
            // Another mode in the middle of a drag: the old overlay's drag is cancelled first.
            h.canvas.dragBegan(x: 100, y: 100)
            h.canvas.straightenMode = true
            XCTAssertEqual(overlay.calls, ["begin", "cancel", "begin", "cancel"])
            XCTAssertEqual(Self.cursor(h.canvas), "crosshair", "straighten mode's cursor at once")
            h.canvas.straightenMode = false
            XCTAssertNil(h.canvas.overlay)
            XCTAssertEqual(h.canvas.crop, Self.seedCrop)
        }
    }

    /// Straighten mode is an overlay: a drawn line levels the picture as CropKit says, in one step.
    func testALevelLineLevelsThePictureAsOneStepAndEscapeDropsIt() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let h = CanvasHarness()
            defer { h.close() }
            h.canvas.setImage(TestPictures.grey(width: 1000, height: 800), crop: .unit)
            h.canvas.straightenMode = true
            XCTAssertTrue(h.canvas.straightenMode)
            let start = CropPoint(x: 150, y: 200), end = CropPoint(x: 450, y: 230)
            h.canvas.dragBegan(x: start.x, y: start.y)
            h.canvas.dragUpdated(dx: end.x - start.x, dy: end.y - start.y)
            XCTAssertEqual(h.canvas.levelLine, LevelLine(start: start, end: end))
            XCTAssertEqual(h.canvas.paintState.overlay?.isSame(as: LevelLine(start: start, end: end)), true)
            XCTAssertEqual(h.canvas.editor.angle, .zero, "the picture turns only when the line is let go")
            h.canvas.dragEnded(dx: end.x - start.x, dy: end.y - start.y)
            let expected = StraightenAngle.zero.levelling(lineFrom: start, to: end)
            XCTAssertNotNil(expected)
            XCTAssertEqual(h.canvas.editor.angle, expected)
            XCTAssertNil(h.canvas.levelLine)
            XCTAssertTrue(h.canvas.undo())
            XCTAssertEqual(h.canvas.editor.angle, .zero, "one undo takes the levelling back")
            // Escape: the line goes and the picture stays.
            h.canvas.dragBegan(x: start.x, y: start.y)
            h.canvas.dragUpdated(dx: 300, dy: 60)
            h.canvas.cancelDrag()
            XCTAssertNil(h.canvas.levelLine)
            XCTAssertNil(h.canvas.paintState.overlay)
            XCTAssertEqual(h.canvas.editor.angle, .zero)
        }
    }
}
