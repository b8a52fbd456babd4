// End to end: the real crop-editor on a grey image, a real pointer drag (xdotool), the white frame seen on screen.

import Foundation
import XCTest

@testable import TestSupport
@testable import WindowTestSupport

final class RealPointerDragTests: XCTestCase {
    func testDraggingTheBottomRightBracketWithARealPointer() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("drag")
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = folder.appendingPathComponent("midgrey.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "1200x900", "xc:#808080", image]), "ImageMagick could not make the image")

        let editor = try ExternalEditor(arguments: [image])
        defer { editor.stop() }
        let window = try XCTUnwrap(editor.waitForWindow(named: "midgrey.png"), "the editor window never appeared")
        Shell.run("xdotool", ["windowmove", "--sync", window, "0", "0"])
        // Below the header bar (about 50 points): only the frame's brackets are pure white there,
        // once the first frame has reached the screen and settled.
        let shots = folder.appendingPathComponent("shot.png").path
        let corner = try XCTUnwrap(Screenshot.settled(shots) { $0.bottomRightWhite(below: 60) }, "no white frame on screen").point

        // Press just inside the bracket's corner, travel 100 points up-left, release.
        RealPointer.drag(from: (corner.x - 3, corner.y - 3), by: (-100, -100))
        Shell.run("xdotool", ["mousemove", "5", "5"])  // out of the way of the screenshot
        // Once the drag has been drawn (the corner moved) and the screen has settled.
        let moved = try XCTUnwrap(
            Screenshot.settled(shots) { shot in
                shot.bottomRightWhite(below: 60).flatMap { $0 == corner ? nil : $0 }
            }, "no white frame after the drag"
        ).point
        XCTAssertEqual(Double(moved.x), Double(corner.x - 100), accuracy: 2, "frame corner x: \(corner) → \(moved)")
        XCTAssertEqual(Double(moved.y), Double(corner.y - 100), accuracy: 2, "frame corner y: \(corner) → \(moved)")
        XCTAssertTrue(editor.process.isRunning, "the editor exited during the drag")
    }
}
