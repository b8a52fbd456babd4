// D-Bus values as a Swift enum, made into GVariants for a call and read back from a reply or a signal.

import CGtk

/// The D-Bus values the desktop's services take and give: strings, object paths, lists of strings,
/// booleans, numbers, file descriptors (by their index in the call's list), variants, `a{sv}` option
/// dictionaries and tuples. `.unknown` reads back any other type.
public indirect enum BusValue: Equatable, Sendable {
    case string(String)
    case objectPath(String)
    case strings([String])
    case bool(Bool)
    case uint(UInt32)
    case int(Int32)
    /// A file descriptor: its index in the list of descriptors sent with the call.
    case handle(Int32)
    case variant(BusValue)
    /// `a{sv}`, the options and results dictionaries of the portals; kept in key order.
    case options([String: BusValue])
    case tuple([BusValue])
    /// A value of another type, as GLib prints it.
    case unknown(String)

    /// A new floating GVariant (a call takes it).
    public var variant: OpaquePointer {
        switch self {
        case .string(let text): return g_variant_new_string(text)
        case .objectPath(let path): return g_variant_new_object_path(path)
        case .strings(let texts):
            return BusValue.array("s", texts.map { g_variant_new_string($0) })
        case .bool(let value): return g_variant_new_boolean(value ? 1 : 0)
        case .uint(let value): return g_variant_new_uint32(value)
        case .int(let value): return g_variant_new_int32(value)
        case .handle(let index): return g_variant_new_handle(index)
        case .variant(let inner): return g_variant_new_variant(inner.variant)
        case .options(let options):
            let entries = options.keys.sorted().map { key in
                g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(options[key]!.variant))!
            }
            return BusValue.array("{sv}", entries)
        case .tuple(let values):
            var children: [OpaquePointer?] = values.map(\.variant)
            return g_variant_new_tuple(&children, gsize(children.count))
        case .unknown(let text):
            // Only what was read back can be unknown: sent again, it is its printed form.
            return g_variant_new_string(text)
        }
    }

    /// An array of `children`, each of type `element` (an array may be empty, so the type is given).
    private static func array(_ element: String, _ children: [OpaquePointer?]) -> OpaquePointer {
        let type = g_variant_type_new(element)
        defer { g_variant_type_free(type) }
        var children = children
        return g_variant_new_array(type, &children, gsize(children.count))
    }

    /// The value of a GVariant (borrowed: the caller keeps its reference).
    public init(_ value: OpaquePointer) {
        let type = String(cString: g_variant_get_type_string(value))
        switch type {
        case "s": self = .string(String(cString: g_variant_get_string(value, nil)))
        case "o": self = .objectPath(String(cString: g_variant_get_string(value, nil)))
        case "b": self = .bool(g_variant_get_boolean(value) != 0)
        case "u": self = .uint(g_variant_get_uint32(value))
        case "i": self = .int(g_variant_get_int32(value))
        case "h": self = .handle(g_variant_get_handle(value))
        case "v":
            let inner = g_variant_get_variant(value)!
            defer { g_variant_unref(inner) }
            self = .variant(BusValue(inner))
        case "as": self = .strings(BusValue.children(of: value).compactMap { if case .string(let s) = $0 { s } else { nil } })
        case "a{sv}":
            var options: [String: BusValue] = [:]
            for entry in BusValue.children(of: value) {
                if case .tuple(let pair) = entry, pair.count == 2, case .string(let key) = pair[0], case .variant(let v) = pair[1]
                {
                    options[key] = v
                }
            }
            self = .options(options)
        default:
            if type.hasPrefix("(") || type.hasPrefix("{") {
                self = .tuple(BusValue.children(of: value))
            } else {
                let printed = g_variant_print(value, 1)!
                defer { g_free(printed) }
                self = .unknown(String(cString: printed))
            }
        }
    }

    /// The children of a container GVariant (an array, a tuple, a dictionary entry).
    private static func children(of value: OpaquePointer) -> [BusValue] {
        (0..<g_variant_n_children(value)).map { index in
            let child = g_variant_get_child_value(value, index)!
            defer { g_variant_unref(child) }
            return BusValue(child)
        }
    }

    /// The `index`th member of a tuple, or nil.
    public subscript(index: Int) -> BusValue? {
        guard case .tuple(let values) = self, values.indices.contains(index) else { return nil }
        return values[index]
    }
}
