// The lossless corner: whether a JPEG's crop saves without re-encoding, why not, and snapping it onto the block grid.

import CGtk
import CropKit
import GtkSupport
import ImagingCore

/// The button at the crop's size, for a JPEG: "Lossless" when the crop saves without re-encoding,
/// an offer to snap it onto the block grid when it could, or why it is re-encoded. It holds nothing
/// of its own: the answer comes from the crop and the picture's grid each time.
@MainActor
struct Lossless {
    unowned let host: any WindowHost
    let button: UnsafeMutablePointer<GtkWidget>

    /// The lossless check for the committed crop, or nil when the picture is not a JPEG file.
    var check: LosslessCheck? {
        let canvas = host.canvas
        guard let image = canvas.image, let info = image.info, let grid = image.losslessGrid else { return nil }
        return LosslessCheck(
            info: info, crop: canvas.crop.pixelRect(imageWidth: info.width, imageHeight: info.height), grid: grid)
    }

    /// Whether the crop saves losslessly as shown: the plain check, or with a turn/flip TurboJPEG's.
    var isEligible: Bool? {
        let canvas = host.canvas
        // A straightened, perspective-corrected or joined crop has new pixels: it never saves losslessly.
        guard canvas.editor.angle.isZero, canvas.editor.perspective == nil, canvas.editor.cuts.isEmpty else {
            return check.map { _ in false }
        }
        guard canvas.transform != .up else { return check?.isEligible }
        guard let image = canvas.image, let info = image.info, let grid = image.losslessGrid else { return nil }
        let crop = canvas.crop.pixelRect(imageWidth: canvas.straightenedSize.width, imageHeight: canvas.straightenedSize.height)
        return LosslessTurnCheck(info: info, crop: crop, transform: canvas.transform, grid: grid).isEligible
    }

    /// Whether the crop can be snapped: snapping knows the unturned grid only, so it is offered for an
    /// unturned, unstraightened, uncorrected picture off the grid.
    var canSnap: Bool {
        let editor = host.canvas.editor
        return isEligible == false && host.canvas.transform == .up && editor.angle.isZero && editor.perspective == nil
            && editor.cuts.isEmpty
    }

    /// After each commit: "Lossless" when eligible, an offer to snap when not, nothing for other formats.
    func showStatus() {
        guard let check, let eligible = isEligible else {
            button.isVisible = false
            return
        }
        button.isVisible = true
        if !host.outputSize.isOriginal {
            // New pixels at a new size: nothing to snap, the button says why the JPEG is re-encoded.
            show(tr("Re-encoded"), tooltip: tr("A new output size saves re-encoded"))
        } else if !host.canvas.editor.angle.isZero {
            // Nothing to snap: the button only says why this JPEG will be re-encoded.
            show(tr("Re-encoded"), tooltip: tr("The straightened crop saves re-encoded"))
        } else if host.canvas.editor.perspective != nil {
            // The rectified page is new pixels: no cut of the JPEG's blocks makes it.
            show(tr("Re-encoded"), tooltip: tr("A crop with a corrected perspective saves re-encoded"))
        } else if !host.canvas.editor.cuts.isEmpty {
            // The joined picture is new pixels too.
            show(tr("Re-encoded"), tooltip: tr("A picture with bands cut out saves re-encoded"))
        } else if eligible {
            show(tr("Lossless"), tooltip: tr("This crop saves without re-encoding: its edges lie on the JPEG's block grid"))
        } else {
            let tooltip = String(
                format: tr(
                    "Move the crop's top and left edges outwards onto the JPEG's %d×%d block grid so it saves without re-encoding"
                ),
                check.mcuWidth, check.mcuHeight)
            show(tr("Snap to Lossless Grid"), tooltip: tooltip)
        }
    }

    private func show(_ label: String, tooltip: String) {
        button.setButtonLabel(label)
        button.tooltip = tooltip
    }

    /// Moves the crop onto the grid (outwards, so nothing chosen is lost) as one commit.
    func snap() {
        guard host.outputSize.isOriginal, let check, !check.isEligible, let info = host.canvas.image?.info else { return }
        let snapped = check.snappedToGrid(info: info)
        host.canvas.commit(CropRect(pixelRect: snapped, imageWidth: info.width, imageHeight: info.height))
    }
}
