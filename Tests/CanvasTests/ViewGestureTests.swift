// The view in process: a pinch far from the centre does not jump and commits what it showed; a zoomed frame stays on the picture.

import CGtk
import CropKit
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import CanvasTestSupport
@testable import TestSupport

final class ViewGestureTests: XCTestCase {
    func testAPinchStartingFarFromTheCentreDoesNotJump() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let h = CanvasHarness()
            defer { h.close() }
            h.canvas.setImage(TestPictures.grey(width: 1000, height: 800), crop: .unit)
            h.canvas.zoom = ZoomState(zoom: 2, center: CropPoint(x: 0.3, y: 0.6))
            let committed = h.canvas.viewport!
            // A touchpad pinch begins in the corner: the first frame is exactly what was shown.
            h.canvas.beginViewGesture(at: CropPoint(x: 5, y: 5))
            XCTAssertEqual(h.canvas.viewport, committed)
            h.canvas.updateViewGesture(scale: 1.5, translation: .zero)
            let during = h.canvas.viewport!
            XCTAssertEqual(during.zoom.zoom, 3, accuracy: 1e-9)
            XCTAssertEqual(h.canvas.zoom.zoom, 2, "the gesture is transient until it ends")
            h.canvas.endViewGesture()
            XCTAssertEqual(h.canvas.viewport, during, "the end commits what was shown")
            // A cancelled gesture leaves the committed zoom.
            h.canvas.beginViewGesture(at: CropPoint(x: 300, y: 300))
            h.canvas.updateViewGesture(scale: 2, translation: CropSize(width: 40, height: 0))
            h.canvas.cancelViewGesture()
            XCTAssertEqual(h.canvas.viewport, during)
        }
    }

    func testTheFrameStaysOnTheImageWhenZoomed() throws {
        try GtkDisplay.require()
        try MainActor.assumeIsolated {
            let h = CanvasHarness()
            defer { h.close() }
            h.canvas.setImage(
                TestPictures.grey(width: 1000, height: 800, level: 0.6),
                crop: CropRect(x: 0.3, y: 0.3, width: 0.3, height: 0.3))
            h.canvas.zoomFromKeyboard(by: 2)
            let viewport = try XCTUnwrap(h.canvas.viewport)
            XCTAssertEqual(viewport.zoom.zoom, 2, accuracy: 1e-9)
            let frame = viewport.viewRect(h.canvas.crop)
            XCTAssertTrue(GtkDisplay.drawn(h.canvas.widget))
            let pixels = try XCTUnwrap(WidgetRenderer.render(h.canvas.widget))
            let inside = pixels.pixel(x: Int(frame.midX), y: Int(frame.midY + 20))
            let outside = pixels.pixel(x: Int(frame.minX) - 20, y: Int(frame.midY + 20))
            let bracket = pixels.pixel(x: Int(frame.minX) + 5, y: Int(frame.minY) + 1)
            XCTAssertEqual(Double(inside.r), 0.6 * 255, accuracy: 3, "inside the zoomed frame is the picture")
            XCTAssertEqual(Double(outside.r), 0.6 * 255 * 0.45, accuracy: 3, "outside it is dimmed")
            XCTAssertGreaterThan(Int(bracket.r), 240, "the bracket is drawn on the frame's corner")
            // The grips keep their 44 points on screen: a press 20 points outside the corner grabs it.
            XCTAssertEqual(
                h.canvas.session.target(at: CropPoint(x: frame.minX - 20, y: frame.minY - 20), in: viewport),
                .handle(.topLeft))
        }
    }
}
