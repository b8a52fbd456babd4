// A widget subclass's class from Swift: registering it, its CSS name and role, actions run as Swift closures, key bindings.

import CGtk
import Synchronization

/// What an action of a widget class runs: the widget it was activated on, and its parameter when
/// the action takes one.
public typealias WidgetClassAction = @MainActor @Sendable (UnsafeMutablePointer<GtkWidget>, ActionParameter?) -> Void

extension WidgetSubclass {
    /// Registers `name` as a subclass of GtkWidget whose class `classInit` sets up (vfuncs, actions,
    /// key bindings); the Swift side keeps its per-instance state in qdata (`InstanceState`).
    public static func registerWidget(
        name: String, classInit: @convention(c) (UnsafeMutablePointer<GtkWidgetClass>) -> Void
    ) -> GType {
        var query = GTypeQuery()
        g_type_query(gtk_widget_get_type(), &query)
        // GLib hands the class data to the class initializer: the Swift function travels there.
        var info = GTypeInfo(
            class_size: guint16(query.class_size), base_init: nil, base_finalize: nil,
            class_init: { klass, data in
                typealias SetUp = @convention(c) (UnsafeMutablePointer<GtkWidgetClass>) -> Void
                unsafeBitCast(data, to: SetUp.self)(cgtk_widget_class(klass))
            },
            class_finalize: nil, class_data: unsafeBitCast(classInit, to: UnsafeRawPointer.self),
            instance_size: guint16(query.instance_size), n_preallocs: 0, instance_init: nil, value_table: nil)
        return g_type_register_static(gtk_widget_get_type(), name, &info, GTypeFlags(0))
    }

    /// A new widget of a type registered here: floating, as any new widget, until a parent sinks it.
    public static func makeWidget(of type: GType) -> UnsafeMutablePointer<GtkWidget> {
        cgtk_widget(g_object_new_with_properties(type, 0, nil, nil))
    }
}

extension UnsafeMutablePointer where Pointee == GtkWidgetClass {
    /// The element name style sheets select the widget by.
    public func setCSSName(_ name: String) { gtk_widget_class_set_css_name(self, name) }

    /// The role screen readers are told the widget has.
    public func setAccessibleRole(_ role: GtkAccessibleRole) { gtk_widget_class_set_accessible_role(self, role) }

    /// Installs the action `name` (`group.name`) on every widget of the class: `activate` runs on the
    /// main thread with the widget. With a `parameterType` (a GVariant type such as `(si)`) the action
    /// takes a parameter, which also keeps it off the actions AT-SPI lists.
    public func installAction(_ name: String, parameterType: String? = nil, _ activate: @escaping WidgetClassAction) {
        let type = pointee.parent_class.g_type_class.g_type
        installedActions.withLock { $0[InstalledAction(type: type, name: name)] = activate }
        gtk_widget_class_install_action(self, name, parameterType, activateInstalledAction)
    }

    /// Binds `keyval` (a `GDK_KEY_…`) with `modifiers` to the parameterless action `action`.
    public func bindKey(_ keyval: Int32, _ modifiers: GdkModifierType = GdkModifierType(0), to action: String) {
        cgtk_widget_class_add_binding_action(self, UInt32(keyval), modifiers, action)
    }

    /// Binds `keyval` with `modifiers` to `action`, which takes the `(si)` parameter (`string`, `int`).
    public func bindKey(
        _ keyval: Int32, _ modifiers: GdkModifierType = GdkModifierType(0), to action: String, string: String, int: Int32
    ) {
        cgtk_widget_class_add_binding_action_si(self, UInt32(keyval), modifiers, action, string, int)
    }
}

/// An action's parameter as GTK hands it to the action, borrowed for the call.
public struct ActionParameter {
    let variant: OpaquePointer

    /// The string and the integer of a `(si)` parameter (what `bindKey(_:_:to:string:int:)` passes);
    /// nil for a parameter of another type.
    public var stringAndInt: (string: String, int: Int32)? {
        guard String(cString: g_variant_get_type_string(variant)) == "(si)",
            let first = g_variant_get_child_value(variant, 0), let second = g_variant_get_child_value(variant, 1)
        else { return nil }
        defer {
            g_variant_unref(first)
            g_variant_unref(second)
        }
        return (String(cString: g_variant_get_string(first, nil)), g_variant_get_int32(second))
    }
}

/// An action installed through `installAction`: the class that installed it and its name.
private struct InstalledAction: Hashable {
    let type: GType
    let name: String
}

/// The closures of the actions `installAction` installed. GTK's class actions take a C function
/// and no data, so one C function finds each action's closure here, by the class and the name.
private let installedActions = Mutex<[InstalledAction: WidgetClassAction]>([:])

/// Runs the closure installed for `name` by the widget's class or the nearest ancestor that has one.
private let activateInstalledAction: GtkWidgetActionActivateFunc = { widget, name, parameter in
    guard let widget, let name else { return }
    let actionName = String(cString: name)
    var type = widget.raw.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
    while type != 0 {
        if let action = installedActions.withLock({ $0[InstalledAction(type: type, name: actionName)] }) {
            // GTK activates actions on the main thread; the pointers never leave it.
            nonisolated(unsafe) let (widget, parameter) = (widget, parameter)
            MainActor.assumeIsolated { action(widget, parameter.map(ActionParameter.init)) }
            return
        }
        type = g_type_parent(type)
    }
}
