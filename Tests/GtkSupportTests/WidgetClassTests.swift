// A widget class set up from Swift: its CSS name and role, actions reaching their own closure, key bindings.

import CGtk
import XCTest

@testable import GtkSupport
@testable import TestSupport

/// What the test classes' actions were called with, in order.
@MainActor private enum Activations {
    static var seen: [String] = []
}

/// Two widget classes that install an action of the same name, and a subclass of the first that installs none.
private enum TestWidgets {
    static let first = WidgetSubclass.registerWidget(name: "GtkSupportTestWidget") { klass in
        klass.setCSSName("testwidget")
        klass.setAccessibleRole(GTK_ACCESSIBLE_ROLE_GROUP)
        klass.installAction("test.plain") { widget, parameter in
            Activations.seen.append("first plain \(parameter == nil ? "without" : "with") a parameter")
        }
        klass.installAction("test.pair", parameterType: "(si)") { widget, parameter in
            let pair = parameter?.stringAndInt
            Activations.seen.append("first pair \(pair?.string ?? "none") \(pair?.int ?? -1)")
        }
        klass.bindKey(GDK_KEY_p, to: "test.plain")
        klass.bindKey(GDK_KEY_l, GDK_SHIFT_MASK, to: "test.pair", string: "level", int: 25)
    }
    static let second = WidgetSubclass.registerWidget(name: "GtkSupportOtherTestWidget") { klass in
        klass.installAction("test.plain") { _, _ in Activations.seen.append("second plain") }
    }
    static let subclass = WidgetSubclass.register(
        name: "GtkSupportTestWidgetSubclass", parent: first, classInit: { _, _ in }, instanceInit: nil)
}

final class WidgetClassTests: XCTestCase {
    /// A new widget of `type`, owned by the caller (released by `g_object_unref`).
    @MainActor private static func owned(_ type: GType) -> UnsafeMutablePointer<GtkWidget> {
        let widget = WidgetSubclass.makeWidget(of: type)
        XCTAssertNotEqual(g_object_is_floating(widget.raw), 0, "a new widget is floating")
        g_object_ref_sink(widget.raw)
        return widget
    }

    func testTheClassHasItsNameAndRoleAndEachActionItsOwnClosure() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            Activations.seen = []
            let first = Self.owned(TestWidgets.first), second = Self.owned(TestWidgets.second),
                sub = Self.owned(TestWidgets.subclass)
            defer { [first, second, sub].forEach { g_object_unref($0.raw) } }
            XCTAssertEqual(String(cString: g_type_name(TestWidgets.first)), "GtkSupportTestWidget")
            XCTAssertEqual(String(cString: gtk_widget_get_css_name(first)), "testwidget")
            XCTAssertEqual(gtk_accessible_get_accessible_role(cgtk_accessible(first.raw)), GTK_ACCESSIBLE_ROLE_GROUP)

            XCTAssertNotEqual(gtk_widget_activate_action_variant(first, "test.plain", nil), 0)
            XCTAssertNotEqual(gtk_widget_activate_action_variant(second, "test.plain", nil), 0)
            // The subclass installed nothing: its parent's closure runs.
            XCTAssertNotEqual(gtk_widget_activate_action_variant(sub, "test.plain", nil), 0)
            var pair: [OpaquePointer?] = [g_variant_new_string("turn"), g_variant_new_int32(-10)]
            XCTAssertNotEqual(gtk_widget_activate_action_variant(first, "test.pair", g_variant_new_tuple(&pair, 2)), 0)
            XCTAssertEqual(
                Activations.seen,
                ["first plain without a parameter", "second plain", "first plain without a parameter", "first pair turn -10"])
        }
    }

    /// GTK keeps a class's key bindings as the shortcuts of a controller on each of its widgets:
    /// each is read back there (key, action, arguments) and activated as a key press would.
    func testKeyBindingsAreTheClassShortcutsAndActivateTheirAction() throws {
        try GtkDisplay.require()
        MainActor.assumeIsolated {
            Activations.seen = []
            let widget = Self.owned(TestWidgets.first)
            defer { g_object_unref(widget.raw) }
            let controllers = gtk_widget_observe_controllers(widget)!
            defer { g_object_unref(controllers.raw) }
            var shortcuts: [String] = []
            for i in 0..<g_list_model_get_n_items(controllers) {
                let controller = g_list_model_get_item(controllers, i)!
                defer { g_object_unref(controller) }
                guard gtk_shortcut_controller_get_type() == Self.type(of: controller) else { continue }
                let model = OpaquePointer(controller)
                for j in 0..<g_list_model_get_n_items(model) {
                    let shortcut = OpaquePointer(g_list_model_get_item(model, j)!)
                    defer { g_object_unref(shortcut.raw) }
                    let trigger = String(cString: gtk_shortcut_trigger_to_string(gtk_shortcut_get_trigger(shortcut)))
                    let action = String(cString: gtk_shortcut_action_to_string(gtk_shortcut_get_action(shortcut)))
                    let arguments = gtk_shortcut_get_arguments(shortcut)
                    shortcuts.append("\(trigger) \(action) \(arguments.map { String(cString: g_variant_print($0, 0)) } ?? "-")")
                    gtk_shortcut_action_activate(
                        gtk_shortcut_get_action(shortcut), GTK_SHORTCUT_ACTION_EXCLUSIVE, widget, arguments)
                }
            }
            XCTAssertEqual(shortcuts, ["p action(test.plain) -", "<Shift>l action(test.pair) ('level', 25)"])
            XCTAssertEqual(Activations.seen, ["first plain without a parameter", "first pair level 25"])
        }
    }

    func testOnlyAStringAndIntPairReadsAsOne() {
        let pair: [OpaquePointer?] = [g_variant_new_string("turn"), g_variant_new_int32(7)]
        for (variant, expected) in [
            (pair.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, 2)! }, "turn 7"),
            (g_variant_new_string("turn")!, "none"), (g_variant_new_int32(7)!, "none"),
        ] {
            g_variant_ref_sink(variant)
            defer { g_variant_unref(variant) }
            let read = ActionParameter(variant: variant).stringAndInt
            XCTAssertEqual(read.map { "\($0.string) \($0.int)" } ?? "none", expected)
        }
    }

    /// The GType of an instance, as G_TYPE_FROM_INSTANCE would give it.
    private static func type(of object: UnsafeMutableRawPointer) -> GType {
        object.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
    }
}
