// A small AT-SPI client over libatspi, the library screen readers use: find an application and an accessible, read and act.

import CAtspi
import Foundation

@testable import TestSupport

/// One accessible object on the AT-SPI bus.
final class AtspiNode {
    let pointer: UnsafeMutablePointer<AtspiAccessible>

    init(_ pointer: UnsafeMutablePointer<AtspiAccessible>) { self.pointer = pointer }
    deinit { g_object_unref(pointer) }

    private static func string(
        _ call: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> UnsafeMutablePointer<CChar>?
    ) -> String? {
        var error: UnsafeMutablePointer<GError>?
        guard let value = call(&error) else { if let error { g_error_free(error) }; return nil }
        defer { g_free(value) }
        return String(cString: value)
    }

    var name: String? { Self.string { atspi_accessible_get_name(pointer, $0) } }
    var roleName: String? { Self.string { atspi_accessible_get_role_name(pointer, $0) } }

    /// Read fresh from the application, not from libatspi's cache.
    var description: String? {
        atspi_accessible_clear_cache(pointer)
        return Self.string { atspi_accessible_get_description(pointer, $0) }
    }

    var processID: Int32 {
        var error: UnsafeMutablePointer<GError>?
        let pid = atspi_accessible_get_process_id(pointer, &error)
        if let error { g_error_free(error) }
        return Int32(bitPattern: pid)
    }

    var children: [AtspiNode] {
        var error: UnsafeMutablePointer<GError>?
        let count = atspi_accessible_get_child_count(pointer, &error)
        if let error { g_error_free(error); return [] }
        return (0..<max(count, 0)).compactMap { index in
            var error: UnsafeMutablePointer<GError>?
            let child = atspi_accessible_get_child_at_index(pointer, index, &error)
            if let error { g_error_free(error) }
            return child.map(AtspiNode.init)
        }
    }

    var parent: AtspiNode? {
        var error: UnsafeMutablePointer<GError>?
        let parent = atspi_accessible_get_parent(pointer, &error)
        if let error { g_error_free(error) }
        return parent.map(AtspiNode.init)
    }

    /// From the top-level window down to this object's parent.
    var ancestors: [AtspiNode] {
        var chain: [AtspiNode] = []
        var next = parent
        while let node = next, node.roleName != "application", chain.count < 100 {
            chain.append(node)
            next = node.parent
        }
        return chain.reversed()
    }

    func has(_ state: AtspiStateType) -> Bool {
        guard let set = atspi_accessible_get_state_set(pointer) else { return false }
        defer { g_object_unref(set) }
        return atspi_state_set_contains(set, state) != 0
    }

    /// The objects this one says it is labelled by (what screen readers read as its label).
    var labelledBy: [AtspiNode] {
        var error: UnsafeMutablePointer<GError>?
        guard let relations = atspi_accessible_get_relation_set(pointer, &error) else {
            if let error { g_error_free(error) }
            return []
        }
        defer { g_array_unref(relations) }
        var targets: [AtspiNode] = []
        // A GArray of AtspiRelation references, each ours to release.
        let items = UnsafeMutableRawPointer(relations.pointee.data!).assumingMemoryBound(
            to: UnsafeMutablePointer<AtspiRelation>?.self)
        for index in 0..<Int(relations.pointee.len) {
            guard let relation = items[index] else { continue }
            defer { g_object_unref(relation) }
            guard atspi_relation_get_relation_type(relation) == ATSPI_RELATION_LABELLED_BY else { continue }
            for target in 0..<atspi_relation_get_n_targets(relation) {
                if let node = atspi_relation_get_target(relation, target) { targets.append(AtspiNode(node)) }
            }
        }
        return targets
    }

    /// Every descendant (depth first, bounded), this object excluded.
    func descendants(depth: Int = 30) -> [AtspiNode] {
        guard depth > 0 else { return [] }
        return children.flatMap { [$0] + $0.descendants(depth: depth - 1) }
    }

    /// The first descendant (depth first, bounded) with this name.
    func find(named target: String, depth: Int = 30) -> AtspiNode? {
        guard depth > 0 else { return nil }
        for child in children {
            if child.name == target { return child }
            if let found = child.find(named: target, depth: depth - 1) { return found }
        }
        return nil
    }

    /// The Value interface's current value (a progress bar's), read fresh; nil without the interface.
    var currentValue: Double? {
        atspi_accessible_clear_cache(pointer)
        guard let value = atspi_accessible_get_value_iface(pointer) else { return nil }
        defer { g_object_unref(value) }
        var error: UnsafeMutablePointer<GError>?
        let current = atspi_value_get_current_value(value, &error)
        if let error { g_error_free(error); return nil }
        return current
    }

    /// The names of the actions the Action interface lists.
    var actionNames: [String] {
        guard let action = atspi_accessible_get_action_iface(pointer) else { return [] }
        defer { g_object_unref(action) }
        var error: UnsafeMutablePointer<GError>?
        let count = atspi_action_get_n_actions(action, &error)
        if let error { g_error_free(error); return [] }
        return (0..<max(count, 0)).compactMap { index in
            Self.string { atspi_action_get_action_name(action, index, $0) }
        }
    }

    /// Invokes the action with this name (looked up by name: the order is hash-table order).
    @discardableResult
    func doAction(named target: String) -> Bool {
        guard let index = actionNames.firstIndex(of: target),
            let action = atspi_accessible_get_action_iface(pointer)
        else { return false }
        defer { g_object_unref(action) }
        var error: UnsafeMutablePointer<GError>?
        let done = atspi_action_do_action(action, Int32(index), &error)
        if let error { g_error_free(error); return false }
        return done != 0
    }
}

enum AtspiClient {
    static let initialized: Bool = {
        atspi_init()
        return true
    }()

    /// Waits for the application of process `pid` to appear on the desktop.
    static func application(pid: Int32, timeout: Double = 20) -> AtspiNode? {
        _ = initialized
        var found: AtspiNode?
        _ = GtkDisplay.poll(timeout: timeout) {
            found = atspi_get_desktop(0).flatMap { AtspiNode($0).children.first { $0.processID == pid } }
            return found != nil
        }
        return found
    }

    /// Polls `read` until it returns something other than `old`, or the timeout passes.
    static func waitForChange(from old: String?, timeout: Double = 5, _ read: () -> String?) -> String? {
        var value = read()
        _ = GtkDisplay.poll(timeout: timeout) {
            value = read()
            return value != old
        }
        return value
    }
}

/// The four numbers of a crop area description.
struct SpokenCrop: Equatable, CustomStringConvertible {
    let left, top, width, height: Int

    init(left: Int, top: Int, width: Int, height: Int) {
        (self.left, self.top, self.width, self.height) = (left, top, width, height)
    }

    /// The description as the editor speaks it.
    var text: String { "left \(left) percent, top \(top) percent, width \(width) percent, height \(height) percent" }
    var description: String { text }

    init?(_ description: String?) {
        guard let description else { return nil }
        let pattern = #"^left (-?\d+) percent, top (-?\d+) percent, width (\d+) percent, height (\d+) percent$"#
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(in: description, range: NSRange(description.startIndex..., in: description)),
            match.numberOfRanges == 5
        else { return nil }
        let numbers = (1...4).map { Int((description as NSString).substring(with: match.range(at: $0)))! }
        (left, top, width, height) = (numbers[0], numbers[1], numbers[2], numbers[3])
    }
}
