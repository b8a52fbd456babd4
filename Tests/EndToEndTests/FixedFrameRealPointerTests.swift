// The fixed frame stays where it is while a real pointer drag (xdotool) moves the picture under it.

import CGtk
import CropKit
import Foundation
import GtkSupport
import ImagingCore
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import CanvasTestSupport
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class FixedFrameRealPointerTests: XCTestCase {
    func testTheFixedFrameStaysAndARealDragMovesThePictureUnderIt() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("fixed")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("avatar.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "1200x800", "xc:#808080", path]))
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.window(opening: path)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            let canvas = window.canvas
            // 360 × 360 pixels: a square avatar crop.
            canvas.commit(CropRect(x: 0.25, y: 0.25, width: 0.3, height: 0.45))
            let square = canvas.crop
            window.activate(.fixedFrame)
            XCTAssertTrue(canvas.fixedFrame)
            XCTAssertEqual(canvas.crop, square, "entering the mode changed the crop")
            XCTAssertEqual(window.lastToast, "The fixed frame has the crop's proportions", "no square suggestion")
            XCTAssertEqual(window.lastToastAction, WindowAction.aspectRatio.detailed("1:1"))
            let layout = try XCTUnwrap(canvas.fixedLayout)
            let frame = layout.frame(for: square)
            XCTAssertEqual(frame.width, frame.height, accuracy: 1e-9, "a square crop gets a square frame")
            assertCropsClose(try XCTUnwrap(canvas.viewport).viewRect(square), frame, "the crop fills the frame", accuracy: 1e-6)

            let origin = try GtkTestSupport.placeAtCorner(window, name: "avatar.png")
            // Press inside the frame (where a handle would be in the other mode) and drag right.
            let start = (x: Int(origin.x + frame.midX), y: Int(origin.y + frame.midY))
            RealPointer.drag(from: start, by: (90, 0))
            XCTAssertTrue(
                GtkDisplay.pump(timeout: 3) { canvas.crop != square && canvas.viewGesture == nil }, "the drag did nothing")
            // The picture followed the pointer: the crop moved left by 90 of the frame's points.
            let moved = canvas.crop
            XCTAssertEqual(moved.minX, square.minX - 90 / frame.width * square.width, accuracy: 1.5 / frame.width * square.width)
            XCTAssertEqual(moved.minY, square.minY, accuracy: 1e-9)
            XCTAssertEqual(moved.width, square.width, accuracy: 1e-12, "panning resized the crop")
            assertCropsClose(
                try XCTUnwrap(canvas.viewport).viewRect(moved), layout.frame(for: moved), "the frame stayed put", accuracy: 1e-6)

            // Zooming the picture in makes the crop smaller about the frame's centre.
            window.canvas.zoomFromKeyboard(by: 1.25)
            XCTAssertEqual(canvas.crop.width, square.width / 1.25, accuracy: 1e-9)
            XCTAssertEqual(canvas.crop.midX, moved.midX, accuracy: 1e-9)

            // Leaving the mode keeps the crop; the handles work again.
            let kept = canvas.crop
            window.activate(.fixedFrame)
            XCTAssertFalse(canvas.fixedFrame)
            XCTAssertEqual(canvas.crop, kept)
            XCTAssertEqual(
                window.canvas.session.target(
                    at: {
                        let f = canvas.viewport!.viewRect(kept); return CropPoint(x: f.minX, y: f.minY)
                    }(), in: canvas.viewport!), .handle(.topLeft))
        }
    }

}
