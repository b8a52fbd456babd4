// GtkSupport's typed GActions: plain, toggled and radio actions run their handlers, and enabling and states read back.

import CGtk
import GtkSupport
import XCTest

@testable import TestSupport

final class ActionMapTests: XCTestCase {
    func testEachKindOfActionRunsItsHandlerAndKeepsItsState() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            let group = g_simple_action_group_new()!
            defer { g_object_unref(group.raw) }
            let map = ActionMap(group.raw)
            let actions = OpaquePointer(group)
            var plain = 0, toggled: [Bool] = [], chosen: [String] = []
            map.addPlain("plain") { plain += 1 }
            map.addToggle("toggle", initial: true) { toggled.append($0) }
            map.addChoice("choice", initial: "a") { chosen.append($0) }

            g_action_group_activate_action(actions, "plain", nil)
            XCTAssertEqual(plain, 1)
            // A check item: the state changes, then the handler runs with it.
            g_action_group_change_action_state(actions, "toggle", g_variant_new_boolean(0))
            XCTAssertEqual(toggled, [false])
            let toggleState = g_action_group_get_action_state(actions, "toggle")!
            XCTAssertEqual(g_variant_get_boolean(toggleState), 0)
            g_variant_unref(toggleState)
            // A radio item: the handler hears the value and sets the state itself.
            g_action_group_change_action_state(actions, "choice", g_variant_new_string("b"))
            XCTAssertEqual(chosen, ["b"])
            XCTAssertEqual(map.stringState("choice"), "a", "the state changed before the handler set it")
            map.setState("choice", .string("b"))
            XCTAssertEqual(map.stringState("choice"), "b")
            XCTAssertNil(map.stringState("toggle"), "a boolean state read as a string")

            XCTAssertTrue(map.isEnabled("plain"))
            map.setEnabled("plain", false)
            XCTAssertFalse(map.isEnabled("plain"))
            g_action_group_activate_action(actions, "plain", nil)
            XCTAssertEqual(plain, 1, "a disabled action ran")
            XCTAssertFalse(map.isEnabled("missing"))
            map.setEnabled("missing", true)
            map.setState("missing", .bool(true))
        }
    }

    func testASettingBecomesAnActionNamedAfterItsKey() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            guard let settings = Settings.installed("io.github.cropeditor.CropEditor") else {
                return XCTFail("the schema is not found")
            }
            defer { g_settings_reset(settings, "guides") }
            let group = g_simple_action_group_new()!
            defer { g_object_unref(group.raw) }
            let map = ActionMap(group.raw)
            map.addSetting("guides", of: settings)
            g_action_group_change_action_state(OpaquePointer(group), "guides", g_variant_new_string("grid"))
            XCTAssertEqual(settings.string("guides"), "grid")
            settings.setString("guides", "diagonals")
            XCTAssertEqual(map.stringState("guides"), "diagonals")
        }
    }

    func testAcceleratorsAreWrittenForPeopleAndShortcutsGoOnTheirWidget() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            XCTAssertEqual(Shortcuts.label("<Control>z"), "Ctrl+Z")
            XCTAssertEqual(Shortcuts.label("<Control><Shift>s"), "Shift+Ctrl+S")
            XCTAssertNil(Shortcuts.label("<Nonsense>"))
            let widget = Widgets.box(GTK_ORIENTATION_VERTICAL)
            g_object_ref_sink(widget.raw)
            defer { g_object_unref(widget.raw) }
            let controllers = gtk_widget_observe_controllers(widget)!
            defer { g_object_unref(controllers.raw) }
            XCTAssertEqual(g_list_model_get_n_items(controllers), 0)
            Shortcuts.add(to: widget, [(keys: "plus|equal", action: "win.zoom-in"), (keys: "minus", action: "win.zoom-out")])
            XCTAssertEqual(g_list_model_get_n_items(controllers), 1)
            let controller = OpaquePointer(g_list_model_get_item(controllers, 0))!
            defer { g_object_unref(controller.raw) }
            // A GtkShortcutController lists its shortcuts as a GListModel.
            XCTAssertEqual(g_list_model_get_n_items(controller), 2)
            let first = OpaquePointer(g_list_model_get_item(controller, 0))!
            defer { g_object_unref(first.raw) }
            let action = gtk_shortcut_action_to_string(gtk_shortcut_get_action(first))!
            defer { g_free(action) }
            XCTAssertEqual(String(cString: action), "action(win.zoom-in)")
        }
    }
}
