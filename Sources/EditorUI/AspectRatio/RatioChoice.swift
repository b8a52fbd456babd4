// The aspect ratio in a window: the header's menu of presets, a custom W:H, portrait and landscape swapped, remembered.

import CGtk
import CropKit
import GtkSupport
import Wording

/// The ratio the crop keeps: chosen from the header's menu (presets as radio items, a custom one, the
/// swap), shown as the button's label, remembered for the next window.
@MainActor
final class RatioChoice {
    private unowned let host: any WindowHost
    /// An exact output size locks the ratio; choosing another ratio releases it.
    private let outputSizing: OutputSizing
    /// The menu button whose label is the ratio in force.
    private let button: UnsafeMutablePointer<GtkWidget>
    /// The custom-ratio dialog while it is open (tests answer it).
    private(set) var customDialog: UnsafeMutablePointer<GtkWidget>?

    /// The menu's choices: the action target (what `ratio(target:)` reads back) and the label.
    static let choices: [(target: String, label: String)] = [
        ("free", N_("Free")), ("original", N_("Original")), ("1:1", N_("Square")),
        ("5:4", "5:4"), ("4:3", "4:3"), ("3:2", "3:2"), ("16:10", "16:10"), ("16:9", "16:9"),
    ]

    init(host: any WindowHost, outputSizing: OutputSizing, button: UnsafeMutablePointer<GtkWidget>) {
        self.host = host
        self.outputSizing = outputSizing
        self.button = button
    }

    /// The ratio an action target names (`free`, `original`, `original swapped`, `W:H`).
    nonisolated static func ratio(target: String) -> AspectRatio? {
        switch target {
        case "free": return .free
        case "original": return .original
        case "original swapped": return AspectRatio.original.swapped
        default: return AspectRatio(parsing: target)
        }
    }

    /// A menu button whose label is the current ratio, over a radio list, the swap and the frame's options.
    static func makeButton() -> UnsafeMutablePointer<GtkWidget> {
        let menu = Menu.sectioned(
            [
                choices.map { .action(tr($0.label), WindowAction.aspectRatio.detailed($0.target)) },
                [
                    .action(tr("_Custom…"), WindowAction.customRatio.detailed),
                    .action(tr("Swap _Portrait and Landscape"), WindowAction.swapRatio.detailed),
                    .action(tr("F_ormats…"), WindowAction.formats.detailed),
                ],
            ] + FrameOptions.menuSections())
        let button = Widgets.menuButton()
        button.setMenuButtonLabel(tr("Free"))
        Menu.handOver(menu, to: button.setMenuModel)
        button.tooltip = tr("Aspect ratio and shape of the crop")
        button.setAccessibleLabel(tr("Aspect ratio"))
        return button
    }

    /// Applies a ratio: the canvas refits and locks, the action's state and the button's label follow.
    func choose(_ ratio: AspectRatio) {
        outputSizing.release(for: ratio)
        host.canvas.setAspectRatio(ratio)
        show(ratio)
    }

    /// Portrait and landscape exchanged: the ratio, and an exact size with it (1080 × 1350 ↔ 1350 × 1080).
    func swapPortraitAndLandscape() {
        if outputSizing.size.lockedRatio != nil {
            outputSizing.choose(outputSizing.size.swapped)
        } else {
            choose(host.canvas.aspectRatio.swapped)
        }
    }

    /// The ratio menu's state and the button's label show `ratio`, which is remembered for next time.
    func show(_ ratio: AspectRatio) {
        host.setActionState(.aspectRatio, .string(ratio.description))
        let size = host.outputSize
        if let exact = size.exactPixels, ratio == size.lockedRatio {
            // Locked by the output size: not remembered as the ratio of choice, and the button says so.
            button.setMenuButtonLabel(Localization.format(tr("%s, locked"), [OutputSizeWords.ratio(exact)]))
            return
        }
        AppSettings.aspectRatio = ratio.description
        let label =
            RatioChoice.choices.first { $0.target == ratio.description }.map { tr($0.label) }
            ?? (ratio == AspectRatio.original.swapped ? tr("Original, turned") : ratio.description)
        button.setMenuButtonLabel(label)
    }

    /// Asks for a custom W:H (e.g. 2.39:1) and applies it; text that is not a ratio changes nothing.
    func askCustom() {
        let canvas = host.canvas
        let dialog = TextQuestion.ask(
            over: host.window, heading: tr("Custom Aspect Ratio"),
            body: tr("Width and height of the crop, as W:H (for example 2.39:1)"),
            text: canvas.aspectRatio.isFree ? "" : canvas.aspectRatio.description, entryLabel: tr("Aspect ratio, W:H")
        ) { [weak self] text in
            guard let self else { return }
            guard let ratio = AspectRatio(parsing: text) else {
                self.host.showError(String(format: tr("“%@” is not a ratio: write it as W:H, e.g. 16:9"), text))
                return
            }
            self.choose(ratio)
        }
        // The dialog destroys itself once answered: forget it then, so nothing points at a freed widget.
        customDialog = dialog
        Signal.connect(dialog.raw, "destroy") { [weak self] in self?.customDialog = nil }
    }
}
