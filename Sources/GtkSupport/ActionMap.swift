// Typed GActions in an action map (a window, the application): plain, toggled, radio, settings; enabling and state.

import CGtk

/// A stateful action's state, as Swift values rather than GVariants.
public enum ActionState: Equatable, Sendable {
    case bool(Bool)
    case string(String)

    /// A new floating GVariant of the state.
    var variant: OpaquePointer {
        switch self {
        case .bool(let value): return g_variant_new_boolean(value ? 1 : 0)
        case .string(let value): return g_variant_new_string(value)
        }
    }
}

/// A `GActionMap` (an application window or the application): the actions added to it by name.
@MainActor
public struct ActionMap {
    public let object: UnsafeMutableRawPointer

    public init(_ object: UnsafeMutableRawPointer) { self.object = object }

    /// An action without state; `activated` runs each time it is activated.
    public func addPlain(_ name: String, _ activated: @escaping @MainActor () -> Void) {
        let action = g_simple_action_new(name, nil)!
        Signal.connectPointer(action.raw, "activate") { _ in activated() }
        add(action)
    }

    /// A check item: its state changes first, then `changed` runs with the new one.
    public func addToggle(_ name: String, initial: Bool, _ changed: @escaping @MainActor (Bool) -> Void) {
        let action = g_simple_action_new_stateful(name, nil, ActionState.bool(initial).variant)!
        Signal.connectPointer(action.raw, "change-state") { [action] value in
            guard let value else { return }
            g_simple_action_set_state(action, OpaquePointer(value))
            changed(g_variant_get_boolean(OpaquePointer(value)) != 0)
        }
        add(action)
    }

    /// Radio items (`name::value`): `chosen` gets the value and sets the state itself (`setState`),
    /// so it may refuse a value.
    public func addChoice(_ name: String, initial: String, _ chosen: @escaping @MainActor (String) -> Void) {
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        let action = g_simple_action_new_stateful(name, type, ActionState.string(initial).variant)!
        Signal.connectPointer(action.raw, "change-state") { value in
            guard let value, let text = g_variant_get_string(OpaquePointer(value), nil) else { return }
            chosen(String(cString: text))
        }
        add(action)
    }

    /// The settings key `key` as an action of the same name: its state is the setting.
    public func addSetting(_ key: String, of settings: UnsafeMutablePointer<GSettings>) {
        add(g_settings_create_action(settings, key))
    }

    /// Takes the action `name` out of the map; GLib disconnects the map from it there and then.
    public func remove(_ name: String) {
        g_action_map_remove_action(OpaquePointer(object), name)
    }

    /// Enables or disables the action `name` (greyed out in menus, its keys do nothing).
    public func setEnabled(_ name: String, _ enabled: Bool) {
        guard let action = g_action_map_lookup_action(cgtk_action_map(object), name) else { return }
        g_simple_action_set_enabled(action, enabled ? 1 : 0)
    }

    /// Whether the action `name` is enabled (false for an action the map does not have).
    public func isEnabled(_ name: String) -> Bool {
        g_action_group_get_action_enabled(OpaquePointer(object), name) != 0
    }

    /// Sets a stateful action's state from code: menus and toggles show it, no handler runs.
    public func setState(_ name: String, _ state: ActionState) {
        guard let action = g_action_map_lookup_action(cgtk_action_map(object), name) else { return }
        g_simple_action_set_state(action, state.variant)
    }

    /// The action's state when it is a string (a radio action's), else nil.
    public func stringState(_ name: String) -> String? {
        guard let state = g_action_group_get_action_state(OpaquePointer(object), name) else { return nil }
        defer { g_variant_unref(state) }
        guard g_variant_classify(state) == G_VARIANT_CLASS_STRING else { return nil }
        return g_variant_get_string(state, nil).map { String(cString: $0) }
    }

    private func add(_ action: OpaquePointer) {
        g_action_map_add_action(OpaquePointer(object), action)
        g_object_unref(action.raw)
    }
}
