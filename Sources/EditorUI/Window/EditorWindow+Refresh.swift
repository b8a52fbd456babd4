// The one place a change reaches every part of the window that shows it.

import CGtk
import Canvas
import CropKit
import GtkSupport

extension EditorWindow {
    /// Brings every part that shows `change` up to date: the size over the picture, the pixel
    /// entries, the lossless status, the previews, the zoom, the title and what is enabled.
    func refresh(_ change: WindowChange) {
        if change.contains(.crop) {
            showCropSize()
            updatePixelEntries()
        }
        if !change.isDisjoint(with: [.crop, .angle]) { updateLosslessStatus() }
        if !change.isDisjoint(with: [.crop, .previews]) { refreshPreviews() }
        // A new picture starts at the fit, and in the fixed frame the zoom follows the crop.
        if !change.isDisjoint(with: [.crop, .zoom]) { updateZoomIndicator() }
        if !change.isDisjoint(with: [.crop, .session]) { updateSessionTitle() }
        if !change.isDisjoint(with: [.crop, .history, .angle, .work, .session]) { updateActions() }
    }

    /// What the canvas reported, as the changes and requests of the window it is.
    func canvasReported(_ event: CanvasEvent) {
        switch event {
        case .edited(let changes):
            var change: WindowChange = []
            if changes.contains(.committed) { change.insert(.crop) }
            if changes.contains(.history) { change.insert(.history) }
            refresh(change)
        case .angleChanged: angleChanged()
        case .zoomChanged: refresh(.zoom)
        case .suggestAsked: suggest()
        case .trimAsked: finders.trim.trim(self)
        case .nothingToLevel: showToast(tr("Nothing to level by: the picture has no clear level or plumb lines"))
        }
    }

    /// The crop's size over the picture; the demo has no file to export, so only files show whole
    /// pixels under the percentages.
    private func showCropSize() {
        let crop = canvas.crop
        let pixels = canvas.image?.info.map { _ in
            let size = crop.pixelRect(imageWidth: canvas.straightenedSize.width, imageHeight: canvas.straightenedSize.height)
            return "\n" + CropText.pixelSizeLabel(width: size.width, height: size.height)
        }
        let output = canvas.image?.info != nil ? showOutputFacts().map { "\n" + $0 } : nil
        status.showSize(CropText.sizeLabel(crop) + (pixels ?? "") + (output ?? ""))
    }
}
