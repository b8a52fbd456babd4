// The Output Size menu button: its label the size in force, its menu (presets, this screen, typed sizes) made as it opens.

import CGtk
import CropKit
import GtkSupport
import Wording

/// The menu button in the pixel popover. Its menu is made each time it opens, so This Screen is the
/// monitor the window is on then and the sizes typed before are the latest.
@MainActor
final class OutputSizeMenu {
    let button: UnsafeMutablePointer<GtkWidget>
    /// The size of the monitor the window is on, in device pixels, asked each time the menu opens.
    var screen: () -> PixelSize? = { nil }

    init() {
        button = Widgets.menuButton()
        button.tooltip = tr("The size the crop is saved at")
        button.setAccessibleLabel(tr("Output size"))
        button.setMenuButtonLabel(OutputSizeWords.label(.original))
        button.whenMenuOpens { [weak self] in self?.rebuild() }
        rebuild()
    }

    /// The button's label: the size in force.
    func show(_ size: OutputSize) { button.setMenuButtonLabel(OutputSizeWords.label(size)) }

    /// The menu: Original, the presets (social media and screens, then prints), the sizes typed
    /// before, and Custom….
    private func rebuild() {
        let screen = self.screen()
        func item(_ label: String, _ size: OutputSize) -> MenuItem {
            .action(label, WindowAction.outputSize.detailed(OutputSizing.target(size)))
        }
        let presets = OutputSizePreset.allCases.compactMap { preset -> (OutputSizePreset, OutputSize)? in
            preset.size(screen: screen).map { (preset, $0) }
        }
        func named(_ preset: OutputSizePreset, _ size: OutputSize) -> MenuItem {
            item(Localization.format(tr("%1$s (%2$s)"), [OutputSizeWords.name(preset), OutputSizeWords.label(size)]), size)
        }
        let remembered = AppSettings.customOutputSizes.compactMap(OutputSize.init(storedText:)).map {
            item(OutputSizeWords.label($0), $0)
        }
        let menu = Menu.sectioned(
            [
                [item(OutputSizeWords.label(.original), .original)],
                presets.filter { !$0.0.isPrint }.map(named),
                presets.filter { $0.0.isPrint }.map(named),
                remembered,
                [.action(tr("C_ustom Size…"), WindowAction.customOutputSize.detailed)],
            ].filter { !$0.isEmpty })
        Menu.handOver(menu, to: button.setMenuModel)
    }
}
