// Undo and redo across committed changes: a drag, a key, an action, a ratio change and a reset, restored exactly.

import CGtk
import CropKit
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class UndoRedoTests: XCTestCase {
    @MainActor private static func description(_ window: EditorWindow) -> String? {
        guard let actual = cgtk_test_accessible_check_string(window.canvas.widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "") else {
            return ""
        }
        defer { g_free(actual) }
        return String(cString: actual)
    }

    func testEveryKindOfCommitIsOneStepBackAndForth() throws {
        try GtkTestSupport.requireDisplay()
        try MainActor.assumeIsolated {
            let window = GtkTestSupport.demoWindow()
            defer {
                window.ratio.choose(.free)  // remembered: later windows must start free
                gtk_window_destroy(cgtk_window(window.window.raw))
            }
            let canvas = window.canvas
            XCTAssertFalse(canvas.history.canUndo, "a new picture starts with nothing to undo")
            var states = [canvas.crop]
            // A drag.
            let vp = try XCTUnwrap(canvas.viewport)
            let corner = vp.viewPoint(CropPoint(x: 0.9, y: 0.9))
            canvas.dragBegan(x: corner.x, y: corner.y)
            canvas.dragEnded(dx: -40, dy: -30)
            states.append(canvas.crop)
            // An accessibility action, a ratio, a reset.
            XCTAssertNotEqual(gtk_widget_activate_action_variant(canvas.widget, CanvasAction.adjust(.moveUp).detailed, nil), 0)
            states.append(canvas.crop)
            window.ratio.choose(.square)
            states.append(canvas.crop)
            canvas.reset()
            states.append(canvas.crop)
            for (a, b) in zip(states, states.dropFirst()) { XCTAssertNotEqual(a, b, "each step changes the crop: \(states)") }

            for expected in states.dropLast().reversed() {
                window.activate(.undo)
                XCTAssertEqual(canvas.crop, expected)
                XCTAssertEqual(
                    Self.description(window), CropText.accessibilityValue(expected), "the screen reader hears the undo")
            }
            XCTAssertFalse(canvas.history.canUndo)
            XCTAssertEqual(canvas.aspectRatio, .free, "undoing the ratio change restores Free")
            for expected in states.dropFirst() {
                window.activate(.redo)
                XCTAssertEqual(canvas.crop, expected)
            }
            XCTAssertFalse(canvas.history.canRedo)
            // A new change after an undo drops the redo steps.
            window.activate(.undo)
            XCTAssertNotEqual(
                gtk_widget_activate_action_variant(canvas.widget, CanvasAction.adjust(.makeNarrower).detailed, nil), 0)
            XCTAssertFalse(canvas.history.canRedo)
        }
    }
}
