// The canvas's drag handlers, driven like GtkGestureDrag drives them, commit exactly what CropKit says.

import CGtk
import CropKit
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import CanvasTestSupport
@testable import TestSupport

final class CanvasGestureTests: XCTestCase {
    static let seedCrop = CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8)

    /// A 600×500 window with a 1000×800 grey image at the demo's starting crop (10 % in from every side).
    @MainActor private static func harness() -> (CanvasHarness, Viewport) {
        let h = CanvasHarness()
        h.canvas.setImage(TestPictures.grey(width: 1000, height: 800), crop: Self.seedCrop)
        h.commits.removeAll()
        return (h, h.canvas.viewport!)
    }

    func testCornerDragMovesOnlyThatCornerAndCommitsOnRelease() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let (h, vp) = Self.harness()
            defer { h.close() }
            let frame = vp.imageFrame
            let corner = vp.viewPoint(CropPoint(x: 0.9, y: 0.9))
            h.canvas.dragBegan(x: corner.x, y: corner.y)
            h.canvas.dragUpdated(dx: -0.1 * frame.width, dy: -0.2 * frame.height)
            // During the drag only the transient state changes.
            XCTAssertEqual(h.canvas.crop, Self.seedCrop)
            XCTAssertTrue(h.commits.isEmpty)
            assertCropsClose(h.canvas.shownCrop, CropRect(x: 0.1, y: 0.1, width: 0.7, height: 0.6))
            h.canvas.dragEnded(dx: -0.1 * frame.width, dy: -0.2 * frame.height)
            assertCropsClose(h.canvas.crop, CropRect(x: 0.1, y: 0.1, width: 0.7, height: 0.6))
            XCTAssertEqual(h.commits.count, 1)
        }
    }

    func testEdgeDragMovesOnlyItsSide() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let (h, vp) = Self.harness()
            defer { h.close() }
            let leftMiddle = vp.viewPoint(CropPoint(x: 0.1, y: 0.5))
            h.canvas.dragBegan(x: leftMiddle.x, y: leftMiddle.y)
            h.canvas.dragEnded(dx: 0.05 * vp.imageFrame.width, dy: 30)
            assertCropsClose(h.canvas.crop, CropRect(x: 0.15, y: 0.1, width: 0.75, height: 0.8))
        }
    }

    func testBodyDragMovesTheFrameAndKeepsItsSize() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let (h, vp) = Self.harness()
            defer { h.close() }
            let centre = vp.viewPoint(CropPoint(x: 0.5, y: 0.5))
            h.canvas.dragBegan(x: centre.x, y: centre.y)
            h.canvas.dragEnded(dx: 0.05 * vp.imageFrame.width, dy: -0.5 * vp.imageFrame.height)
            // Up by half the image, clamped at the top edge.
            assertCropsClose(h.canvas.crop, CropRect(x: 0.15, y: 0, width: 0.8, height: 0.8))
        }
    }

    func testDraggingOutsideTheFrameDrawsANewRectangle() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let (h, vp) = Self.harness()
            defer { h.close() }
            // Near the image's top-left corner: outside every grip of the starting frame.
            let start = vp.viewPoint(CropPoint(x: 0.02, y: 0.02))
            let end = vp.viewPoint(CropPoint(x: 0.5, y: 0.4))
            h.canvas.dragBegan(x: start.x, y: start.y)
            h.canvas.dragEnded(dx: end.x - start.x, dy: end.y - start.y)
            assertCropsClose(h.canvas.crop, CropRect(x: 0.02, y: 0.02, width: 0.48, height: 0.38))
            XCTAssertEqual(h.commits.count, 1)
        }
    }

    func testEscapeCancelsADragAndRestoresTheCommittedCrop() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let (h, vp) = Self.harness()
            defer { h.close() }
            let corner = vp.viewPoint(CropPoint(x: 0.1, y: 0.1))
            h.canvas.dragBegan(x: corner.x, y: corner.y)
            h.canvas.dragUpdated(dx: 120, dy: 90)
            XCTAssertNotEqual(h.canvas.shownCrop, Self.seedCrop)
            h.canvas.cancelDrag()
            XCTAssertEqual(h.canvas.shownCrop, Self.seedCrop)
            // The gesture still reports its end when the button comes up: nothing may commit.
            h.canvas.dragEnded(dx: 120, dy: 90)
            XCTAssertEqual(h.canvas.crop, Self.seedCrop)
            XCTAssertTrue(h.commits.isEmpty)
        }
    }

    func testAClickWithoutMovementChangesNothing() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let (h, vp) = Self.harness()
            defer { h.close() }
            for point in [CropPoint(x: 0.02, y: 0.5), CropPoint(x: 0.5, y: 0.5), CropPoint(x: 0.9, y: 0.9)] {
                let p = vp.viewPoint(point)
                h.canvas.dragBegan(x: p.x, y: p.y)
                h.canvas.dragEnded(dx: 0, dy: 0)
            }
            // A new rectangle smaller than 4 points is a click too.
            let p = vp.viewPoint(CropPoint(x: 0.02, y: 0.5))
            h.canvas.dragBegan(x: p.x, y: p.y)
            h.canvas.dragEnded(dx: 3, dy: 40)
            XCTAssertEqual(h.canvas.crop, Self.seedCrop)
            XCTAssertTrue(h.commits.isEmpty)
        }
    }

    func testResetReturnsToTheStartingCrop() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let (h, vp) = Self.harness()
            defer { h.close() }
            let centre = vp.viewPoint(CropPoint(x: 0.5, y: 0.5))
            h.canvas.dragBegan(x: centre.x, y: centre.y)
            h.canvas.dragEnded(dx: 40, dy: 40)
            XCTAssertNotEqual(h.canvas.crop, Self.seedCrop)
            h.canvas.reset()
            XCTAssertEqual(h.canvas.crop, Self.seedCrop, "the committed crop is the starting one at once")
            // The drawn frame reaches it within the animation (or at once with animations off).
            XCTAssertTrue(GtkDisplay.pump(timeout: 2) { h.canvas.shownCrop == Self.seedCrop })
        }
    }

    func testCursorNamesFollowTheHandle() {
        XCTAssertEqual(CropCanvas.cursorName(for: .handle(.body)), "move")
        XCTAssertEqual(CropCanvas.cursorName(for: .handle(.top)), "n-resize")
        XCTAssertEqual(CropCanvas.cursorName(for: .handle(.right)), "e-resize")
        XCTAssertEqual(CropCanvas.cursorName(for: .handle(.bottomLeft)), "sw-resize")
        XCTAssertEqual(CropCanvas.cursorName(for: .handle(.topRight)), "ne-resize")
        XCTAssertEqual(CropCanvas.cursorName(for: .newRectangle), "crosshair")
    }
}
