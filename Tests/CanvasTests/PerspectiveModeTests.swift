// Perspective mode on the crop area in process: the corners' words, keys and drags, Escape, Apply as one step, no cache rebuild.

import CGtk
import CropKit
import GtkSupport
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import CanvasTestSupport
@testable import TestSupport

final class PerspectiveModeTests: XCTestCase {
    /// The `(si)` parameter the crop area's key actions take.
    @MainActor private static func pair(_ string: String, _ int: Int32) -> OpaquePointer? {
        let children = [g_variant_new_string(string), g_variant_new_int32(int)]
        return children.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, 2) }
    }

    @MainActor private static func key(_ canvas: CropCanvas, _ what: String, _ value: Int32) -> Bool {
        let tuple = pair(what, value)
        return gtk_widget_activate_action_variant(canvas.widget, CanvasAction.perspectiveKey.detailed, tuple) != 0
    }

    @MainActor private static func arrow(_ canvas: CropCanvas, _ name: String, pixel: Bool = false) {
        let unit = (pixel ? CropAdjustment.StepUnit.pixel : .percent).rawValue
        let tuple = pair(name, Int32(unit))
        XCTAssertNotEqual(gtk_widget_activate_action_variant(canvas.widget, CanvasAction.keyAdjust.detailed, tuple), 0)
    }

    func testKeysChooseAndMoveCornersAndOrcaHearsWhereEachIs() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let h = CanvasHarness()
            defer { h.close() }
            h.canvas.setImage(TestPictures.grey(width: 1000, height: 800), crop: .unit)
            let commitsBefore = h.commits.count
            h.canvas.beginPerspective()
            XCTAssertTrue(h.canvas.isEditingPerspective)
            XCTAssertTrue(h.canvas.paintState.noFrame)
            XCTAssertEqual(
                h.canvas.spokenDescription, "perspective, top left corner, 10 percent from the left, 10 percent from the top")
            Self.arrow(h.canvas, "move-left")
            Self.arrow(h.canvas, "move-up", pixel: true)
            let corner = h.canvas.perspectiveEditing?.quad.topLeft
            XCTAssertEqual(corner, CropPoint(x: 90, y: 79))
            XCTAssertEqual(
                h.canvas.spokenDescription, "perspective, top left corner, 9 percent from the left, 10 percent from the top")
            XCTAssertTrue(Self.key(h.canvas, "corner", -1))
            XCTAssertEqual(
                h.canvas.spokenDescription, "perspective, bottom left corner, 10 percent from the left, 90 percent from the top")
            // A screen reader's action moves the chosen corner too, and records no step of the hidden crop.
            XCTAssertNotEqual(gtk_widget_activate_action_variant(h.canvas.widget, "crop.move-down", nil), 0)
            XCTAssertEqual(h.canvas.perspectiveEditing?.quad.bottomLeft, CropPoint(x: 100, y: 728))
            XCTAssertFalse(h.canvas.editor.canUndo)
            // Nothing is committed until the mode is applied.
            XCTAssertNil(h.canvas.editor.perspective)
            XCTAssertEqual(h.commits.count, commitsBefore)
            XCTAssertTrue(Self.key(h.canvas, "apply", 0))
            XCTAssertFalse(h.canvas.isEditingPerspective)
            let correction = try? XCTUnwrap(h.canvas.editor.perspective)
            XCTAssertEqual(correction?.quad.topLeft, CropPoint(x: 90, y: 79))
            XCTAssertTrue(h.canvas.editor.canUndo)
            XCTAssertTrue(h.canvas.spokenDescription.hasPrefix("Perspective corrected. "), h.canvas.spokenDescription)
            XCTAssertEqual(h.canvas.viewport?.imageWidth, h.canvas.editor.rectification?.size.width)
            // One undo step takes it all away.
            XCTAssertTrue(h.canvas.undo())
            XCTAssertNil(h.canvas.editor.perspective)
            XCTAssertFalse(h.canvas.editor.canUndo)
        }
    }

    func testEscapeLeavesTheModeWithNothingChangedAndAnArrowMovesTheCropAgain() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let h = CanvasHarness()
            defer { h.close() }
            h.canvas.setImage(
                TestPictures.grey(width: 1000, height: 800), crop: CropRect(x: 0.2, y: 0.2, width: 0.5, height: 0.5))
            var modes: [Bool] = []
            let record = h.canvas.onEvent
            h.canvas.onEvent = { event in
                if case .perspectiveModeChanged(let on) = event { modes.append(on) }
                record?(event)
            }
            h.canvas.beginPerspective()
            Self.arrow(h.canvas, "move-right")
            // The Escape key's action: no drag is on, so the mode ends.
            XCTAssertNotEqual(
                gtk_widget_activate_action_variant(h.canvas.widget, CanvasAction.escapeKey.detailed, Self.pair("escape", 0)), 0)
            XCTAssertFalse(h.canvas.isEditingPerspective)
            XCTAssertEqual(modes, [true, false])
            XCTAssertNil(h.canvas.editor.perspective)
            XCTAssertFalse(h.canvas.editor.canUndo)
            Self.arrow(h.canvas, "move-right")
            XCTAssertEqual(h.canvas.crop.minX, 0.21, accuracy: 1e-9)
        }
    }

    func testACornerDragChangesOnlyTheModeAndRebuildsNoDisplayCache() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let h = CanvasHarness()
            defer { h.close() }
            h.canvas.setImage(TestPictures.grey(width: 1000, height: 800), crop: .unit)
            h.canvas.beginPerspective()
            GtkDisplay.drawn(h.canvas.widget)
            var builds = 0
            h.canvas.painter.onCacheBuild = { builds += 1 }
            let before = h.canvas.editor
            let vp = h.canvas.viewport!
            let corner = h.canvas.perspectiveEditing!.viewPoint(of: .bottomRight, in: vp)
            h.canvas.dragBegan(x: corner.x + 10, y: corner.y - 10)
            for step in 1...10 {
                h.canvas.dragUpdated(dx: Double(step) * 3, dy: Double(step) * 2)
                GtkDisplay.drawn(h.canvas.widget)
                // The magnifier shows while the corner moves.
                XCTAssertNotNil((h.canvas.paintState.overlay as? PerspectiveDrawing)?.magnifier)
            }
            XCTAssertEqual(h.canvas.editor, before, "the committed state changed during the drag")
            h.canvas.dragEnded(dx: 30, dy: 20)
            XCTAssertEqual(builds, 0, "the display cache was rebuilt during a corner drag")
            let moved = h.canvas.perspectiveEditing!.quad.bottomRight
            XCTAssertEqual(moved.x, 900 + 30 / vp.scale, accuracy: 1e-2)
            XCTAssertEqual(moved.y, 720 + 20 / vp.scale, accuracy: 1e-2)
            XCTAssertNil((h.canvas.paintState.overlay as? PerspectiveDrawing)?.magnifier)
            XCTAssertEqual(h.canvas.perspectiveEditing?.selected, .bottomRight)
        }
    }

    func testAFoundPageIsCommittedAtOnceOutsideTheModeAndPlacedInsideIt() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let h = CanvasHarness()
            defer { h.close() }
            h.canvas.setImage(TestPictures.grey(width: 1000, height: 800), crop: .unit)
            let page = PerspectiveQuad(
                topLeft: CropPoint(x: 300, y: 150), topRight: CropPoint(x: 700, y: 160),
                bottomRight: CropPoint(x: 800, y: 650), bottomLeft: CropPoint(x: 200, y: 640))
            h.canvas.beginPerspective()
            h.canvas.placeFoundDocument(page)
            XCTAssertEqual(h.canvas.perspectiveEditing?.quad, page)
            XCTAssertNil(h.canvas.editor.perspective)
            h.canvas.cancelPerspective()
            h.canvas.placeFoundDocument(page)
            XCTAssertEqual(h.canvas.editor.perspective?.quad, page)
            h.canvas.removePerspective()
            XCTAssertNil(h.canvas.editor.perspective)
            // Placed and removed: two steps back to the start.
            XCTAssertTrue(h.canvas.undo())
            XCTAssertEqual(h.canvas.editor.perspective?.quad, page)
            XCTAssertTrue(h.canvas.undo())
            XCTAssertFalse(h.canvas.editor.canUndo)
        }
    }
}
