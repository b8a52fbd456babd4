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
    /// Whether a look for the canvas's rectified picture is due (its render is on its way).
    private var lookingForRectified = false
    /// How often, and how long apart, the previews look for the rectified picture before giving up
    /// (the canvas draws it as it comes and does not tell the window).
    private static let rectifiedLooks = 100, rectifiedLookMilliseconds: UInt32 = 100

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
            guard let rectified = canvas.rectifiedImage else { return lookForRectified(Previews.rectifiedLooks) }
            let size = rectification.size
            return panel.update(
                image: rectified, crop: canvas.crop, transform: .up, shownSize: (size.width, size.height), shape: canvas.shape)
        }
        panel.update(
            image: canvas.image, crop: canvas.crop, transform: canvas.transform,
            shownSize: (canvas.shownSize.width, canvas.shownSize.height), shape: canvas.shape, angle: canvas.editor.angle)
    }

    /// Draws the previews again once the canvas has its rectified picture, looking `times` more times.
    private func lookForRectified(_ times: Int) {
        guard !lookingForRectified, times > 0 else { return }
        lookingForRectified = true
        Timer.once(milliseconds: Previews.rectifiedLookMilliseconds) { [weak self] in
            guard let self, !self.host.isClosed else { return }
            self.lookingForRectified = false
            guard self.host.canvas.editor.rectification != nil else { return }
            if self.host.canvas.rectifiedImage != nil { self.refresh() } else { self.lookForRectified(times - 1) }
        }
    }
}
