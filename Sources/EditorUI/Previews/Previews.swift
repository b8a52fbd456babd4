// The previews in a window: the panel shown or hidden (a setting, F9), drawn again for every commit while shown.

import CGtk
import CropKit
import GtkSupport

/// The previews panel beside the picture, following its setting in every window.
@MainActor
final class Previews {
    private unowned let host: any WindowHost
    /// The crop at three sizes.
    let panel: PreviewPanel

    init(host: any WindowHost, panel: PreviewPanel) {
        self.host = host
        self.panel = panel
    }

    /// Whether the previews panel is on screen.
    var isShown: Bool { panel.widget.isVisible }

    func setShown(_ shown: Bool) {
        panel.widget.isVisible = shown
        AppSettings.previewPanel = shown
        host.refresh(.previews)
    }

    /// Shows or hides the panel as the setting says, now and whenever it changes, for as long as the
    /// window lives (the setting is shared: F9 in one window shows every window's).
    func followSetting() {
        setShown(AppSettings.previewPanel)
        AppSettings.follow([AppSettings.previewPanelKey], while: host.window) { [weak self] in
            self?.setShown(AppSettings.previewPanel)
        }
    }

    /// Renders the previews for the committed crop (only while the panel shows). With a perspective
    /// correction they are drawn from the rectified picture once the canvas has it, upright and level.
    func refresh() {
        guard isShown else { return }
        let canvas = host.canvas
        if let rectification = canvas.editor.rectification {
            // Until the decoder has made it, the previews keep what they showed; its arrival refreshes them.
            guard let rectified = canvas.rectifiedImage else { return }
            let size = rectification.size
            return panel.update(
                image: rectified, crop: canvas.crop, transform: .up, shownSize: (size.width, size.height), shape: canvas.shape)
        }
        if let joined = canvas.joinedImage {
            // With cuts the crop is on the joined picture, which the crop area has made at display size.
            return panel.update(
                image: joined, crop: canvas.crop, transform: .up, shownSize: (joined.pixelWidth, joined.pixelHeight),
                shape: canvas.shape)
        }
        panel.update(
            image: canvas.image, crop: canvas.crop, transform: canvas.transform,
            shownSize: (canvas.shownSize.width, canvas.shownSize.height), shape: canvas.shape, angle: canvas.editor.angle)
    }
}
