// Event controllers and gestures, typed: made for a button or for scrolling, and read in their handlers.

import CGtk

/// A GtkEventController (a gesture, keys, pointer motion, scrolling) as the editor makes and reads
/// one. The widget it is added to (`addController(_:)`) owns it; this value only points at it.
@MainActor
public struct EventController {
    /// The `GtkEventController`.
    public let pointer: OpaquePointer

    init(_ controller: UnsafeMutableRawPointer) { pointer = cgtk_event_controller(controller) }

    /// The controller as GLib's `gpointer`, for connecting its signals.
    public var raw: UnsafeMutableRawPointer { pointer.raw }

    /// A drag with mouse button `button` (`GDK_BUTTON_PRIMARY`, …): `drag-begin` with the point
    /// pressed, `drag-update` and `drag-end` with the offset from it.
    public static func drag(button: Int32) -> EventController {
        let gesture = gtk_gesture_drag_new()!
        gtk_gesture_single_set_button(cgtk_gesture_single(gesture.raw), UInt32(button))
        return EventController(gesture.raw)
    }

    /// Presses of mouse button `button`: `pressed` with the count (2 for a double-click) and the point.
    public static func click(button: Int32) -> EventController {
        let gesture = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(cgtk_gesture_single(gesture.raw), UInt32(button))
        return EventController(gesture.raw)
    }

    /// Two-finger pinches: `begin`, `scale-changed` with the scale since it began, `end`, `cancel`.
    public static func pinch() -> EventController { EventController(gtk_gesture_zoom_new()!.raw) }

    /// Pointer motion over the widget: `enter` and `motion` with the point.
    public static func motion() -> EventController { EventController(gtk_event_controller_motion_new()!.raw) }

    /// Scrolling along both axes: `scroll` with the deltas, answering whether it was used.
    public static func scroll() -> EventController {
        EventController(gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES)!.raw)
    }

    /// Keys pressed and released while the widget has focus.
    public static func keys() -> EventController { EventController(gtk_event_controller_key_new()!.raw) }

    /// Whether `modifier` (`GDK_SHIFT_MASK`, …) is held in the event being handled now; false
    /// outside an event.
    public func holds(_ modifier: GdkModifierType) -> Bool {
        guard gtk_event_controller_get_current_event(pointer) != nil else { return false }
        return gtk_event_controller_get_current_event_state(pointer).rawValue & modifier.rawValue != 0
    }

    /// Drops what the controller tracks: a gesture in progress ends without its `drag-end`.
    public func reset() { gtk_event_controller_reset(pointer) }

    /// The centre of a touch gesture's points (where a pinch is), in the widget's points; nil
    /// when the gesture is not recognized.
    public var centre: (x: Double, y: Double)? {
        var x = 0.0, y = 0.0
        guard gtk_gesture_is_active(cgtk_gesture(raw)) != 0, gtk_gesture_get_bounding_box_center(cgtk_gesture(raw), &x, &y) != 0
        else { return nil }
        return (x, y)
    }

    /// Whether the scroll being handled comes in a mouse wheel's notches (else in a touchpad's
    /// surface points).
    public var scrollsByWheel: Bool {
        gtk_event_controller_scroll_get_unit(cgtk_event_controller_scroll(raw)) == GDK_SCROLL_UNIT_WHEEL
    }
}
