// Choosing the output size in the window: the ratio it locks, the custom-size dialog, the screen's size, what the crop becomes.

import CGtk
import Canvas
import CropKit
import GtkSupport
import Wording

extension EditorWindow {
    /// The size the window's saves use.
    var outputSize: OutputSize { header.outputSize.size }

    /// What the committed crop becomes at the output size (CropKit's numbers for the facts).
    var outputPlan: OutputPlan {
        let size = canvas.straightenedSize
        let rect = canvas.crop.pixelRect(imageWidth: size.width, imageHeight: size.height)
        return OutputPlan(size: outputSize, cropWidth: rect.width, cropHeight: rect.height)
    }

    /// Makes `size` the output size: an exact one (pixels, a print) locks the crop to its ratio.
    func chooseOutputSize(_ size: OutputSize, typed: Bool = false) {
        header.outputSize.choose(size, typed: typed)
        setActionState(.outputSize, g_variant_new_string(OutputSizeController.target(size)))
        if let ratio = size.lockedRatio {
            canvas.setAspectRatio(ratio)
            showAspectRatio(ratio)
        } else {
            showAspectRatio(canvas.aspectRatio)
        }
        refresh(.crop)
    }

    /// A ratio chosen from the ratio menu: an exact output size of another ratio no longer holds.
    func releaseOutputSize(for ratio: AspectRatio) {
        guard let locked = outputSize.lockedRatio, ratio != locked else { return }
        header.outputSize.choose(.original)
        setActionState(.outputSize, g_variant_new_string(OutputSizeController.originalTarget))
    }

    /// Portrait and landscape exchanged: the ratio, and an exact size with it (1080 × 1350 ↔ 1350 × 1080).
    func swapPortraitAndLandscape() {
        if outputSize.lockedRatio != nil {
            chooseOutputSize(outputSize.swapped)
        } else {
            chooseAspectRatio(canvas.aspectRatio.swapped)
        }
    }

    /// Asks for a size as typed (`1080 × 1350`, `2048`, `15 × 10 cm`, `6x4in @ 240`) and makes it the
    /// output size, remembered for the menu; text that is not a size changes nothing.
    func askCustomOutputSize() {
        let dialog = TextQuestion.ask(
            over: window, heading: tr("Custom Output Size"),
            body: tr(
                "W × H in pixels (1080 × 1350), the longer side (2048), or a print in cm or in (15 × 10 cm, at 300 ppi or @ PPI)"),
            text: outputSize.storedText ?? "", entryLabel: tr("Output size")
        ) { [weak self] text in
            guard let self else { return }
            guard let size = OutputSize(typing: text) else {
                self.showError(
                    Localization.format(
                        tr("“%s” is not a size: write W × H, a longer side, or a print such as 15 × 10 cm"), [text]))
                return
            }
            self.chooseOutputSize(size, typed: true)
        }
        header.outputSize.customDialog = dialog
        Signal.connect(dialog.raw, "destroy") { [weak self] in self?.header.outputSize.customDialog = nil }
    }

    /// The monitor the window is on, in device pixels (its logical size times its scale), or nil
    /// before the window is shown.
    func screenSize() -> PixelSize? {
        guard let surface = gtk_native_get_surface(OpaquePointer(window)), let display = gtk_widget_get_display(window),
            let monitor = gdk_display_get_monitor_at_surface(display, surface)
        else { return nil }
        var area = GdkRectangle()
        gdk_monitor_get_geometry(monitor, &area)
        let scale = max(gdk_monitor_get_scale_factor(monitor), 1)
        return PixelSize(width: Int(area.width * scale), height: Int(area.height * scale))
    }

    /// The output facts under the crop's size ("→ 1080 × 1350 px", and the enlargement), and the
    /// crop area's description of them; nothing at the crop's own size.
    func showOutputFacts() -> String? {
        let plan = outputPlan
        canvas.accessibleDetail = OutputSizeWords.spoken(plan)
        guard !plan.size.isOriginal else { return nil }
        return [OutputSizeWords.result(plan), OutputSizeWords.enlargement(plan)].compactMap { $0 }.joined(separator: "\n")
    }
}
