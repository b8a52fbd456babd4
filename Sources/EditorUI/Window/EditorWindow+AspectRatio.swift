// The aspect-ratio menu in the header bar: presets as radio items, a portrait/landscape swap.

import CGtk
import CropKit
import GtkSupport
import Wording

extension EditorWindow {
    /// The menu's choices: the action target (what `AspectRatio` reads back) and the label.
    static let ratioChoices: [(target: String, label: String)] = [
        ("free", N_("Free")), ("original", N_("Original")), ("1:1", N_("Square")),
        ("5:4", "5:4"), ("4:3", "4:3"), ("3:2", "3:2"), ("16:10", "16:10"), ("16:9", "16:9"),
    ]

    /// The ratio an action target names (`free`, `original`, `original swapped`, `W:H`).
    nonisolated static func aspectRatio(target: String) -> AspectRatio? {
        switch target {
        case "free": return .free
        case "original": return .original
        case "original swapped": return AspectRatio.original.swapped
        default: return AspectRatio(parsing: target)
        }
    }

    /// A menu button whose label is the current ratio, over a radio list and the swap.
    static func makeAspectRatioButton() -> UnsafeMutablePointer<GtkWidget> {
        let menu = Menu.sectioned(
            [
                EditorWindow.ratioChoices.map { .action(tr($0.label), WindowAction.aspectRatio.detailed($0.target)) },
                [
                    .action(tr("_Custom…"), WindowAction.customRatio.detailed),
                    .action(tr("Swap _Portrait and Landscape"), WindowAction.swapRatio.detailed),
                ],
            ] + EditorWindow.frameMenuSections())

        let button = gtk_menu_button_new()!
        button.setMenuButtonLabel(tr("Free"))
        button.setMenuModel(menu)
        g_object_unref(menu.raw)
        button.tooltip = tr("Aspect ratio and shape of the crop")
        button.setAccessibleLabel(tr("Aspect ratio"))
        return button
    }

    /// Asks for a custom W:H (e.g. 2.39:1) and applies it; text that is not a ratio changes nothing.
    func askCustomRatio() {
        let dialog = TextQuestion.ask(
            over: window, heading: tr("Custom Aspect Ratio"),
            body: tr("Width and height of the crop, as W:H (for example 2.39:1)"),
            text: canvas.aspectRatio.isFree ? "" : canvas.aspectRatio.description, entryLabel: tr("Aspect ratio, W:H")
        ) { [weak self] text in
            guard let self else { return }
            guard let ratio = AspectRatio(parsing: text) else {
                self.showError(String(format: tr("“%@” is not a ratio: write it as W:H, e.g. 16:9"), text))
                return
            }
            self.chooseAspectRatio(ratio)
        }
        // The dialog destroys itself once answered: forget it then, so nothing points at a freed widget.
        customRatioDialog = dialog
        Signal.connect(dialog.raw, "destroy") { [weak self] in self?.customRatioDialog = nil }
    }

    /// Applies a ratio: the canvas refits and locks, the action's state and the button's label follow.
    func chooseAspectRatio(_ ratio: AspectRatio) {
        releaseOutputSize(for: ratio)
        canvas.setAspectRatio(ratio)
        showAspectRatio(ratio)
    }

    /// The ratio menu's state and the button's label show `ratio`, which is remembered for next time.
    func showAspectRatio(_ ratio: AspectRatio) {
        setActionState(.aspectRatio, g_variant_new_string(ratio.description))
        if let exact = outputSize.exactPixels, ratio == outputSize.lockedRatio {
            // Locked by the output size: not remembered as the ratio of choice, and the button says so.
            header.aspectRatioButton.setMenuButtonLabel(
                Localization.format(tr("%s, locked"), [OutputSizeWords.ratio(exact)]))
            return
        }
        AppSettings.aspectRatio = ratio.description
        let label =
            EditorWindow.ratioChoices.first { $0.target == ratio.description }.map { tr($0.label) }
            ?? (ratio == AspectRatio.original.swapped ? tr("Original, turned") : ratio.description)
        header.aspectRatioButton.setMenuButtonLabel(label)
    }
}
