// Showing the previews panel: a toggle in the header bar (F9), remembered, refreshed on every commit while shown.

import CGtk
import CropKit
import GtkSupport

extension EditorWindow {
    /// The header toggle of the `show-previews` action (the show-previews setting).
    func makePreviewToggle() -> UnsafeMutablePointer<GtkWidget> {
        let toggle = gtk_toggle_button_new()!
        gtk_button_set_icon_name(cgtk_button(toggle.raw), "sidebar-show-right-symbolic")
        gtk_actionable_set_action_name(OpaquePointer(toggle), "win.show-previews")
        gtk_widget_set_tooltip_text(toggle, tr("Show previews of the crop (F9)"))
        AccessibleName.setIconButton(toggle, tr("Previews"))
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
