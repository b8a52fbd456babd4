// A counting test hook for GObjects: weak references on the objects a test names, and how many are still alive.

import CGtk
import GtkSupport

@testable import TestSupport

/// Counts objects that have been finalized among those tracked. Debian's GLib is built without
/// G_ENABLE_DEBUG, so GOBJECT_DEBUG=instance-count counts nothing there; weak references see
/// every finalization instead.
@MainActor
final class ObjectCensus {
    private(set) var tracked = 0
    private(set) var finalized = 0
    /// The live tracked objects and their type names, for the failure message.
    private var seen: [UnsafeMutableRawPointer: String] = [:]

    var alive: Int { tracked - finalized }

    /// How many of each type are still alive, e.g. `GtkFileFilter ×50`.
    var aliveTypes: String {
        Dictionary(grouping: seen.values, by: { $0 }).map { "\($0.key) ×\($0.value.count)" }.sorted().joined(separator: ", ")
    }

    /// Tracks `object` once (later calls for the same live object do nothing).
    func track(_ object: UnsafeMutableRawPointer?, label: String? = nil) {
        guard let object, seen[object] == nil else { return }
        let type = object.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
        seen[object] = String(cString: g_type_name(type)) + (label.map { " \($0)" } ?? "")
        tracked += 1
        g_object_weak_ref(
            object.assumingMemoryBound(to: GObject.self),
            { data, object in
                nonisolated(unsafe) let (data, object) = (data, object)
                MainActor.assumeIsolated {
                    // Each weak reference holds the census, so a late finalization never finds it gone.
                    let census = Unmanaged<ObjectCensus>.fromOpaque(data!).takeRetainedValue()
                    census.finalized += 1
                    census.seen[UnsafeMutableRawPointer(object!)] = nil
                }
            }, Unmanaged.passRetained(self).toOpaque())
    }

    /// Tracks a widget, every widget below it, and their event controllers.
    func trackTree(_ widget: UnsafeMutablePointer<GtkWidget>) {
        track(widget.raw)
        trackItems(of: gtk_widget_observe_controllers(widget)!)
        var child = gtk_widget_get_first_child(widget)
        while let widget = child {
            trackTree(widget)
            child = gtk_widget_get_next_sibling(widget)
        }
    }

    /// Tracks every action of an action map (a window's `win.*` actions).
    var round = 0
    func trackActions(of map: UnsafeMutableRawPointer) {
        guard let names = g_action_group_list_actions(OpaquePointer(map)) else { return }
        defer { g_strfreev(names) }
        var i = 0
        while let name = names[i] {
            track(g_action_map_lookup_action(OpaquePointer(map), name)?.raw, label: String(cString: name) + "@\(round)")
            i += 1
        }
    }

    /// Tracks a file chooser's filters.
    func trackFilters(of chooser: OpaquePointer) {
        trackItems(of: gtk_file_chooser_get_filters(chooser)!)
    }

    /// Tracks every item of a list model GTK handed over (transfer full), then lets the list go.
    private func trackItems(of list: OpaquePointer) {
        for i in 0..<g_list_model_get_n_items(list) {
            let item = g_list_model_get_item(list, i)
            track(item)
            g_object_unref(item)
        }
        g_object_unref(list.raw)
    }
}
