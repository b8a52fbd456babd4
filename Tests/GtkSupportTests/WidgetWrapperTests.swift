// GtkSupport's typed widget calls set and read back what the C calls they stand for do.

import CGtk
import GtkSupport
import XCTest

@testable import TestSupport

final class WidgetWrapperTests: XCTestCase {
    func testPropertiesReadBackWhatWasSetAndBoxesHoldWhatIsAppended() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let box = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
            g_object_ref_sink(box.raw)
            defer { g_object_unref(box.raw) }
            let label = Widgets.label("one")
            box.append(label)
            XCTAssertEqual(gtk_widget_get_parent(label), box)
            XCTAssertEqual(label.labelText, "one")
            label.labelText = "two"
            XCTAssertEqual(String(cString: gtk_label_get_text(cgtk_label(label.raw))), "two")

            label.isVisible = false
            XCTAssertEqual(gtk_widget_get_visible(label), 0)
            XCTAssertFalse(label.isVisible)
            label.isSensitive = false
            XCTAssertEqual(gtk_widget_get_sensitive(label), 0)
            label.tooltip = "Why it is there"
            XCTAssertEqual(label.tooltip, "Why it is there")
            label.align(GTK_ALIGN_END, GTK_ALIGN_START)
            XCTAssertEqual(gtk_widget_get_halign(label), GTK_ALIGN_END)
            XCTAssertEqual(gtk_widget_get_valign(label), GTK_ALIGN_START)
            label.addCSSClasses("osd", "numeric")
            XCTAssertNotEqual(gtk_widget_has_css_class(label, "osd"), 0)
            XCTAssertNotEqual(gtk_widget_has_css_class(label, "numeric"), 0)
            label.requestSize(width: 32, height: 24)
            var width: Int32 = 0, height: Int32 = 0
            gtk_widget_get_size_request(label, &width, &height)
            XCTAssertEqual([width, height], [32, 24])
        }
    }
}
