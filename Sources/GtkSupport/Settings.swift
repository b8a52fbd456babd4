// Typed GSettings: a schema looked up before it is opened, values read and written by key, a key's changes followed.

import CGtk
import Glibc

@MainActor
public enum Settings {
    /// The settings of `schemaID`, or nil when the schema is not installed: `g_settings_new` aborts the
    /// process for a missing schema (as when running from a bare build tree), so it is looked up first.
    public static func installed(_ schemaID: String) -> UnsafeMutablePointer<GSettings>? {
        guard let source = g_settings_schema_source_get_default(),
            let schema = g_settings_schema_source_lookup(source, schemaID, 1)
        else { return nil }
        g_settings_schema_unref(schema)
        return g_settings_new(schemaID)
    }
}

extension UnsafeMutablePointer where Pointee == GSettings {
    @MainActor public func int(_ key: String) -> Int { Int(g_settings_get_int(self, key)) }
    @MainActor public func setInt(_ key: String, _ value: Int) { g_settings_set_int(self, key, Int32(value)) }

    @MainActor public func bool(_ key: String) -> Bool { g_settings_get_boolean(self, key) != 0 }
    @MainActor public func setBool(_ key: String, _ value: Bool) { g_settings_set_boolean(self, key, value ? 1 : 0) }

    @MainActor public func string(_ key: String) -> String {
        guard let value = g_settings_get_string(self, key) else { return "" }
        defer { g_free(value) }
        return String(cString: value)
    }
    @MainActor public func setString(_ key: String, _ value: String) { g_settings_set_string(self, key, value) }

    /// A key holding a list of strings (`as`).
    @MainActor public func strings(_ key: String) -> [String] {
        guard let values = g_settings_get_strv(self, key) else { return [] }
        defer { g_strfreev(values) }
        var texts: [String] = []
        var index = 0
        while let value = values[index] {
            texts.append(String(cString: value))
            index += 1
        }
        return texts
    }

    @MainActor public func setStrings(_ key: String, _ values: [String]) {
        var pointers = values.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        pointers.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                _ = g_settings_set_strv(self, key, $0)
            }
        }
    }

    /// Runs `changed` whenever `key` changes (here or in another process) for as long as `owner` (a
    /// widget) lives: the settings object outlives every window, so its handler goes with the owner.
    @MainActor public func follow(
        _ key: String, while owner: UnsafeMutablePointer<GtkWidget>, _ changed: @escaping @MainActor () -> Void
    ) {
        let settings = self
        let id = Signal.connectPointer(settings.raw, "changed::\(key)") { _ in changed() }
        Signal.connect(owner.raw, "destroy") { g_signal_handler_disconnect(settings.raw, gulong(id)) }
    }
}
