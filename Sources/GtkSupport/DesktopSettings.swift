// The desktop's settings GTK reads (GtkSettings), typed: what the editor asks of them.

import CGtk

@MainActor
public enum DesktopSettings {
    /// Whether the desktop allows animations (`gtk-enable-animations`, GNOME's reduce-motion switch);
    /// false when GTK has no settings (no display).
    public static var animationsEnabled: Bool {
        guard let settings = gtk_settings_get_default() else { return false }
        var value = GValue()
        g_value_init(&value, cgtk_boolean_type())
        defer { g_value_unset(&value) }
        g_object_get_property(cgtk_object(settings.raw), "gtk-enable-animations", &value)
        return g_value_get_boolean(&value) != 0
    }
}
