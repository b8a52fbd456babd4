// Registering GtkWidget subclasses from Swift and attaching per-instance Swift state to them.

import CGtk

/// A GType registered once from Swift, with C class and instance initializers.
public enum WidgetSubclass {
    /// Registers `name` as a subclass of `parent` with the parent's class and instance sizes
    /// (the Swift side keeps its state in qdata, not in the instance struct).
    public static func register(
        name: String, parent: GType,
        classInit: GClassInitFunc, instanceInit: GInstanceInitFunc?
    ) -> GType {
        var query = GTypeQuery()
        g_type_query(parent, &query)
        return g_type_register_static_simple(
            parent, name, query.class_size, classInit,
            query.instance_size, instanceInit, GTypeFlags(0))
    }

}

/// Per-instance Swift state kept on a GObject under a quark; released when the object is finalized.
public struct InstanceState<State: AnyObject>: Sendable {
    private let quark: GQuark

    public init(key: String) { quark = g_quark_from_string(key) }

    /// Attaches `state` to `object`, retained until the object is finalized (or replaced).
    public func attach(_ state: State, to object: UnsafeMutableRawPointer) {
        g_object_set_qdata_full(cgtk_object(object), quark, Unmanaged.passRetained(state).toOpaque()) { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
    }

    /// The state attached to `object`, if any.
    public func get(_ object: UnsafeMutableRawPointer?) -> State? {
        guard let object, let data = g_object_get_qdata(cgtk_object(object), quark) else { return nil }
        return Unmanaged<State>.fromOpaque(data).takeUnretainedValue()
    }
}
