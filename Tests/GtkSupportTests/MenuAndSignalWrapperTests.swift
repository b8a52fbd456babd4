// GtkSupport's changing menus, signal handlers that end, a callback after the next paint, drags and drops as copies.

import CGtk
import GtkSupport
import XCTest

@testable import TestSupport

final class MenuAndSignalWrapperTests: XCTestCase {
    func testAnEditableMenuChangesInsideTheMenuItIsASectionOf() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let main = Menu.sectioned([[.action("_Open…", "win.open")]])
            defer { Menu.release(main) }
            let section = EditableMenu()
            section.prepend(asSectionOf: main)
            section.append("_Undo", action: "win.undo")
            let ratios = Menu.sectioned([[.action("Square", "win.aspect-ratio::1:1")]])
            section.append("Aspect _Ratio", submenu: ratios)
            Menu.release(ratios)
            XCTAssertEqual(Menu.entries(main).map(\.label), ["_Undo", "Aspect _Ratio", "_Open…"])
            XCTAssertEqual(Menu.entries(section.model).map(\.action), ["win.undo", nil])
            section.removeAll()
            XCTAssertEqual(Menu.entries(main).map(\.label), ["_Open…"])
        }
    }

    func testDisconnectedHandlersStopAndAHandlerGoesWithItsOwner() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let action = g_simple_action_new("test", nil)!
            defer { g_object_unref(action.raw) }
            var first = 0, second = 0
            let id = Signal.connectPointer(action.raw, "activate") { _ in first += 1 }
            let owner = gtk_window_new()!
            let other = Signal.connectPointer(action.raw, "activate") { _ in second += 1 }
            Signal.disconnect(action.raw, other, whenDestroyed: owner)
            g_action_activate(action, nil)
            XCTAssertEqual([first, second], [1, 1])
            Signal.disconnect(action.raw, id)
            owner.asWindow.destroy()
            g_action_activate(action, nil)
            XCTAssertEqual([first, second], [1, 1], "a disconnected handler still ran")
        }
    }

    func testAfterNextPaintRunsOnceAfterAFrameOrAtOnceWhenNotShown() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let unshown = Widgets.label("unshown")
            g_object_ref_sink(unshown.raw)
            defer { g_object_unref(unshown.raw) }
            var ranUnshown = 0
            unshown.afterNextPaint { ranUnshown += 1 }
            XCTAssertEqual(ranUnshown, 1, "a widget without a frame clock waited")

            let window = gtk_window_new()!
            defer { window.asWindow.destroy() }
            let label = Widgets.label("shown")
            gtk_window_set_child(window.asWindow, label)
            window.asWindow.present()
            XCTAssertTrue(GtkDisplay.drawn(label))
            var painted = 0
            label.afterNextPaint { painted += 1 }
            XCTAssertEqual(painted, 0, "it ran before a frame was painted")
            XCTAssertTrue(GtkDisplay.pump { painted == 1 }, "it never ran")
            XCTAssertTrue(GtkDisplay.drawn(label))
            XCTAssertEqual(painted, 1, "it ran again on a later frame")
        }
    }

    func testDragsAndDropsAreOfferedAndTakenAsCopies() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let source = Widgets.box(GTK_ORIENTATION_VERTICAL), target = Widgets.box(GTK_ORIENTATION_VERTICAL)
            for widget in [source, target] { g_object_ref_sink(widget.raw) }
            defer { for widget in [source, target] { g_object_unref(widget.raw) } }
            DragAndDrop.offerCopy(from: source) { nil }
            let formats = Clipboard.formats(mimeTypes: ["image/png"], files: true)
            DragAndDrop.acceptCopies(on: target, formats: formats) { _ in false }
            let drag = try? XCTUnwrap(Self.onlyController(of: source))
            XCTAssertEqual(drag.map { gtk_drag_source_get_actions(OpaquePointer($0)) }, GDK_ACTION_COPY)
            guard let drop = Self.onlyController(of: target) else { return XCTFail("no drop target") }
            XCTAssertEqual(gtk_drop_target_async_get_actions(OpaquePointer(drop)), GDK_ACTION_COPY)
            let offered = gtk_drop_target_async_get_formats(OpaquePointer(drop))
            XCTAssertEqual(Clipboard.mimeTypes(offered).contains("image/png"), true)
        }
    }

    /// The one event controller of `widget`, if it has exactly one.
    @MainActor private static func onlyController(of widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutableRawPointer? {
        let controllers = gtk_widget_observe_controllers(widget)!
        defer { g_object_unref(controllers.raw) }
        guard g_list_model_get_n_items(controllers) == 1, let controller = g_list_model_get_item(controllers, 0) else {
            return nil
        }
        // The widget holds it too: the reference the list gave is not needed.
        g_object_unref(controller)
        return controller
    }
}
