// In-process accessibility of the window (GTK's test AT context): every header control has a name and a tooltip.

import CGtk
import CropKit
import XCTest

@_spi(Benchmark) @testable import Canvas
@testable import EditorUI
@testable import TestSupport
@testable import WindowTestSupport

final class AccessibilityTests: XCTestCase {
    func testEveryHeaderControlHasANameAndATooltip() throws {
        try GtkTestSupport.requireDisplay()
        MainActor.assumeIsolated {
            let window = EditorWindow(application: GtkTestSupport.application.application)
            defer { gtk_window_destroy(cgtk_window(window.window.raw)) }
            window.showDemo()
            XCTAssertEqual(
                window.header.controls.count, 15,
                "Open, Reset, menu, ratio menu, Undo, Redo, pixels, previews, Save, Straighten, Perspective, Cut Out, previous and next photo, Suggest (the size is shown over the picture)"
            )
            for control in window.header.controls {
                let tooltip = gtk_widget_get_tooltip_text(control).map { String(cString: $0) } ?? ""
                XCTAssertFalse(tooltip.isEmpty, "a header control has no tooltip")
                let accessible = cgtk_accessible(control.raw)
                // A name: an explicit accessible label, or the visible text of a text button or label.
                let labelled = gtk_test_accessible_has_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL) != 0
                let textButton =
                    gtk_widget_get_first_child(control).map {
                        g_type_is_a(Self.type(of: $0), gtk_label_get_type()) != 0
                    } ?? false
                let label = g_type_is_a(Self.type(of: control), gtk_label_get_type()) != 0
                XCTAssertTrue(labelled || textButton || label, "a header control (\(tooltip)) has no name")
            }
        }
    }

    /// G_TYPE_FROM_INSTANCE is a macro.
    private static func type(of widget: UnsafeMutablePointer<GtkWidget>) -> GType {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
    }
}
