// The lossless-JPEG hint: whether the current crop saves without re-encoding, and snapping it onto the block grid.

import CGtk
import CropKit
import GtkSupport
import ImagingCore

extension EditorWindow {
    /// The lossless check for the committed crop, or nil when the picture is not a JPEG file.
    var losslessCheck: LosslessCheck? {
        guard let image = canvas.image, let info = image.info, let grid = image.losslessGrid else { return nil }
        return LosslessCheck(
            info: info, crop: canvas.crop.pixelRect(imageWidth: info.width, imageHeight: info.height), grid: grid)
    }

    /// Whether the crop saves losslessly as shown: the plain check, or with a turn/flip TurboJPEG's.
    var losslessEligible: Bool? {
        // A straightened crop has new pixels: it never saves losslessly.
        guard canvas.editor.angle.isZero else { return losslessCheck.map { _ in false } }
        guard canvas.transform != .up else { return losslessCheck?.isEligible }
        guard let image = canvas.image, let info = image.info, let grid = image.losslessGrid else { return nil }
        let crop = canvas.crop.pixelRect(imageWidth: canvas.straightenedSize.width, imageHeight: canvas.straightenedSize.height)
        return LosslessTurnCheck(info: info, crop: crop, transform: canvas.transform, grid: grid).isEligible
    }

    /// After each commit: "Lossless" when eligible, an offer to snap when not, nothing for other formats.
    func updateLosslessStatus() {
        guard let check = losslessCheck, let eligible = losslessEligible else {
            header.losslessButton.isVisible = false
            return
        }
        header.losslessButton.isVisible = true
        if !outputSize.isOriginal {
            // New pixels at a new size: nothing to snap, the button says why the JPEG is re-encoded.
            header.losslessButton.setButtonLabel(tr("Re-encoded"))
            header.losslessButton.tooltip = tr("A new output size saves re-encoded")
        } else if !canvas.editor.angle.isZero {
            // Nothing to snap: the button only says why this JPEG will be re-encoded.
            header.losslessButton.setButtonLabel(tr("Re-encoded"))
            header.losslessButton.tooltip = tr("The straightened crop saves re-encoded")
        } else if eligible {
            header.losslessButton.setButtonLabel(tr("Lossless"))
            gtk_widget_set_tooltip_text(
                header.losslessButton, tr("This crop saves without re-encoding: its edges lie on the JPEG's block grid"))
        } else {
            header.losslessButton.setButtonLabel(tr("Snap to Lossless Grid"))
            gtk_widget_set_tooltip_text(
                header.losslessButton,
                String(
                    format: tr(
                        "Move the crop's top and left edges outwards onto the JPEG's %d×%d block grid so it saves without re-encoding"
                    ),
                    check.mcuWidth, check.mcuHeight))
        }
    }

    /// Moves the crop onto the grid (outwards, so nothing chosen is lost) as one commit.
    func snapToLosslessGrid() {
        guard outputSize.isOriginal, let check = losslessCheck, !check.isEligible, let info = canvas.image?.info else { return }
        let snapped = check.snappedToGrid(info: info)
        canvas.commit(CropRect(pixelRect: snapped, imageWidth: info.width, imageHeight: info.height))
    }
}
