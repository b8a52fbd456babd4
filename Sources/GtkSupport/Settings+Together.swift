// GSettings keys changed together (one change for whoever follows them), and a key's own value as the user set it.

import CGtk

extension UnsafeMutablePointer where Pointee == GSettings {
    /// The string the user set for `key`, or nil when the key has its default (`g_settings_get_user_value`).
    @MainActor public func userString(_ key: String) -> String? {
        guard let value = g_settings_get_user_value(self, key) else { return nil }
        defer { g_variant_unref(value) }
        guard String(cString: g_variant_get_type_string(value)) == "s" else { return nil }
        return String(cString: g_variant_get_string(value, nil))
    }

    /// Sets each key to its string, or back to its default for nil, as one change (delayed, then
    /// applied), written out before it returns.
    @MainActor public func setTogether(_ values: [(key: String, string: String?)]) {
        g_settings_delay(self)
        for (key, string) in values {
            if let string { g_settings_set_string(self, key, string) } else { g_settings_reset(self, key) }
        }
        g_settings_apply(self)
        g_settings_sync()
    }
}
