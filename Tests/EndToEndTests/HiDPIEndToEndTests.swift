// End to end at scale factor 2: the real crop-editor under GDK_SCALE=2 draws its overlay at device resolution.

import Foundation
import XCTest

@testable import TestSupport
@testable import WindowTestSupport

final class HiDPIEndToEndTests: XCTestCase {
    func testTheBracketIsEightCrispDevicePixelsAtScaleTwo() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("hidpi")
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = folder.appendingPathComponent("grey2x.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "600x400", "xc:#808080", image]), "ImageMagick could not make the image")

        let editor = try ExternalEditor(arguments: [image], environment: ["GDK_SCALE": "2"])
        defer { editor.stop() }
        let window = try XCTUnwrap(editor.waitForWindow(named: "grey2x.png"), "the editor window never appeared")
        Shell.run("xdotool", ["windowmove", "--sync", window, "0", "0"])
        // Below the header bar (about 50 points, 100 pixels): the top-left bracket's outer corner,
        // once the first frame has reached the screen and settled.
        let (shot, corner) = try XCTUnwrap(
            Screenshot.settled(folder.appendingPathComponent("shot.png").path) {
                $0.topLeftWhite(below: 110)
            }, "no white frame on screen")
        // Across its horizontal arm, 12 points along: 4 points wide is 8 pure-white device pixels
        // with no white beyond. A 1× frame stretched to 2× would have soft edges instead.
        let run = try XCTUnwrap(shot.bracketArmRows(corner: corner, along: 24), "no bracket arm at \(corner)")
        XCTAssertEqual(run, 8, "white rows across the bracket's arm at scale 2 (corner \(corner))")
        XCTAssertTrue(editor.process.isRunning, "the editor exited")
    }
}
