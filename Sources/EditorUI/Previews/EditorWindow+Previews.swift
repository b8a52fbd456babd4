// Showing the previews panel (the show-previews setting, F9), refreshed on every commit while shown.

import CGtk
import CropKit
import GtkSupport

extension EditorWindow {
    /// Whether the previews panel is on screen.
    var previewsShown: Bool { previews.widget.isVisible }

    func setPreviewsShown(_ shown: Bool) {
        previews.widget.isVisible = shown
        AppSettings.previewPanel = shown
        refresh(.previews)
    }

    /// Renders the previews for the committed crop (only while the panel shows).
    func refreshPreviews() {
        guard previewsShown else { return }
        previews.update(
            image: canvas.image, crop: canvas.crop, transform: canvas.transform,
            shownSize: (canvas.shownSize.width, canvas.shownSize.height),
            shape: canvas.shape, angle: canvas.editor.angle)
    }
}
