// The output size in a window: the size the crop is saved at, the ratio it locks, the custom size, what the crop becomes.

import CGtk
import Canvas
import CropKit
import GtkSupport
import Wording

/// The output size in force for the window's saves. CropKit says what a size means for a crop
/// (`OutputPlan`); ImagingCore's `OutputSize.checked` what a format allows.
@MainActor
final class OutputSizing {
    private unowned let host: any WindowHost
    /// The menu button in the pixel popover, whose label is the size in force.
    let menu: OutputSizeMenu
    /// The size Save, Save As, Ctrl+Return, Keep Crop and Apply to All use.
    private(set) var size: OutputSize = .original
    /// The custom-size dialog while it is open (tests answer it).
    private(set) var customDialog: UnsafeMutablePointer<GtkWidget>?

    /// How many typed sizes the menu keeps offering.
    static let rememberedCount = 5
    /// The action target for the crop's own size (every other size's is its `storedText`).
    nonisolated static let originalTarget = "original"

    init(host: any WindowHost, menu: OutputSizeMenu) {
        self.host = host
        self.menu = menu
        menu.screen = { [weak self] in self?.screenSize() }
    }

    /// The size an action target names, or nil.
    nonisolated static func size(target: String) -> OutputSize? {
        target == originalTarget ? .original : OutputSize(storedText: target)
    }

    /// The action target of a size.
    nonisolated static func target(_ size: OutputSize) -> String { size.storedText ?? originalTarget }

    /// What the committed crop becomes at the output size (CropKit's numbers for the facts).
    var plan: OutputPlan {
        let straightened = host.canvas.straightenedSize
        let rect = host.canvas.crop.pixelRect(imageWidth: straightened.width, imageHeight: straightened.height)
        return OutputPlan(size: size, cropWidth: rect.width, cropHeight: rect.height)
    }

    /// Makes `size` the output size: an exact one (pixels, a print) locks the crop to its ratio; a
    /// typed one is remembered for the menu.
    func choose(_ size: OutputSize, typed: Bool = false) {
        self.size = size
        menu.show(size)
        if typed, size != .original {
            let text = OutputSizing.target(size)
            AppSettings.customOutputSizes = Array(
                ([text] + AppSettings.customOutputSizes.filter { $0 != text }).prefix(OutputSizing.rememberedCount))
        }
        host.setActionState(.outputSize, .string(OutputSizing.target(size)))
        if let ratio = size.lockedRatio { host.canvas.setAspectRatio(ratio) }
        host.refresh([.crop, .frame])
    }

    /// A ratio chosen from the ratio menu: an exact output size of another ratio no longer holds.
    func release(for ratio: AspectRatio) {
        guard let locked = size.lockedRatio, ratio != locked else { return }
        size = .original
        menu.show(size)
        host.setActionState(.outputSize, .string(OutputSizing.originalTarget))
    }

    /// Asks for a size as typed (`1080 × 1350`, `2048`, `15 × 10 cm`, `6x4in @ 240`) and makes it the
    /// output size, remembered for the menu; text that is not a size changes nothing.
    func askCustom() {
        let dialog = TextQuestion.ask(
            over: host.window, heading: tr("Custom Output Size"),
            body: tr(
                "W × H in pixels (1080 × 1350), the longer side (2048), or a print in cm or in (15 × 10 cm, at 300 ppi or @ PPI)"),
            text: size.storedText ?? "", entryLabel: tr("Output size")
        ) { [weak self] text in
            guard let self else { return }
            guard let size = OutputSize(typing: text) else {
                self.host.showError(
                    Localization.format(
                        tr("“%s” is not a size: write W × H, a longer side, or a print such as 15 × 10 cm"), [text]))
                return
            }
            self.choose(size, typed: true)
        }
        customDialog = dialog
        Signal.connect(dialog.raw, "destroy") { [weak self] in self?.customDialog = nil }
    }

    /// The monitor the window is on, in device pixels, or nil before the window is shown.
    func screenSize() -> PixelSize? {
        host.window.monitorSize.map { PixelSize(width: $0.width, height: $0.height) }
    }

    /// The output facts under the crop's size ("→ 1080 × 1350 px", and the enlargement), and the
    /// crop area's description of them; nothing at the crop's own size.
    func facts() -> String? {
        let plan = self.plan
        host.canvas.accessibleDetail = OutputSizeWords.spoken(plan)
        guard !plan.size.isOriginal else { return nil }
        return [OutputSizeWords.result(plan), OutputSizeWords.enlargement(plan)].compactMap { $0 }.joined(separator: "\n")
    }
}
