// Typed Swift for GtkBuilder: a widget tree from a compiled-in resource, its objects by id, the libadwaita types it names.

import CGtk

@MainActor
public enum Builder {
    /// A builder holding every object of the tree in `bytes` (a .ui file's UTF-8). It owns the objects
    /// while it lives: parent them, or take a reference, before it goes.
    public static func fromBytes(_ bytes: [UInt8]) -> GObjectRef {
        registerAdwaitaTypes()
        let builder = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { gtk_builder_new_from_string($0.baseAddress, $0.count)! }
        }
        return GObjectRef(adopting: UnsafeMutableRawPointer(builder))
    }

    /// The object with builder id `id`, or nil.
    public static func object(_ builder: GObjectRef, _ id: String) -> UnsafeMutableRawPointer? {
        gtk_builder_get_object(OpaquePointer(builder.raw), id).map { UnsafeMutableRawPointer($0) }
    }

    /// The libadwaita types a tree may name, registered (GtkBuilder creates a type by name only once
    /// it is registered).
    private static func registerAdwaitaTypes() { _ = adwaitaTypes }
    private static let adwaitaTypes: Void = {
        _ = adw_header_bar_get_type()
        _ = adw_split_button_get_type()
    }()
}
