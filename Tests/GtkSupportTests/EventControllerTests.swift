// Event controllers made by type and button, added to a widget, read outside an event, reset.

import CGtk
import GtkSupport
import XCTest

@testable import TestSupport

final class EventControllerTests: XCTestCase {
    @MainActor private static func typeName(_ controller: EventController) -> String {
        String(cString: g_type_name(controller.raw.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type))
    }

    /// Runs `body` with a widget of its own, let go after it.
    private static func withWidget(_ body: @MainActor (UnsafeMutablePointer<GtkWidget>) -> Void) throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let widget = Widgets.label()
            g_object_ref_sink(widget.raw)
            defer { g_object_unref(widget.raw) }
            body(widget)
        }
    }

    func testEachKindIsMadeForItsButtonAndBelongsToTheWidget() throws {
        try Self.withWidget { widget in
            let made: [(EventController, String, Int32?)] = [
                (.drag(button: GDK_BUTTON_PRIMARY), "GtkGestureDrag", GDK_BUTTON_PRIMARY),
                (.drag(button: GDK_BUTTON_MIDDLE), "GtkGestureDrag", GDK_BUTTON_MIDDLE),
                (.click(button: GDK_BUTTON_SECONDARY), "GtkGestureClick", GDK_BUTTON_SECONDARY),
                (.pinch(), "GtkGestureZoom", nil), (.motion(), "GtkEventControllerMotion", nil),
                (.scroll(), "GtkEventControllerScroll", nil), (.keys(), "GtkEventControllerKey", nil),
            ]
            for (controller, type, button) in made {
                XCTAssertEqual(Self.typeName(controller), type)
                if let button {
                    XCTAssertEqual(gtk_gesture_single_get_button(cgtk_gesture_single(controller.raw)), UInt32(button))
                }
                widget.addController(controller.raw)
                XCTAssertEqual(gtk_event_controller_get_widget(controller.pointer), widget, "\(type) was not added")
            }
            let scroll = made[5].0
            XCTAssertEqual(
                gtk_event_controller_scroll_get_flags(cgtk_event_controller_scroll(scroll.raw)),
                GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES)
        }
    }

    func testOutsideAnEventNothingIsHeldAndAPinchHasNoCentre() throws {
        try Self.withWidget { widget in
            let drag = EventController.drag(button: GDK_BUTTON_PRIMARY), pinch = EventController.pinch()
            widget.addController(drag.raw)
            widget.addController(pinch.raw)
            XCTAssertFalse(drag.holds(GDK_SHIFT_MASK))
            XCTAssertFalse(drag.holds(GDK_CONTROL_MASK))
            XCTAssertNil(pinch.centre, "a pinch with no fingers down has no centre")
            drag.reset()
            XCTAssertEqual(gtk_gesture_is_active(cgtk_gesture(drag.raw)), 0)
        }
    }
}
