// End to end through AT-SPI as Orca sees it: the real editor, libatspi, real keys and a real drag (xdotool).

import Canvas
import Foundation
import XCTest

@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class AtspiEndToEndTests: XCTestCase {
    func testCropAreaSpeaksActsAndFollowsKeysAndDrags() throws {
        try GtkTestSupport.requireDisplay()
        let folder = try GtkDisplay.temporaryFolder("atspi")
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = folder.appendingPathComponent("access.png").path
        XCTAssertNotNil(Shell.run("convert", ["-size", "1200x900", "xc:#808080", image]))

        let editor = try ExternalEditor(arguments: [image])
        defer { editor.stop() }
        let window = try XCTUnwrap(editor.waitForWindow(named: "access.png"), "the editor window never appeared")
        Shell.run("xdotool", ["windowmove", "--sync", window, "0", "0"])
        let app = try XCTUnwrap(
            AtspiClient.application(pid: editor.process.processIdentifier),
            "crop-editor never appeared on the AT-SPI desktop")
        XCTAssertEqual(app.name, "crop-editor")
        let area = try XCTUnwrap(app.find(named: "Crop area"), "no “Crop area” in the application")
        XCTAssertEqual(area.roleName, "panel")
        XCTAssertEqual(area.description, "left 0 percent, top 0 percent, width 100 percent, height 100 percent")

        assertListsEveryAction(area)
        framesByActions(area)
        let moved = try moveByActions(area)
        let widened = try moveByKeys(area, window: window, from: moved)
        try dragCorner(area, from: widened, folder: folder)
        straighten(area)
        XCTAssertTrue(editor.process.isRunning)
    }

    /// The crop area lists every move, resize, Reset and straighten action.
    private func assertListsEveryAction(_ area: AtspiNode) {
        let expected = [
            CanvasAction.adjust(.moveLeft).detailed, CanvasAction.adjust(.moveRight).detailed,
            CanvasAction.adjust(.moveUp).detailed, CanvasAction.adjust(.moveDown).detailed,
            CanvasAction.adjust(.makeWider).detailed,
            CanvasAction.adjust(.makeNarrower).detailed, CanvasAction.adjust(.makeTaller).detailed,
            CanvasAction.adjust(.makeShorter).detailed, CanvasAction.adjust(.reset).detailed,
            CanvasAction.straightenClockwise.detailed, CanvasAction.straightenCounterclockwise.detailed,
            CanvasAction.addFrame.detailed, CanvasAction.removeFrame.detailed, CanvasAction.nextFrame.detailed,
            CanvasAction.previousFrame.detailed, CanvasAction.findPhotos.detailed, CanvasAction.cutOut.detailed,
        ]
        let names = area.actionNames
        for name in expected { XCTAssertTrue(names.contains(name), "action \(name) is not listed: \(names)") }
    }

    /// A screen reader's actions add a frame, hear which one is edited, and remove it again.
    private func framesByActions(_ area: AtspiNode) {
        XCTAssertTrue(area.doAction(named: CanvasAction.addFrame.detailed))
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 5) { area.description?.hasPrefix("frame 2 of 2, left ") == true }, area.description ?? "")
        XCTAssertTrue(area.doAction(named: CanvasAction.removeFrame.detailed))
        XCTAssertTrue(GtkDisplay.poll(timeout: 5) { area.description?.hasPrefix("left ") == true }, area.description ?? "")
    }

    /// Actions: room to move first, then move right by the 5 % step; the crop as it then is.
    private func moveByActions(_ area: AtspiNode) throws -> SpokenCrop {
        XCTAssertTrue(area.doAction(named: CanvasAction.adjust(.makeNarrower).detailed))
        XCTAssertTrue(area.doAction(named: CanvasAction.adjust(.makeNarrower).detailed))
        let narrowed = try XCTUnwrap(SpokenCrop(area.description))
        XCTAssertEqual(narrowed.width, 90)
        XCTAssertTrue(area.doAction(named: CanvasAction.adjust(.moveRight).detailed))
        let moved = try XCTUnwrap(SpokenCrop(area.description))
        XCTAssertEqual(moved.left, narrowed.left + 5, "move-right did not move the left edge by 5")
        return moved
    }

    /// Real keys to the focused crop area: Right moves by 1 %, Shift+Right widens by 1 %; the crop as it then is.
    private func moveByKeys(_ area: AtspiNode, window: String, from moved: SpokenCrop) throws -> SpokenCrop {
        Shell.run("xdotool", ["windowfocus", "--sync", window])
        XCTAssertTrue(
            GtkDisplay.poll(timeout: 5) { Shell.run("xdotool", ["getwindowfocus"])?.hasPrefix(window) == true },
            "the editor window never took the focus")
        let beforeRight = area.description
        Shell.run("xdotool", ["key", "--clearmodifiers", "Right"])
        let afterRight = try XCTUnwrap(SpokenCrop(AtspiClient.waitForChange(from: beforeRight) { area.description }))
        XCTAssertEqual(
            afterRight, SpokenCrop(left: moved.left + 1, top: moved.top, width: moved.width, height: moved.height),
            "Right did not move the frame by 1 %")
        let beforeShift = area.description
        Shell.run("xdotool", ["key", "--clearmodifiers", "shift+Right"])
        let widened = try XCTUnwrap(SpokenCrop(AtspiClient.waitForChange(from: beforeShift) { area.description }))
        XCTAssertEqual(
            widened,
            SpokenCrop(
                left: afterRight.left, top: afterRight.top, width: afterRight.width + 1,
                height: afterRight.height), "Shift+Right did not widen by 1 %")
        return widened
    }

    /// A real drag of the bottom-right bracket, 100 points up and left; the description follows.
    private func dragCorner(_ area: AtspiNode, from widened: SpokenCrop, folder: URL) throws {
        let (shot, corner) = try XCTUnwrap(
            Screenshot.settled(folder.appendingPathComponent("a11y.png").path) {
                $0.bottomRightWhite(below: 60)
            }, "no frame on screen")
        let topLeft = try XCTUnwrap(shot.topLeftWhite(below: 60))
        // The frame spans widened.width % of the image on screen: from that, the image's size in points.
        let imageWidth = Double(corner.x - topLeft.x) * 100 / Double(widened.width)
        let imageHeight = Double(corner.y - topLeft.y) * 100 / Double(widened.height)
        RealPointer.drag(from: (corner.x - 3, corner.y - 3), by: (-100, -100))
        let dragged = try XCTUnwrap(SpokenCrop(AtspiClient.waitForChange(from: widened.text) { area.description }))
        XCTAssertEqual(dragged.left, widened.left, "a corner drag must not move the left edge")
        XCTAssertEqual(dragged.top, widened.top)
        XCTAssertEqual(
            Double(dragged.width), Double(widened.width) - 100 / imageWidth * 100, accuracy: 1.5,
            "100 points on a \(imageWidth)-point-wide image: \(widened) → \(dragged)")
        XCTAssertEqual(
            Double(dragged.height), Double(widened.height) - 100 / imageHeight * 100, accuracy: 1.5,
            "100 points on a \(imageHeight)-point-tall image: \(widened) → \(dragged)")
    }

    /// Straightening: the actions turn by 1°, the `]` key by 0.1°, and the description says the angle.
    private func straighten(_ area: AtspiNode) {
        XCTAssertTrue(area.doAction(named: CanvasAction.straightenClockwise.detailed))
        XCTAssertTrue(area.description?.hasSuffix(", straightened 1 degree clockwise") == true, area.description ?? "none")
        let beforeBracket = area.description
        Shell.run("xdotool", ["key", "--clearmodifiers", "bracketright"])
        let turned = AtspiClient.waitForChange(from: beforeBracket) { area.description } ?? ""
        XCTAssertTrue(turned.hasSuffix(", straightened 1.1 degrees clockwise"), turned)
        for _ in 0..<3 { XCTAssertTrue(area.doAction(named: CanvasAction.straightenCounterclockwise.detailed)) }
        XCTAssertTrue(
            area.description?.hasSuffix(", straightened 1.9 degrees counterclockwise") == true, area.description ?? "none")
    }
}
