// The crop area to a screen reader in process (GTK's test context): role, label, the description after actions, keys, a drag.

import CGtk
import CropKit
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import CanvasTestSupport
@testable import TestSupport

final class CropAreaAccessibilityTests: XCTestCase {
    static let seedCrop = CropRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8)

    /// nil when the canvas's property has exactly `expected`, otherwise what it has.
    @MainActor private static func mismatch(
        _ canvas: CropCanvas, _ property: GtkAccessibleProperty,
        _ expected: String
    ) -> String? {
        guard let actual = cgtk_test_accessible_check_string(canvas.widget, property, expected) else { return nil }
        defer { g_free(actual) }
        return String(cString: actual)
    }

    func testRoleLabelAndDescriptionAfterEachActionAndADrag() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let h = CanvasHarness()
            defer { h.close() }
            h.canvas.setImage(TestPictures.grey(width: 1000, height: 800), crop: Self.seedCrop)
            XCTAssertNotEqual(gtk_test_accessible_has_role(cgtk_accessible(h.canvas.widget.raw), GTK_ACCESSIBLE_ROLE_GROUP), 0)
            XCTAssertNil(Self.mismatch(h.canvas, GTK_ACCESSIBLE_PROPERTY_LABEL, "Crop area"))
            XCTAssertNil(
                Self.mismatch(
                    h.canvas, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                    "left 10 percent, top 10 percent, width 80 percent, height 80 percent"))
            // Each action from the starting crop (10 % in from every side), worked out by hand with the 5 % step.
            let expectations: [(String, String)] = [
                ("move-left", "left 5 percent, top 10 percent, width 80 percent, height 80 percent"),
                ("move-right", "left 10 percent, top 10 percent, width 80 percent, height 80 percent"),
                ("move-up", "left 10 percent, top 5 percent, width 80 percent, height 80 percent"),
                ("move-down", "left 10 percent, top 10 percent, width 80 percent, height 80 percent"),
                ("make-wider", "left 10 percent, top 10 percent, width 85 percent, height 80 percent"),
                ("make-narrower", "left 10 percent, top 10 percent, width 80 percent, height 80 percent"),
                ("make-taller", "left 10 percent, top 10 percent, width 80 percent, height 85 percent"),
                ("make-shorter", "left 10 percent, top 10 percent, width 80 percent, height 80 percent"),
            ]
            for (action, expected) in expectations {
                XCTAssertNotEqual(gtk_widget_activate_action_variant(h.canvas.widget, "crop.\(action)", nil), 0, action)
                XCTAssertNil(Self.mismatch(h.canvas, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, expected), "after \(action)")
            }
            // A drag: the bottom-right corner 10 % of the image up and left.
            let vp = h.canvas.viewport!
            let corner = vp.viewPoint(CropPoint(x: 0.9, y: 0.9))
            h.canvas.dragBegan(x: corner.x, y: corner.y)
            h.canvas.dragUpdated(dx: -0.1 * vp.imageFrame.width, dy: -0.1 * vp.imageFrame.height)
            // Not during the drag: only commits change what a screen reader hears.
            XCTAssertNil(
                Self.mismatch(
                    h.canvas, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                    "left 10 percent, top 10 percent, width 80 percent, height 80 percent"))
            h.canvas.dragEnded(dx: -0.1 * vp.imageFrame.width, dy: -0.1 * vp.imageFrame.height)
            XCTAssertNil(
                Self.mismatch(
                    h.canvas, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                    "left 10 percent, top 10 percent, width 70 percent, height 70 percent"))
            XCTAssertNotEqual(gtk_widget_activate_action_variant(h.canvas.widget, CanvasAction.adjust(.reset).detailed, nil), 0)
            XCTAssertNil(
                Self.mismatch(
                    h.canvas, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                    "left 10 percent, top 10 percent, width 80 percent, height 80 percent"))
        }
    }

    func testKeyStepsMoveByOnePercentOrOnePixel() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let h = CanvasHarness()
            defer { h.close() }
            h.canvas.setImage(TestPictures.grey(width: 1000, height: 800), crop: Self.seedCrop)
            @MainActor func key(_ adjustment: String, _ unit: CropAdjustment.StepUnit) {
                let children = [g_variant_new_string(adjustment), g_variant_new_int32(Int32(unit.rawValue))]
                let tuple = children.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, 2) }
                let activated = gtk_widget_activate_action_variant(h.canvas.widget, CanvasAction.keyAdjust.detailed, tuple)
                XCTAssertNotEqual(activated, 0)
            }
            key("move-right", .percent)
            XCTAssertNil(
                Self.mismatch(
                    h.canvas, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                    "left 11 percent, top 10 percent, width 80 percent, height 80 percent"))
            key("make-taller", .percent)
            XCTAssertNil(
                Self.mismatch(
                    h.canvas, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                    "left 11 percent, top 10 percent, width 80 percent, height 81 percent"))
            let before = h.canvas.crop.pixelRect(imageWidth: 1000, imageHeight: 800)
            key("make-wider", .pixel)
            key("move-down", .pixel)
            let after = h.canvas.crop.pixelRect(imageWidth: 1000, imageHeight: 800)
            XCTAssertEqual(after, PixelRect(x: before.x, y: before.y + 1, width: before.width + 1, height: before.height))
        }
    }
}
