// Accessible names for controls whose content GTK 4.8 would otherwise have screen readers read out by class name.

import CGtk

public enum AccessibleName {
    /// Names an icon-only button (a GtkButton, GtkToggleButton, … whose child is an icon). GTK 4.8 marks a
    /// button as labelled by its child, and an unnamed icon's name falls back to its class, so Orca 43 read
    /// "GtkImage Undo push button": the button drops that relation and keeps only its own name.
    /// Call it after the icon is set (setting an icon again makes a new child and a new relation).
    public static func setIconButton(_ button: UnsafeMutablePointer<GtkWidget>, _ name: String) {
        cgtk_accessible_set_label(button, name)
        gtk_accessible_reset_relation(cgtk_accessible(button.raw), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
    }
}
