// Showing the previews panel: a toggle in the header bar (F9), remembered, refreshed on every commit while shown.

import CGtk
import CropKit
import GtkSupport

extension EditorWindow {
    /// The header toggle and the stateful win.show-previews action it drives.
    func makePreviewToggle() -> UnsafeMutablePointer<GtkWidget> {
        let shown = AppSettings.previewPanel
        let action = g_simple_action_new_stateful("show-previews", nil, g_variant_new_boolean(shown ? 1 : 0))!
        Signal.connectPointer(action.raw, "change-state") { [weak self] value in
            guard let self, let value else { return }
            g_simple_action_set_state(action, OpaquePointer(value))
            self.setPreviewsShown(g_variant_get_boolean(OpaquePointer(value)) != 0)
        }
        g_action_map_add_action(cgtk_action_map(window.raw), action)
        g_object_unref(action.raw)
        let toggle = gtk_toggle_button_new()!
        gtk_button_set_icon_name(cgtk_button(toggle.raw), "sidebar-show-right-symbolic")
        gtk_actionable_set_action_name(OpaquePointer(toggle), "win.show-previews")
        gtk_widget_set_tooltip_text(toggle, tr("Show previews of the crop (F9)"))
        AccessibleName.setIconButton(toggle, tr("Previews"))
        gtk_widget_set_visible(previews.widget, shown ? 1 : 0)
        return toggle
    }

    /// Whether the previews panel is on screen.
    var previewsShown: Bool { gtk_widget_get_visible(previews.widget) != 0 }

    func setPreviewsShown(_ shown: Bool) {
        gtk_widget_set_visible(previews.widget, shown ? 1 : 0)
        AppSettings.previewPanel = shown
        refreshPreviews()
    }

    /// Renders the previews for the committed crop (only while the panel shows).
    func refreshPreviews() {
        guard previewsShown else { return }
        previews.update(image: canvas.image, crop: canvas.crop, transform: canvas.transform, shownSize: (canvas.shownSize.width, canvas.shownSize.height),
                        shape: canvas.shape)
    }
}
